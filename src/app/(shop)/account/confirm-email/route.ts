// The links of an email-change confirmation (ADR 009) and of a new account's address (ADR 038): applies the change or
// confirms the address, then shows the account page with the outcome.
import { NextResponse } from 'next/server'
import { confirmEmailChange } from '../../../../cms/auth/credential-changes'
import { confirmEmailAddress, readEmailConfirmationToken } from '../../../../cms/auth/email-confirmation'
import { payloadClient } from '../../../../cms/payload-client.server'
import { env } from '../../../../config/env'
import { paths } from '../../../../config/paths'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const payload = await payloadClient()
  // An expired confirmation link is still a confirmation link (it answers "expired", not "invalid").
  const read = await readEmailConfirmationToken(token)
  const confirmation = read.ok || read.reason === 'expired'
  const result = confirmation ? await confirmEmailAddress(payload, token) : await confirmEmailChange(payload, token)
  const target = new URL(paths.account(), env().SITE_URL)
  target.searchParams.set('email', result.ok ? (confirmation ? 'confirmed' : 'changed') : result.reason)
  return NextResponse.redirect(target, 303)
}
