// Changing an account's credentials (ADR 009): the owner must give the current password to change the password or
// the email address on every path (REST, GraphQL, admin, server actions); a new email address takes effect only
// once a link sent to it is opened, and the old address is told; a password change or reset revokes every API
// token of the account (Payload itself ends the sessions). Staff editing another user keep their direct path.
// No 'server-only' import: Payload hooks and integration tests load this outside Next.
import { APIError, ValidationError, type Payload, type PayloadRequest } from 'payload'
import { z } from '../../lib/zod'
import { env } from '../../config/env'
import { isStaffUser } from '../access/roles'
import { clientAddress } from './client-address'
import { checkCredentials } from './credentials'
import { deviceTokensFromCookieHeader } from './known-device'
import { ACCOUNT_RATE_RULES, limitsDecision, throwIfLimited } from './request-limits'
import { readLink, signLink } from './signed-links'
import { paths } from '../../config/paths'
import { sendTemplated } from '../email-template'
import { emailChangeEmail, emailChangeNoticeEmail } from './account-emails'

/** Server code that has verified the owner itself (or acts for no user) sets this to skip the check. */
export const CREDENTIALS_VERIFIED_CONTEXT_KEY = 'wheelhouseCredentialsVerified'
/**
 * A field error whose own message says what is wrong: the production build bundles Payload's error classes
 * twice, so Payload's error formatter cannot recognise ours by class and answers only the error's name and
 * message (no field details). Naming it and putting the words in the message keeps the answer clear.
 */
function currentPasswordError(message: string): ValidationError {
  const error = new ValidationError({ collection: 'users', errors: [{ message, path: CURRENT_PASSWORD_FIELD }] })
  error.name = 'ValidationError'
  error.message = message
  return error
}

/** The field a client sends the current password in (a virtual field of users: never stored, never read back). */
export const CURRENT_PASSWORD_FIELD = 'currentPassword'
/** An email-change link works for one day, and once (it names the address it changes from). */

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email())

interface Actor {
  id: number | string
  email?: string
  role?: unknown
  collection?: string
}

type UpdateArgs = { id?: number | string; where?: unknown; data?: Record<string, unknown> }

/**
 * Users beforeOperation (update): demands and checks the current password when a user changes their own password or
 * email, and turns their own email change into a confirmation link. Returns the args to continue with.
 */
export async function guardCredentialChange(args: UpdateArgs, req: PayloadRequest): Promise<UpdateArgs> {
  const data = args.data
  if (!data) return args
  const currentPassword = data[CURRENT_PASSWORD_FIELD]
  delete data[CURRENT_PASSWORD_FIELD]
  const actor = req.user as Actor | null | undefined
  if (!actor || actor.collection !== 'users' || req.context?.[CREDENTIALS_VERIFIED_CONTEXT_KEY] === true) return args
  // Staff editing someone else by id keep their own path; a bulk update by staff might include themselves.
  const self = args.id === undefined ? true : String(args.id) === String(actor.id)
  if (!self && isStaffUser(req.user)) return args
  const changesPassword = typeof data.password === 'string' && data.password !== ''
  const newEmail = typeof data.email === 'string' ? data.email.trim().toLowerCase() : undefined
  const changesEmail = newEmail !== undefined && newEmail !== (actor.email ?? '').toLowerCase()
  if (!changesPassword && !changesEmail) {
    if (newEmail !== undefined) delete data.email
    return args
  }
  const path = changesPassword ? 'password' : 'email'
  // Each email change writes to the address named: counted per network, per account and per address named, before
  // anything else is spent on it, so one customer cannot make the shop mail a stranger without end.
  if (changesEmail && newEmail !== undefined) {
    throwIfLimited(
      await limitsDecision(req.headers, {
        network: ACCOUNT_RATE_RULES.emailChange,
        account: { rule: ACCOUNT_RATE_RULES.emailChangeAccount, id: actor.id },
        targets: [{ rule: ACCOUNT_RATE_RULES.emailChangeEmail, target: newEmail }],
      }),
    )
  }
  if (typeof currentPassword !== 'string' || currentPassword === '') {
    throw currentPasswordError('Enter your current password to change your password or email address.')
  }
  const check = await checkCredentials(req.payload, {
    email: actor.email,
    password: currentPassword,
    address: clientAddress(req.headers),
    deviceTokens: deviceTokensFromCookieHeader(req.headers?.get('cookie')),
  })
  if (!check.ok && check.reason === 'throttled') throw new APIError(`Too many failed attempts. Try again in ${check.retryAfterSeconds} seconds.`, 429, { retryAfterSeconds: check.retryAfterSeconds }, true)
  if (!check.ok) throw currentPasswordError('That is not your current password.')
  if (changesEmail && newEmail !== undefined) {
    const parsed = emailSchema.safeParse(newEmail)
    if (!parsed.success) throw new ValidationError({ collection: 'users', errors: [{ message: 'Enter an email address such as name@example.co.uk.', path }] })
    // The address changes only when its owner opens the link; until then the account keeps the old one.
    delete data.email
    await requestEmailChange(req.payload, { id: actor.id, email: actor.email ?? '' }, parsed.data)
  }
  return args
}

