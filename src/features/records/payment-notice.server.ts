// A payment notice (a provider's webhook, or a reconciling pass) applied to the order or reservation it is
// about: the record is found by number or reference, and changed under its lock. What the notice means for the
// record is decided by domain/payments/notice-decision.ts.
import 'server-only'
import type { DataFromCollectionSlug, Payload, Where } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import type { KeyedLock } from '../../lib/keyed-lock'
import { appendHistory, type LifecycleDeps, type LifecycleRecord } from './transition.server'

/** What a payment provider's webhook (or a reconciling pass) says about a payment of an order or a reservation. */
export interface PaymentNotice {
  /** The order's or reservation's number. */
  readonly orderNumber?: string
  readonly reference: string
  readonly amountPence: number
  readonly provider: string
}


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

/**
 * A payment notice applied to its record. With a lock (one change at a time per record in this process, so a
 * success and a failure arriving together cannot interleave), the record is found again inside it: a change that
 * waited sees the record as the one before it left it. The claims on the record's row guard across processes.
 */
export function onNotice<R extends { id: number }, N extends PaymentNotice, O>(find: (payload: Payload, notice: N) => Promise<R | undefined>, lock: KeyedLock<number> | null, missing: O, apply: (payload: Payload, record: R, notice: N, deps: LifecycleDeps, now: Date) => Promise<O>) {
  return async (payload: Payload, notice: N, deps: LifecycleDeps = {}): Promise<O> => {
    const found = await find(payload, notice)
    if (!found) return missing
    const run = async () => {
      const fresh = lock ? await find(payload, notice) : found
      return fresh ? apply(payload, fresh, notice, deps, deps.now ?? new Date()) : missing
    }
    return lock ? lock(found.id, run) : run()
  }
}

