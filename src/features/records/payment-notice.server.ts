// A payment notice (a provider's webhook, or a reconciling pass) applied to the order or reservation it is
// about: the record is found by number or reference, and changed under its lock. What the notice means for the
// record is decided by domain/payments/notice-decision.ts.
import 'server-only'
import type { DataFromCollectionSlug, Payload, Where } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import type { KeyedLock } from '../../lib/keyed-lock'
import type { PaymentNotice } from '../../domain/payments/notice-decision'
import { appendHistory, type LifecycleDeps, type LifecycleRecord } from './transition.server'

export type { PaymentNotice } from '../../domain/payments/notice-decision'

/**
 * Money that is not the sum the record asks for is never applied: the record's history says so, for staff to check.
 * Answers whether the amounts match.
 */
export async function amountMatches(payload: Payload, record: Pick<LifecycleRecord, 'table' | 'id'> & { readonly status: string; readonly number: string }, expectedPence: number, notice: PaymentNotice, note: (paid: number, expected: number) => string, now: Date): Promise<boolean> {
  if (notice.amountPence === expectedPence) return true
  await appendHistory(payload, record, {}, historyEntry(now, 'payment webhook', record.status, record.status, note(notice.amountPence, expectedPence)), now)
  payload.logger.error({ [record.table]: record.number, amountPence: notice.amountPence, expectedPence }, 'payment amount does not match what it pays for')
  return false
}

/** The order or reservation a payment notice is about: by its number, else by the payment's reference. */
export async function findByNotice<C extends 'orders' | 'reservations'>(payload: Payload, collection: C, numberField: string, notice: { orderNumber?: string; reference?: string }): Promise<DataFromCollectionSlug<C> | undefined> {
  const where: Where | null = notice.orderNumber ? { [numberField]: { equals: notice.orderNumber } } : notice.reference ? { 'payment.reference': { equals: notice.reference } } : null
  if (!where) return undefined
  const found = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0] as DataFromCollectionSlug<C> | undefined
}

/** How a payment notice reaches its kind of record: how it is found, its lock, and what to do with it found. */
export interface NoticeTarget<R extends { id: number }, N extends PaymentNotice, O> {
  readonly find: (payload: Payload, notice: N) => Promise<R | undefined>
  /** One change at a time per record in this process; null when the caller already holds it. */
  readonly lock: KeyedLock<number> | null
  /** The outcome when no record has the notice's number or reference. */
  readonly missing: O
  readonly apply: (payload: Payload, record: R, notice: N, deps: LifecycleDeps, now: Date) => Promise<O>
}

/**
 * A payment notice applied to its record. With a lock (one change at a time per record in this process, so a
 * success and a failure arriving together cannot interleave), the record is found again inside it: a change that
 * waited sees the record as the one before it left it. The claims on the record's row guard across processes.
 */
export async function applyNotice<R extends { id: number }, N extends PaymentNotice, O>(payload: Payload, notice: N, deps: LifecycleDeps, target: NoticeTarget<R, N, O>): Promise<O> {
  const { find, lock, missing, apply } = target
  const found = await find(payload, notice)
  if (!found) return missing
  const run = async () => {
    const fresh = lock ? await find(payload, notice) : found
    return fresh ? apply(payload, fresh, notice, deps, deps.now ?? new Date()) : missing
  }
  return lock ? lock(found.id, run) : run()
}
