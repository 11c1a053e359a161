// Confirming an account's email address (ADR 038). An account a visitor makes (the register form, REST or GraphQL)
// starts unconfirmed, and a signed link is emailed to its address; opening it, opening an email-change link, or
// resetting the password through the address confirms it. Until then the shop sends the account nothing on its own
// initiative (saved-bike alerts), and once the link has expired the address is no longer held: the real owner who
// registers it takes it over, and the unconfirmed account is moved to a placeholder address. Accounts made by staff
// or by the shop's own code start confirmed.
// No 'server-only' import: Payload hooks and integration tests load this outside Next.
import { isolateObjectProperty, type CollectionAfterChangeHook, type CollectionBeforeChangeHook, type CollectionBeforeOperationHook, type Payload, type PayloadRequest } from 'payload'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { isStaffUser } from '../access/roles'
import { sendTemplated } from '../email-template'
import { emailConfirmationEmail } from './account-emails'
import { CREDENTIALS_VERIFIED_CONTEXT_KEY } from './credential-changes'
import { LINK_LIFETIME_SECONDS, readLink, signLink, type LinkCheck } from './signed-links'

/** The confirmation link works for one day (the codec's lifetime for it); after that an unconfirmed account no longer holds its address. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = LINK_LIFETIME_SECONDS['email-confirm']
const CONFIRMED_AT_CREATION = 'wheelhouseEmailConfirmedAtCreation'

export function emailConfirmationToken(user: { id: number | string; email: string }, now = new Date(), secret?: string): Promise<string> {
  return signLink('email-confirm', user.id, { data: { e: user.email.toLowerCase() }, now, secret })
}

export function emailConfirmationLink(siteUrl: string, token: string): string {
  const url = new URL(paths.confirmEmail(), siteUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export type EmailConfirmationResult = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/** What an email-confirmation link says; an expired one is still told apart from a link of another kind. */
export function readEmailConfirmationToken(token: string, now = new Date()): Promise<LinkCheck> {
  return readLink('email-confirm', token, { now })
}

/** Confirms the address a link was sent to, if the account still has it. Opening it twice is harmless. */
export async function confirmEmailAddress(payload: Payload, token: string, now = new Date()): Promise<EmailConfirmationResult> {
  const check = await readEmailConfirmationToken(token, now)
  if (!check.ok) return { ok: false, reason: check.reason === 'expired' ? 'expired' : 'invalid' }
  const email = check.claims.data.e
  if (!email) return { ok: false, reason: 'invalid' }
  const user = await payload.findByID({ collection: 'users', id: check.claims.subject, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user || user.email.toLowerCase() !== email) return { ok: false, reason: 'used' }
  if (!user.emailConfirmedAt) await markEmailConfirmed(payload, user.id, now)
  return { ok: true, email }
}

export async function markEmailConfirmed(payload: Payload, userId: number | string, now = new Date(), req?: Partial<PayloadRequest>): Promise<void> {
  await payload.update({ collection: 'users', id: userId, data: { emailConfirmedAt: now.toISOString() }, overrideAccess: true, depth: 0, req, context: { [CREDENTIALS_VERIFIED_CONTEXT_KEY]: true } })
}

/** Whether the shop may write to this account's address on its own initiative. */
export const emailConfirmed = (user: { emailConfirmedAt?: string | null }): boolean => Boolean(user.emailConfirmedAt)

/**
 * Frees `email` when it is held by an unconfirmed account whose confirmation link has expired: that account moves to
 * a placeholder address (it keeps its records and its owner's password, but no longer anyone's address). Returns
 * whether an account was moved. Called before a registration or an email change checks that the address is free.
 */
export async function releaseUnconfirmedClaim(payload: Payload, email: string, now = new Date(), req?: Partial<PayloadRequest>): Promise<boolean> {
  const address = email.trim().toLowerCase()
  if (!address) return false
  // In the registration's own transaction, but as the shop's write: the visitor's request must not be checked as if it
  // edited someone else's account (the users hooks refuse a visitor's data and hide records out of their reach).
  const shopReq = req ? isolateObjectProperty(req as PayloadRequest, 'payloadAPI') : undefined
  if (shopReq) shopReq.payloadAPI = 'local'
  const found = await payload.find({ collection: 'users', where: { email: { equals: address } }, limit: 1, depth: 0, overrideAccess: true, pagination: false, req: shopReq })
  const holder = found.docs[0]
  if (!holder || holder.emailConfirmedAt) return false
  if (new Date(holder.createdAt).getTime() > now.getTime() - EMAIL_CONFIRMATION_TTL_SECONDS * 1000) return false
  await payload.update({
    collection: 'users',
    id: holder.id,
    // Payload ends the account's sessions with no sessions left; its API tokens are ended by the placeholder's change.
    data: { email: `unconfirmed-${holder.id}-${now.getTime()}@released.invalid`, sessions: [] } as never,
    overrideAccess: true,
    depth: 0,
    req: shopReq,
    context: { [CREDENTIALS_VERIFIED_CONTEXT_KEY]: true },
  })
  payload.logger.info({ userId: holder.id }, 'an unconfirmed account gave up its address to a new registration')
  return true
}

/** Users beforeOperation (create): staff and the shop's own code make confirmed accounts; the address is freed first. */
export const prepareEmailConfirmation: CollectionBeforeOperationHook = async ({ args, operation, req, overrideAccess }) => {
  if (operation !== 'create') return args
  if (overrideAccess || isStaffUser(req.user)) req.context[CONFIRMED_AT_CREATION] = true
  const email = (args as { data?: { email?: unknown } }).data?.email
  if (typeof email === 'string') await releaseUnconfirmedClaim(req.payload, email, new Date(), req)
  return args
}

/** Users beforeChange (create): the confirmation stamp of an account made by staff or the shop's own code. */
export const stampConfirmedAtCreation: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create') data.emailConfirmedAt = req.context[CONFIRMED_AT_CREATION] === true ? new Date().toISOString() : null
  return data
}

/** Users afterChange (create): emails the confirmation link to an account that starts unconfirmed. */
export const sendEmailConfirmation: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || doc.emailConfirmedAt) return doc
  const link = emailConfirmationLink(env().SITE_URL, await emailConfirmationToken({ id: doc.id, email: doc.email }))
  try {
    await sendTemplated(req.payload, doc.email, (dealer) => emailConfirmationEmail(dealer, link))
  } catch (error) {
    // The account stands; its owner confirms later through "Forgot password", which confirms the address too.
    req.payload.logger.warn({ err: error, userId: doc.id }, 'the email-confirmation link could not be sent')
  }
  return doc
}