export function emailChangeToken(user: { id: number | string; email: string }, to: string, now = new Date(), secret?: string): Promise<string> {
  return signLink('email-change', user.id, { data: { from: user.email.toLowerCase(), to }, now, secret })
}

export function emailChangeLink(siteUrl: string, token: string): string {
  const url = new URL(paths.confirmEmail(), siteUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/** Sends the confirmation link to the new address and a notice to the old one. */
export async function requestEmailChange(payload: Payload, user: { id: number | string; email: string }, to: string, now = new Date()): Promise<void> {
  const link = emailChangeLink(env().SITE_URL, await emailChangeToken(user, to, now))
  await sendTemplated(payload, to, (dealer) => emailChangeEmail(dealer, link))
  await sendTemplated(payload, user.email, (dealer) => emailChangeNoticeEmail(dealer, to))
}

export type EmailChangeResult = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' }

/** Applies the change a confirmation link asks for; the link stops working once the address has changed. */
export async function confirmEmailChange(payload: Payload, token: string, now = new Date()): Promise<EmailChangeResult> {
  const check = await readLink('email-change', token, { now })
  if (!check.ok) return { ok: false, reason: check.reason === 'expired' ? 'expired' : 'invalid' }
  const claims = { u: check.claims.subject, from: check.claims.data.from, to: check.claims.data.to }
  if (!claims.from || !claims.to) return { ok: false, reason: 'invalid' }
  const user = await payload.findByID({ collection: 'users', id: claims.u, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user || user.email.toLowerCase() !== claims.from) return { ok: false, reason: 'used' }
  const taken = await payload.count({ collection: 'users', where: { email: { equals: claims.to } }, overrideAccess: true })
  if (taken.totalDocs > 0) return { ok: false, reason: 'taken' }
  // The link reached the new address, so it is confirmed as well (ADR 038).
  await payload.update({ collection: 'users', id: user.id, data: { email: claims.to, emailConfirmedAt: now.toISOString() }, overrideAccess: true, depth: 0, context: { [CREDENTIALS_VERIFIED_CONTEXT_KEY]: true } })
  return { ok: true, email: claims.to }
}

/** Revokes every API token of the user (a password change or reset: nothing signed in with the old password survives). */
export async function revokeAllApiTokens(payload: Payload, userId: number | string, req?: Partial<PayloadRequest>, now = new Date()): Promise<void> {
  await payload.update({
    collection: 'api-tokens',
    where: { and: [{ user: { equals: userId } }, { revokedAt: { exists: false } }] },
    data: { revokedAt: now.toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })
}
