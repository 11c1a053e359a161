// Every link a customer can click that acts without an account (manage a reservation or a booking, approve extra
// work, stop saved-bike alerts, confirm an email address or its change) is one signed token, made and read here:
// a compact JWT (HS256, through `jose`, as the API tokens are) whose audience is the link's purpose, whose subject
// is the record or account it names, and whose `exp` ends it. One key for all links, derived from the Payload
// secret; a link of one purpose never passes for another (the audience is checked after the signature).
// Links emailed before this codec are still read, until they expire (signed-links-legacy.ts, ADR 058).
// No 'server-only' import: Payload hooks and integration tests load this outside Next.
import { createHmac } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { env } from '../../config/env'
import { payloadSecret } from '../../config/secrets.server'
import { readLegacyLink } from './signed-links-legacy'

export const LINK_PURPOSES = ['reservation-manage', 'booking-manage', 'booking-extra-work', 'saved-bike-unsubscribe', 'email-confirm', 'email-change', 'order-documents', 'deal-view', 'deal-unsubscribe'] as const
export type LinkPurpose = (typeof LINK_PURPOSES)[number]

const DAY = 24 * 3600

/**
 * The one expiry rule: a link ends at its `exp` second (refused from that second on), which its signer sets to
 * now plus its purpose's lifetime below, unless the purpose ends at a moment of its own (a booking's links end
 * 60 days after the booked day, so the signer passes `expiresAt`).
 */
export const LINK_LIFETIME_SECONDS: Readonly<Record<LinkPurpose, number>> = {
  // outlasts any hold and the cancellation period; the reservation cookie carries the same token
  'reservation-manage': 30 * DAY,
  'booking-manage': 60 * DAY,
  'booking-extra-work': 60 * DAY,
  // alert emails carry it in List-Unsubscribe; a year outlasts any mail a customer still has to hand
  'saved-bike-unsubscribe': 365 * DAY,
  'email-confirm': DAY,
  'email-change': DAY,
  // A guest lookup's download links for an order's invoice and credit notes: the page is re-opened for new ones.
  'order-documents': 60 * 60,
  // A deal runs from the first click to the handover: a quarter covers a finance decision and a delivery date.
  'deal-view': 90 * DAY,
  // a reminder carries it in List-Unsubscribe, as the saved-bike alerts do
  'deal-unsubscribe': 365 * DAY,
}

export interface SignOptions {
  /** Extra named values the link carries (an address to confirm, for example). */
  readonly data?: Readonly<Record<string, string>>
  /** When the link ends; else now plus its purpose's lifetime. */
  readonly expiresAt?: Date
  readonly now?: Date
  readonly secret?: string
}

export interface ReadOptions {
  readonly now?: Date
  readonly secret?: string
}

export interface LinkClaims {
  readonly purpose: LinkPurpose
  /** The record or account the link names, as a string. */
  readonly subject: string
  readonly data: Readonly<Record<string, string>>
  /** Seconds since the epoch. */
  readonly expiresAt: number
}

export type LinkProblem = 'malformed' | 'forged' | 'expired' | 'wrong-purpose'
export type LinkCheck = { readonly ok: true; readonly claims: LinkClaims } | { readonly ok: false; readonly reason: LinkProblem }

const MAX_TOKEN_LENGTH = 2048

function linkKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('wheelhouse signed links v2').digest()
}

function defaultSecret(): string {
  return payloadSecret(env().PAYLOAD_SECRET)
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** A signed link token for `purpose` naming `subject`. */
export function signLink(purpose: LinkPurpose, subject: string | number, options: SignOptions = {}): Promise<string> {
  const now = options.now ?? new Date()
  const exp = options.expiresAt ? seconds(options.expiresAt) : seconds(now) + LINK_LIFETIME_SECONDS[purpose]
  const body = options.data && Object.keys(options.data).length > 0 ? { d: options.data } : {}
  return new SignJWT(body)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(purpose)
    .setSubject(String(subject))
    .setIssuedAt(seconds(now))
    .setExpirationTime(exp)
    .sign(linkKey(options.secret ?? defaultSecret()))
}

/** What a link token says, if it is genuine, unexpired and for `purpose`; else why not. */
export async function readLink(purpose: LinkPurpose, token: unknown, options: ReadOptions = {}): Promise<LinkCheck> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' }
  const now = options.now ?? new Date()
  // A JWT has three parts; the older codecs made two.
  const parts = token.split('.')
  // Order-document and deal links were never signed by the older codecs.
  if (parts.length === 2) return purpose === 'order-documents' || purpose === 'deal-view' || purpose === 'deal-unsubscribe' ? { ok: false, reason: 'malformed' } : readLegacyLink(purpose, token, now, options.secret)
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return { ok: false, reason: 'malformed' }
  // base64url leaves spare bits in a part's last character: a changed one must not still verify.
  if (parts.some((part) => Buffer.from(part, 'base64url').toString('base64url') !== part)) return { ok: false, reason: 'forged' }
  try {
    const { payload } = await jwtVerify(token, linkKey(options.secret ?? defaultSecret()), { algorithms: ['HS256'], audience: purpose, currentDate: now, clockTolerance: 0, requiredClaims: ['sub', 'exp'] })
    const data = isStringRecord(payload.d) ? payload.d : {}
    return { ok: true, claims: { purpose, subject: payload.sub!, data, expiresAt: payload.exp! } }
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'forged' }
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') return { ok: false, reason: 'wrong-purpose' }
    return { ok: false, reason: 'malformed' }
  }
}

/** The record id a genuine, unexpired link for `purpose` names, else null (never says why). */
export async function linkedId(purpose: LinkPurpose, token: unknown, options: ReadOptions = {}): Promise<number | null> {
  const check = await readLink(purpose, token, options)
  if (!check.ok) return null
  const id = Number(check.claims.subject)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

function isStringRecord(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
}
