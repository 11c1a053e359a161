// An email's plain-text part, made from its HTML part (react-email's html-to-text settings: images and the header
// left out, links written after their words), with two rules of ours: headings keep their case, and a table of
// figures (marked with FIGURES_ATTRIBUTE) reads "Label: value", a line each. Every email the shop sends gets its
// text this way: the template's (features/emails/render-email.ts) and Payload's own password reset (the email
// adapter), so the two parts never say different things.
import { toPlainText } from '@react-email/render'

/** Marks a table of figures in an email's HTML, which the text part writes as "Label: value" lines. */
export const FIGURES_ATTRIBUTE = 'data-figures'

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

export function emailText(html: string): string {
  return `${toPlainText(html, textOptions as Parameters<typeof toPlainText>[1])
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`
}
