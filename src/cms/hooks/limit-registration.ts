// Registration through Payload's REST (POST /api/users) and GraphQL (createUser) by a visitor: each costs an argon2id
// hash, so every attempt is counted per network and per address registered before anything else runs
// (cms/auth/request-limits.ts).
// The storefront's register form counts in the same buckets itself (it calls the Local API, which this leaves alone, as
// it leaves staff in the admin alone).
import { APIError, type CollectionBeforeOperationHook } from 'payload'
import { createPacer } from '../../lib/pacer'
import { isStaffUser } from '../access/roles'
import { ACCOUNT_RATE_RULES, limitsDecision, throwIfLimited } from '../auth/request-limits'

/**
 * New accounts start one at a time, a quarter of a second apart, in this process: each hashes its password twice
 * (argon2id, then Payload's own 600,000-round PBKDF2 of the value derived from it, ADR 006), so the ten a network may
 * open at once would otherwise take both cores of a small server for a second, and every other visitor with them.
 * A crowd from many networks waits at most ten seconds and is then asked to come back.
 */
const registrationPace = createPacer({ intervalMs: 250, maxWaitMs: 10_000 })
export const REGISTRATIONS_BUSY_MESSAGE = 'Many accounts are being opened right now. Please try again in a minute.'

/**
 * Waits for this registration's turn to hash its password (cms/hooks/argon2-passwords.ts, for a visitor's account on
 * every path: REST, GraphQL and the register form); throws a 429 with REGISTRATIONS_BUSY_MESSAGE when the wait
 * would be too long.
 */
export async function awaitRegistrationTurn(): Promise<void> {
  if (await registrationPace()) return
  const busy = new APIError(REGISTRATIONS_BUSY_MESSAGE, 429, { retryAfterSeconds: 60 }, true)
  busy.name = 'APIError' // answered with its message in the production build too (see throwIfLimited)
  throw busy
}

/** Whether an error is the answer of awaitRegistrationTurn. */
export const isRegistrationsBusy = (error: unknown): boolean => error instanceof Error && error.message === REGISTRATIONS_BUSY_MESSAGE

/** The counts of one registration: per network, and per address registered. */
export function registrationCounts(email: string) {
  return { network: ACCOUNT_RATE_RULES.registration, targets: [{ rule: ACCOUNT_RATE_RULES.registrationEmail, target: email }] }
}

export const limitRegistration: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' || req.payloadAPI === 'local' || isStaffUser(req.user)) return args
  const email = (args as { data?: { email?: unknown } }).data?.email
  throwIfLimited(await limitsDecision(req.headers, registrationCounts(typeof email === 'string' ? email : '')))
  return args
}
