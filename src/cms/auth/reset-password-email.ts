// The password-reset email Payload sends (forgot password), drawn in the shop's one template: Payload asks for its
// HTML and its subject separately. The plain-text part is made from this HTML by the email adapter.
import type { Payload, PayloadRequest } from 'payload'
import { emailTemplate, renderTemplated } from '../email-template'
import { resetPasswordEmail, resetPasswordLink } from './account-emails'

function payloadOf(req: Partial<PayloadRequest> | undefined): Payload {
  if (!req?.payload) throw new Error('Payload asked for the password-reset email without its request')
  return req.payload
}

export async function resetPasswordEmailHtml(req: Partial<PayloadRequest> | undefined, siteUrl: string, token: string): Promise<string> {
  return (await renderTemplated(payloadOf(req), (dealer) => resetPasswordEmail(dealer, resetPasswordLink(siteUrl, token)))).html
}

export async function resetPasswordEmailSubject(req: Partial<PayloadRequest> | undefined): Promise<string> {
  const payload = payloadOf(req)
  return resetPasswordEmail(await emailTemplate(payload).brand(payload), '').subject
}
