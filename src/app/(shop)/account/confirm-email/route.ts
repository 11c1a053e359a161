// The link of an email-change confirmation (ADR 009): applies the change, then shows the account page with the outcome.
import { NextResponse } from 'next/server'
import { confirmEmailChange } from '../../../../cms/auth/credential-changes'
import { payloadClient } from '../../../../cms/payload-client.server'
import { env } from '../../../../config/env'
import { paths } from '../../../../config/paths'

export const dynamic = 'force-dynamic'

export async function GET(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const result = await confirmEmailChange(await payloadClient(), token)
  const target = new URL(paths.account(), env().SITE_URL)
  target.searchParams.set('email', result.ok ? 'changed' : result.reason)
  return NextResponse.redirect(target, 303)
}
