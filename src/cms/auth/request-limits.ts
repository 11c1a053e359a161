// The limits on what the users collection does for a visitor that costs the shop or writes to someone's inbox:
// registering (an argon2id hash each), asking for a password reset and asking to change an email address (an email
// each). Counted per network (an IPv6 /64 is one), per account where there is one, and per target email address, in
// the process's one shared store (lib/shared-rate-store.ts): Payload's REST and GraphQL, the admin and the storefront
// forms all count in the same buckets, with or without Redis. Here, not in features/abuse, because the users
// collection's own hooks count too; features/abuse lists these rules with the rest.
// No 'server-only' import: Payload hooks and integration tests load this outside Next.
import { APIError } from 'payload'
import { networkKey } from '../../lib/network-key'
import type { RateDecision, RateRule } from '../../lib/rate-limit'
import { countInTurn, targetSubject } from '../../lib/shared-rate-store'
import { clientAddress } from './client-address'

const HOUR = 60 * 60_000

export const ACCOUNT_RATE_RULES = {
  registration: { name: 'registration', limit: 10, windowMs: HOUR },
  registrationEmail: { name: 'registration-email', limit: 5, windowMs: HOUR },
  passwordReset: { name: 'password-reset', limit: 10, windowMs: HOUR },
  passwordResetEmail: { name: 'password-reset-email', limit: 5, windowMs: HOUR },
  emailChange: { name: 'email-change', limit: 10, windowMs: HOUR },
  emailChangeAccount: { name: 'email-change-account', limit: 5, windowMs: HOUR },
  emailChangeEmail: { name: 'email-change-email', limit: 3, windowMs: HOUR },
} as const satisfies Record<string, RateRule>

type HeaderSource = { get(name: string): string | null } | null | undefined

export interface LimitCounts {
  /** the limit of the request's network */
  readonly network: RateRule
  /** limits per email address the request would write to or register */
  readonly targets?: readonly { readonly rule: RateRule; readonly target: string }[]
  /** the limit of the signed-in account making the request */
  readonly account?: { readonly rule: RateRule; readonly id: number | string }
}

/** Counts one request against its network's limit, then its account's, then each target's; stops at the first refusal. */
export function limitsDecision(headers: HeaderSource, counts: LimitCounts): Promise<RateDecision> {
  return countInTurn([
    { rule: counts.network, subject: networkKey(clientAddress(headers)) },
    ...(counts.account ? [{ rule: counts.account.rule, subject: `account:${counts.account.id}` }] : []),
    ...(counts.targets ?? []).map((t) => ({ rule: t.rule, subject: targetSubject(t.target) })),
  ])
}

export const rateLimitedMessage = (retryAfterSeconds: number) => `Too many requests from your network. Please wait ${retryAfterSeconds} seconds and try again.`

/** Throws Payload's 429 (REST answers it with its message, GraphQL in `errors`) when the decision refuses. */
export function throwIfLimited(decision: RateDecision): void {
  if (decision.ok) return
  const error = new APIError(rateLimitedMessage(decision.retryAfterSeconds), 429, { retryAfterSeconds: decision.retryAfterSeconds }, true)
  // Named, so Payload's error formatter answers its message in the production build too (its classes are bundled twice).
  error.name = 'APIError'
  throw error
}
