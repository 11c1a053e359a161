// The one check of an email and password, shared by Payload's login (admin, /api/users/login, the /login page)
// and the API token endpoint: argon2id only, timing alike for unknown accounts and wrong passwords, accounts with
// an older Payload hash moved to argon2id, and throttled (ADR 009): an account past its free failures must wait
// between attempts unless the request comes from a known device of that account (whose own failures are counted
// apart); a network address is only slowed down, never refused.
import type { Payload } from 'payload'
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressDelayMs, retryAfterSeconds, throttleKeys } from '../../domain/auth/login-throttle'
import { issueDeviceToken, knownDeviceFor } from './known-device'
import { hashPassword, payloadPasswordFor, spendVerificationTime, verifyPassword, verifyPayloadHash } from './passwords'
import { clearThrottle, noteFailure, readThrottle, throttleDecision } from './throttle-store'

export interface CredentialUser {
  id: number
  email: string
  role?: string | null
  firstName?: string | null
  lastName?: string | null
  passwordArgon2?: string | null
}

export type CredentialCheck =
  | { readonly ok: true; readonly user: CredentialUser; readonly payloadPassword: string; readonly deviceToken: string }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'throttled'; readonly retryAfterSeconds: number }

export interface CredentialInput {
  email: unknown
  password: unknown
  address: string
  /** known-device tokens the client sent (the wheelhouse-device cookie) */
  deviceTokens?: readonly string[]
}

export interface CredentialOptions {
  /** how an address's slow-down is waited out (tests pass a recorder) */
  wait?: (ms: number) => Promise<void>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Skips the argon2id upgrade of a user being written by this module, so the hook does not run twice. */
export const UPGRADING_CONTEXT_KEY = 'wheelhouseArgon2Upgrade'

export async function checkCredentials(payload: Payload, input: CredentialInput, now = new Date(), options: CredentialOptions = {}): Promise<CredentialCheck> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
  const password = typeof input.password === 'string' ? input.password : ''
  if (!email || !password || email.length > 254 || password.length > 1024) return { ok: false, reason: 'invalid' }

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

  // A known device of this account answers to its own count, so failures caused by others never hold it back.
  const device = user ? knownDeviceFor(input.deviceTokens ?? [], user.id, now) : null
  const accountKey = device ? throttleKeys.device(device.deviceId) : throttleKeys.account(email)
  const addressKey = throttleKeys.address(input.address)
  const decision = await throttleDecision(payload, [accountKey], now)
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs) }
  // An address with many failures is slowed down, never refused: a shared address must not block every account.
  const delay = addressDelayMs(await readThrottle(payload, addressKey), now)
  if (delay > 0) await (options.wait ?? sleep)(delay)

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
  if (device) await clearThrottle(payload, throttleKeys.account(email))
  return { ok: true, user: { ...user, passwordArgon2: undefined }, payloadPassword: payloadPasswordFor(phc), deviceToken: issueDeviceToken(user.id, now) }
}
