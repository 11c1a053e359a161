// The one check of an email and password, shared by Payload's login (admin, /api/users/login, the /login page)
// and the API token endpoint: throttled per account and per address, argon2id only, timing alike for
// unknown accounts and wrong passwords, and accounts with an older Payload hash moved to argon2id.
import type { Payload } from 'payload'
import { ACCOUNT_POLICY, ADDRESS_POLICY, retryAfterSeconds, throttleKeys } from '../../domain/auth/login-throttle'
import { hashPassword, payloadPasswordFor, spendVerificationTime, verifyPassword, verifyPayloadHash } from './passwords'
import { clearThrottle, noteFailure, throttleDecision } from './throttle-store'

export interface CredentialUser {
  id: number
  email: string
  role?: string | null
  firstName?: string | null
  lastName?: string | null
  passwordArgon2?: string | null
}

export type CredentialCheck =
  | { readonly ok: true; readonly user: CredentialUser; readonly payloadPassword: string }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'throttled'; readonly retryAfterSeconds: number }

/** Skips the argon2id upgrade of a user being written by this module, so the hook does not run twice. */
export const UPGRADING_CONTEXT_KEY = 'wheelhouseArgon2Upgrade'

export async function checkCredentials(
  payload: Payload,
  input: { email: unknown; password: unknown; address: string },
  now = new Date(),
): Promise<CredentialCheck> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
  const password = typeof input.password === 'string' ? input.password : ''
  if (!email || !password || email.length > 254 || password.length > 1024) return { ok: false, reason: 'invalid' }

  const accountKey = throttleKeys.account(email)
  const addressKey = throttleKeys.address(input.address)
  const decision = await throttleDecision(payload, [accountKey, addressKey], now)
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs) }

  const found = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    pagination: false,
  })
  const user = found.docs[0] as (CredentialUser & { hash?: string; salt?: string }) | undefined

  let valid = false
  let phc = user?.passwordArgon2 ?? null
  if (!user) {
    await spendVerificationTime(password)
  } else if (phc) {
    valid = await verifyPassword(phc, password)
  } else if (await verifyPayloadHash(user, password)) {
    // An account from before argon2id: store an argon2id hash now that we know the password.
    phc = await hashPassword(password)
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { password },
      overrideAccess: true,
      depth: 0,
      context: { [UPGRADING_CONTEXT_KEY]: phc },
    })
    valid = true
  }

  if (!valid || !user || !phc) {
    await noteFailure(payload, accountKey, ACCOUNT_POLICY, now)
    await noteFailure(payload, addressKey, ADDRESS_POLICY, now)
    return { ok: false, reason: 'invalid' }
  }
  await clearThrottle(payload, accountKey)
  return { ok: true, user: { ...user, passwordArgon2: undefined }, payloadPassword: payloadPasswordFor(phc) }
}
