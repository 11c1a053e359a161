// An email's two parts from one source: the layout rendered to HTML by react-email, and the plain-text part made
// from that same HTML (emailText, lib/text/email-text.ts).
import { render } from '@react-email/render'
import { createElement } from 'react'
import type { EmailBrand } from '../../domain/emails/email-brand'
import type { EmailContent } from '../../domain/emails/email-content'
import { emailText } from '../../lib/text/email-text'
import { EmailLayout } from './email-layout'

export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

export async function renderEmail(content: EmailContent, brand: EmailBrand): Promise<RenderedEmail> {
  const html = await render(createElement(EmailLayout, { content, brand }))
  return { subject: content.subject, html, text: emailText(html) }
}
