// An email's two parts from one source: the layout rendered to HTML by react-email, and the plain-text part
// converted from that same HTML with react-email's html-to-text settings (the header and images left out, links
// written after their words), plus one rule of ours: a table of figures reads "Label: value", a line each.
import { render, toPlainText } from '@react-email/render'
import { createElement } from 'react'
import type { EmailBrand } from '../../domain/emails/email-brand'
import { FIGURES_ATTRIBUTE, type EmailContent } from '../../domain/emails/email-content'
import { EmailLayout } from './email-layout'

export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** The parts of html-to-text's document tree and block builder a formatter uses. */
interface Node {
  readonly type: string
  readonly name?: string
  readonly children?: readonly Node[]
}
interface Builder {
  openBlock(options: { leadingLineBreaks: number }): void
  closeBlock(options: { trailingLineBreaks: number }): void
  addInline(text: string): void
  addLineBreak(): void
}
type Walk = (nodes: readonly Node[] | undefined, builder: Builder) => void

const tags = (node: Node, name: string): Node[] => (node.children ?? []).flatMap((c) => (c.type === 'tag' && c.name === name ? [c] : c.type === 'tag' ? tags(c, name) : []))

/** Each row of a figures table as "label: value" on its own line. */
function figures(elem: Node, walk: Walk, builder: Builder): void {
  builder.openBlock({ leadingLineBreaks: 2 })
  for (const [i, row] of tags(elem, 'tr').entries()) {
    const [label, value] = [...tags(row, 'th'), ...tags(row, 'td')]
    if (i > 0) builder.addLineBreak()
    walk(label?.children, builder)
    if (value) {
      builder.addInline(': ')
      walk(value.children, builder)
    }
  }
  builder.closeBlock({ trailingLineBreaks: 2 })
}

const textOptions = {
  formatters: { figures },
  selectors: [{ selector: `table[${FIGURES_ATTRIBUTE}]`, format: 'figures' }, ...['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } }))],
}

export async function renderEmail(content: EmailContent, brand: EmailBrand): Promise<RenderedEmail> {
  const html = await render(createElement(EmailLayout, { content, brand }))
  const text = `${toPlainText(html, textOptions as Parameters<typeof toPlainText>[1])
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`
  return { subject: content.subject, html, text }
}
