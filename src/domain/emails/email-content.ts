// What every customer email says, as data: a subject, a heading and a list of blocks (paragraphs, label-and-value
// rows, lists, a boxed part such as the model cancellation form, a button back to the order, booking or
// reservation). One layout (features/emails/email-layout.tsx) draws every email from this, and the plain-text part
// is made from the same HTML (lib/text/email-text.ts), so the two parts never say different things. Pure: builders return it.

export interface EmailRow {
  readonly label: string
  readonly value: string
  /** A total or the figure the email is about, set in bold. */
  readonly strong?: boolean
  /** A line above it: the first of the totals under the items. */
  readonly ruleAbove?: boolean
}

export type EmailBlock =
  | { readonly kind: 'text'; readonly text: string; readonly small?: boolean }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'rows'; readonly rows: readonly EmailRow[] }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'box'; readonly heading: string; readonly blocks: readonly EmailBlock[] }
  | { readonly kind: 'button'; readonly label: string; readonly url: string }
  | { readonly kind: 'link'; readonly before?: string; readonly label: string; readonly url: string; readonly after?: string }

export interface EmailContent {
  readonly subject: string
  /** The line an inbox shows after the subject (defaults to the first paragraph). */
  readonly preview?: string
  readonly heading: string
  readonly blocks: readonly EmailBlock[]
}

/** One email with sample data, for the admin's previews and the test that every email renders from the template. */
export interface EmailSample {
  /** Stable and URL-safe, e.g. "order-confirmation". */
  readonly id: string
  /** What staff call it in the previews list. */
  readonly title: string
  readonly content: EmailContent
}

export const text = (value: string, small?: boolean): EmailBlock => (small ? { kind: 'text', text: value, small } : { kind: 'text', text: value })
export const heading = (value: string): EmailBlock => ({ kind: 'heading', text: value })
export const rows = (list: readonly (EmailRow | readonly [string, string])[]): EmailBlock => ({ kind: 'rows', rows: list.map((r) => ('label' in r ? r : { label: r[0], value: r[1] })) })
export const list = (items: readonly string[]): EmailBlock => ({ kind: 'list', items })
export const box = (title: string, blocks: readonly EmailBlock[]): EmailBlock => ({ kind: 'box', heading: title, blocks })
export const button = (label: string, url: string): EmailBlock => ({ kind: 'button', label, url })
export const link = (label: string, url: string, words: { before?: string; after?: string } = {}): EmailBlock => ({ kind: 'link', label, url, ...words })

/** Paragraphs from lines of text, empty parts left out (a builder's optional sentences). */
export function paragraphs(...values: readonly (string | null | undefined | false)[]): EmailBlock[] {
  return values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => text(v))
}

/** The first paragraph, for the inbox preview when the builder gave none. */
export function previewOf(content: EmailContent): string {
  if (content.preview) return content.preview
  const first = content.blocks.find((b): b is Extract<EmailBlock, { kind: 'text' }> => b.kind === 'text')
  return (first?.text ?? content.heading).slice(0, 140)
}
