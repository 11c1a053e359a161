// The shop's email brand from the stored site settings (read at depth 1 for the logo's address). Not server-only:
// it holds nothing secret, and the Payload config (which its CLI loads outside Next) hands it to the account emails.
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { emailBrandOf, type EmailBrand } from '../../domain/emails/email-brand'

export async function emailBrand(payload: Payload, siteUrl?: string): Promise<EmailBrand> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 1, overrideAccess: true })
  return emailBrandOf(settings, siteUrl ?? env().SITE_URL)
}
