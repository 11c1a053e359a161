// The shop's email brand from the stored site settings (read at depth 1 for the logo's address).
import 'server-only'
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { emailBrandOf, type EmailBrand } from '../../domain/emails/email-brand'

export async function emailBrand(payload: Payload, siteUrl?: string): Promise<EmailBrand> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 1, overrideAccess: true })
  return emailBrandOf(settings, siteUrl ?? env().SITE_URL)
}
