// The links that let a customer manage one booking without an account, on the shop's one signed-link codec
// (cms/auth/signed-links.ts, ADR 058): the booking id, what the link is for and when it ends. Never the id alone.
import 'server-only'
import { readLink, signLink, type LinkProblem } from '../../cms/auth/signed-links'

export type TokenPurpose = 'manage' | 'extra-work'

export interface TokenClaims {
  readonly bookingId: number
  readonly purpose: TokenPurpose
  /** Seconds since the epoch. */
  readonly expires: number
}

const LINK_PURPOSE = { manage: 'booking-manage', 'extra-work': 'booking-extra-work' } as const

/** A booking link token; `secret` is the Payload secret (the codec's default when left out). */
export function signBookingToken(claims: TokenClaims, secret?: string): Promise<string> {
  return signLink(LINK_PURPOSE[claims.purpose], claims.bookingId, { expiresAt: new Date(claims.expires * 1000), secret })
}

export type TokenCheck = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly reason: LinkProblem }

export async function verifyBookingToken(purpose: TokenPurpose, token: unknown, options: { now?: Date; secret?: string } = {}): Promise<TokenCheck> {
  const check = await readLink(LINK_PURPOSE[purpose], token, options)
  if (!check.ok) return check
  const bookingId = Number(check.claims.subject)
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return { ok: false, reason: 'malformed' }
  return { ok: true, claims: { bookingId, purpose, expires: check.claims.expiresAt } }
}

/** The error code a refused link answers with (stable for the pages and the API). */
export function tokenProblemCode(reason: LinkProblem): string {
  return `token_${reason.replace('-', '_')}`
}

export const TOKEN_PROBLEM: Record<LinkProblem, string> = {
  malformed: 'This booking link is not complete. Copy the whole link from your email.',
  forged: 'This booking link is not valid. Use the link in your confirmation email.',
  expired: 'This booking link has expired. Please call us to change your booking.',
  'wrong-purpose': 'This link cannot be used for that. Use the matching link in your email.',
}
