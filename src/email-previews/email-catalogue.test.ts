// Every customer email renders from the one template: an HTML part in the shop's layout (the dealer's name, logo
// and colours) and a text part made from that same HTML, saying the same things. And no email is written by hand
// outside the template.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { emailBrandOf } from '../domain/emails/email-brand'
import type { EmailBlock } from '../domain/emails/email-content'
import { renderEmail } from '../features/emails/render-email'
import { emailSamples } from './email-catalogue'

const brand = emailBrandOf(
  { dealerName: 'Kirkstall Motorcycles', address: { line1: '1 Kirkstall Road', town: 'Leeds', postcode: 'LS3 1HS' }, phone: '0113 000 0000', email: 'shop@kirkstall.example', vatNumber: 'GB123456789', emails: { headerColour: '#123456', accentColour: '#7a1f1f' } },
  'https://shop.kirkstall.example',
)

/** The words of a block as a reader sees them, in both parts. */
function wordsOf(block: EmailBlock): string[] {
  switch (block.kind) {
    case 'text':
    case 'heading':
      return [block.text]
    case 'rows':
      return block.rows.flatMap((r) => [r.label, r.value])
    case 'list':
      return [...block.items]
    case 'box':
      return [block.heading, ...block.blocks.flatMap(wordsOf)]
    case 'button':
    case 'link':
      return [block.label]
  }
}

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

describe('customer emails', () => {
  const samples = emailSamples(brand)

  it('are all listed once, each with a title', () => {
    expect(samples.length).toBeGreaterThanOrEqual(31)
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length)
    for (const s of samples) expect(s.id).toMatch(/^[a-z0-9-]+$/)
  })

  it.each(samples.map((s) => [s.id, s] as const))('%s renders as HTML in the shop’s layout and as text, saying the same', async (_id, sample) => {
    const mail = await renderEmail(sample.content, brand)
    expect(mail.subject).toBe(sample.content.subject)
    expect(mail.subject).not.toMatch(/Wheelhouse/)
    // The layout: the dealer's name, logo and colours, the footer's VAT number, the language.
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">')
    expect(mail.html).toContain('background-color:#123456')
    expect(mail.html).toContain('src="https://shop.kirkstall.example/icons/icon-192.png"')
    expect(mail.html).toContain('VAT registration number GB123456789')
    expect(mail.html).toContain(escaped(sample.content.heading))
    // The text part: no markup, the heading first, every block's words in both parts.
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>/i)
    expect(mail.text.startsWith(sample.content.heading)).toBe(true)
    for (const words of sample.content.blocks.flatMap(wordsOf)) {
      expect(mail.html).toContain(escaped(words))
      expect(mail.text).toContain(words)
    }
    // Every button or link is written out in the text part, for mail programs that show no HTML.
    for (const b of sample.content.blocks) if (b.kind === 'button' || b.kind === 'link') expect(mail.text).toContain(b.url)
  })

  it('buttons carry the shop’s accent colour with white text', async () => {
    const withButton = samples.find((s) => s.content.blocks.some((b) => b.kind === 'button'))!
    expect((await renderEmail(withButton.content, brand)).html).toMatch(/background-color:#7a1f1f;color:#ffffff/)
  })
})

describe('email source', () => {
  const root = path.resolve(__dirname, '..')
  const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []))

  it('no email is built from hand-written HTML: every one goes through the template', () => {
    // The template itself, and the data-rights summary: a page the customer downloads, not an email.
    const allowed = (rel: string) => rel.startsWith(`features${path.sep}emails${path.sep}`) || rel === path.join('features', 'data-rights', 'summary-html.ts')
    const handWritten = files(root)
      .filter((f) => !allowed(path.relative(root, f)))
      .filter((f) => /<!doctype html|<html[\s>]/i.test(fs.readFileSync(f, 'utf8')) && !f.includes(`${path.sep}app${path.sep}`))
      .map((f) => path.relative(root, f))
    expect(handWritten).toEqual([])
  })
})
