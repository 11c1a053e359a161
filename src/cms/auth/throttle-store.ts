// Login throttles kept in the login-throttles collection (one row per account or address), using the pure rules of src/domain/auth/login-throttle.
import type { Payload, PayloadRequest } from 'payload'
import { checkThrottle, recordFailure, type ThrottleDecision, type ThrottlePolicy, type ThrottleRecord } from '../../domain/auth/login-throttle'

interface Row {
  id: number | string
  failures: number
  windowStartedAt: string
  blockedUntil?: string | null
}

async function findRow(payload: Payload, key: string, req?: Partial<PayloadRequest>): Promise<Row | undefined> {
  const found = await payload.find({ collection: 'login-throttles', where: { key: { equals: key } }, limit: 1, depth: 0, overrideAccess: true, pagination: false, req })
  return found.docs[0] as Row | undefined
}

function toRecord(row: Row | undefined): ThrottleRecord | null {
  if (!row) return null
  return { failures: row.failures, windowStartedAt: new Date(row.windowStartedAt), blockedUntil: row.blockedUntil ? new Date(row.blockedUntil) : null }
}

/** The stored record of one key, or null. */
export async function readThrottle(payload: Payload, key: string, req?: Partial<PayloadRequest>): Promise<ThrottleRecord | null> {
  return toRecord(await findRow(payload, key, req))
}

/** The strictest answer over several keys: blocked if any is, with the longest wait. */
export async function throttleDecision(payload: Payload, keys: readonly string[], now = new Date(), req?: Partial<PayloadRequest>): Promise<ThrottleDecision> {
  let worst: ThrottleDecision = { allowed: true }
  for (const key of keys) {
    const decision = checkThrottle(toRecord(await findRow(payload, key, req)), now)
    if (!decision.allowed && (worst.allowed || decision.retryAfterMs > worst.retryAfterMs)) worst = decision
  }
  return worst
}

export async function noteFailure(payload: Payload, key: string, policy: ThrottlePolicy, now = new Date(), req?: Partial<PayloadRequest>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findRow(payload, key, req)
    const next = recordFailure(toRecord(row), now, policy)
    const data = { key, failures: next.failures, windowStartedAt: next.windowStartedAt.toISOString(), blockedUntil: next.blockedUntil?.toISOString() ?? null }
    try {
      if (row) await payload.update({ collection: 'login-throttles', id: row.id, data, overrideAccess: true, depth: 0, req })
      else await payload.create({ collection: 'login-throttles', data, overrideAccess: true, depth: 0, req })
      return
    } catch (error) {
      // Two failures at once both tried to create the row: the loser counts again on the row that won.
      if (attempt === 2) throw error
    }
  }
}

export async function clearThrottle(payload: Payload, key: string, req?: Partial<PayloadRequest>): Promise<void> {
  await payload.delete({ collection: 'login-throttles', where: { key: { equals: key } }, overrideAccess: true, req })
}
