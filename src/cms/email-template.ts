// The shop's one email template as the cms layer reaches it. The layout and its renderer are a feature
// (features/emails), which cms may not import; src/payload.config.ts hands them in through Payload's server-only
// `custom` config, so the account emails built here as words (EmailContent) leave drawn like every other email.
import type { Payload } from 'payload'
import type { DealerDetails, EmailBrand } from '../domain/emails/email-brand'
import type { EmailContent } from '../domain/emails/email-content'

/** The key of the template in the Payload config's `custom`. */
export const EMAIL_TEMPLATE = 'emailTemplate'

export interface RenderedTemplate {
  readonly subject: string
  readonly html: string
  /** The plain-text part, made from the same HTML. */
  readonly text: string
}

export interface EmailTemplate {
  /** The dealer's name, address, logo and colours from the site settings. */
  readonly brand: (payload: Payload) => Promise<EmailBrand>
  readonly render: (content: EmailContent, brand: EmailBrand) => Promise<RenderedTemplate>
}

export function emailTemplate(payload: Payload): EmailTemplate {
  const template = (payload.config.custom as Record<string, unknown> | undefined)?.[EMAIL_TEMPLATE] as EmailTemplate | undefined
  if (!template) throw new Error(`No email template in the Payload config: src/payload.config.ts sets custom.${EMAIL_TEMPLATE}`)
  return template
}

/** An email the cms builds from the dealer's details, drawn in the shop's template. */
export async function renderTemplated(payload: Payload, build: (dealer: DealerDetails) => EmailContent): Promise<RenderedTemplate> {
  const template = emailTemplate(payload)
  const brand = await template.brand(payload)
  return template.render(build(brand), brand)
}

/** Sends it through Payload's email adapter (the shop's sender), with both parts from the template. */
export async function sendTemplated(payload: Payload, to: string, build: (dealer: DealerDetails) => EmailContent): Promise<void> {
  const mail = await renderTemplated(payload, build)
  await payload.sendEmail({ to, subject: mail.subject, html: mail.html, text: mail.text })
}
