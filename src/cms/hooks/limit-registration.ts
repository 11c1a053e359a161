// Registration through Payload's REST (POST /api/users) and GraphQL (createUser) by a visitor: each costs an argon2id
// hash, so every attempt is counted per network and per address registered before anything else runs
// (cms/auth/request-limits.ts).
// The storefront's register form counts in the same buckets itself (it calls the Local API, which this leaves alone, as
// it leaves staff in the admin alone).
import type { CollectionBeforeOperationHook } from 'payload'
import { isStaffUser } from '../access/roles'
import { ACCOUNT_RATE_RULES, limitsDecision, throwIfLimited } from '../auth/request-limits'

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
