// The one lifecycle of a record that holds stock and takes payment (an order, a reservation). A change the
// domain declares (LIFECYCLE, RESERVATION_LIFECYCLE) is claimed on the record's row (only from its states), moves
// the record's units, writes its columns, its history entry and its follow-ups (queued jobs) in one unit of
// work with the stock ledger (ADR 025); then pages showing the stock are made stale. Money back
// (money-back.server.ts), customer emails (notices.server.ts) and payment notices (payment-notice.server.ts)
// are beside it, so orders and reservations keep only what really differs.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { DataFromCollectionSlug, Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import type { HistoryEntry } from '../../cms/fields/history'
import { revalidateProducts, revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { isPostgres, type Arg, type TransactionId } from '../../cms/sql.server'
import { stockStateAfter, type Transition } from '../../domain/lifecycle'
import type { KeyedLock } from '../../lib/keyed-lock'
import type { HoldState, MoveResult } from '../stock/ledger-contract'
import { releaseStock, sellHeldStock, transferHeldStock } from '../stock/stock-ledger.server'
import { ownerStatements, type OwnerChange } from './owner-change.server'
import { historyRows, recordChange, type ChangeRecord } from './history.server'

export interface LifecycleDeps {
  /** The provider that took the payment (to refund it or ask it about open payments); looked up by name when omitted. */
  readonly provider?: PaymentProvider | null
  /** Sends emails here and now (tests) instead of through the job queue. */
  readonly email?: EmailSender
  readonly siteUrl?: string
  readonly now?: Date
}


/** A record that holds stock: its table, its row and the ledger ref of its units. */
export interface LifecycleRecord {
  readonly table: OwnerChange['table']
  readonly id: number
  readonly ref: string
}

/** The columns a change writes besides its claim (a group's fields are prefixed columns, as Payload stores them). */
export interface RecordWrite {
  readonly status?: string
  readonly financeStatus?: string | null
  readonly convertedOrder?: number | null
  readonly stock?: { readonly state?: string; readonly holdExpiresAt?: string | null; readonly couponCounted?: boolean }
  readonly payment?: { readonly [field in 'provider' | 'reference' | 'paidAt' | 'failureMessage' | 'refundId' | 'refundError']?: string | null } & { readonly refundedPence?: number }
  /** An order's Cycle to Work certificate (its own state table, ADR 053). */
  readonly certificate?: { readonly status?: string }
}

/** An id for an array row, in the form Payload gives them (an ObjectId's 24 hex digits: seconds, then random). */
export function arrayRowId(now: Date): string {
  return Math.floor(now.getTime() / 1000).toString(16).padStart(8, '0') + randomBytes(8).toString('hex')
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

function columnsOf(payload: Payload, data: RecordWrite, now: Date, skip: readonly string[]): [string, Arg][] {
  const sets: [string, Arg][] = []
  const put = (column: string, value: unknown) => {
    if (value === undefined || skip.includes(column)) return
    sets.push([column, typeof value === 'boolean' ? (isPostgres(payload) ? String(value) : Number(value)) : (value as Arg)])
  }
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object') for (const [field, v] of Object.entries(value as object)) put(`${snake(key)}_${snake(field)}`, v)
    else put(key === 'convertedOrder' ? 'converted_order_id' : snake(key), value)
  }
  sets.push(['updated_at', now.toISOString()])
  return sets
}

/** The claim on a record's row for a declared change: made only from its states (and its finance states, for an order). */
export function claim(record: Pick<LifecycleRecord, 'table' | 'id'>, change: ClaimedChange, stockState: string | undefined = stockStateAfter(change)): OwnerChange & { readonly status: string; readonly fromStatuses: readonly string[] } {
  return {
    table: record.table,
    id: record.id,
    fromStatuses: change.from,
    status: change.to,
    ...(change.financeFrom ? { alsoWhere: { column: 'finance_status', in: change.financeFrom } } : {}),
    ...(change.certificateFrom ? { alsoWhere: { column: 'certificate_status', in: change.certificateFrom } } : {}),
    ...(change.whileUnpaid ? { stillNull: 'payment_paid_at' as const } : {}),
    ...(stockState ? { stockState } : {}),
  }
}

/** A declared change as a claim reads it: its states, and what else the row must still be in (see LifecycleChange). */
export type ClaimedChange = Transition & { readonly financeFrom?: readonly string[]; readonly certificateFrom?: readonly string[]; readonly whileUnpaid?: boolean }

/**
 * One change as one unit of work: the claim (its status condition), the other columns it writes, its history
 * entry and its follow-up work (`then`, such as a queued email). Nothing goes through Payload's update, which
 * deletes and re-inserts a record's arrays outside any transaction on SQLite.
 */
export function change(payload: Payload, owner: OwnerChange, data: RecordWrite, history: HistoryEntry, now: Date, then?: ChangeRecord['then']): OwnerChange {
  const skip = [...(owner.status ? ['status'] : []), ...(owner.stockState ? ['stock_state'] : [])]
  const record: ChangeRecord = {
    table: `${owner.table}_history`,
    id: arrayRowId(now),
    columns: ['at', 'by_id', 'actor', 'from', 'to', 'note'],
    values: [history.at, history.by ?? null, history.actor, history.from ?? null, history.to ?? null, history.note],
    ...(then ? { then } : {}),
  }
  return { ...owner, set: [...(owner.set ?? []), ...columnsOf(payload, data, now, skip)], record: historyRows(owner.id, record) }
}

/** A note (and any columns) added to a record without a status condition: one atomic statement pair. */
export async function appendHistory(payload: Payload, record: Pick<LifecycleRecord, 'table' | 'id'>, data: RecordWrite, history: HistoryEntry, now: Date = new Date(history.at)): Promise<void> {
  await recordChange(payload, null, change(payload, { table: record.table, id: record.id }, data, history, now))
}

export interface Step {
  /** The history note (omitted: the claim alone, recorded by the caller, as the admin's hooks do). */
  readonly note?: string
  readonly actor?: string
  readonly by?: number
  /** The status the history shows it came from (the first of the change's states when omitted). */
  readonly from?: string
  readonly data?: RecordWrite
  readonly then?: ChangeRecord['then']
  /** Pages made stale once the change is made: the products' pages when units moved, else the whole storefront. */
  readonly stale?: { readonly reason: string; readonly products?: readonly number[] }
  readonly transactionID?: TransactionId
}

/** Runs a declared change: claim, move the units (sell or put back, as declared), history and follow-ups, then staleness. */
export async function runTransition(payload: Payload, record: LifecycleRecord, transition: ClaimedChange, step: Step, now: Date): Promise<MoveResult> {
  const claimed = claim(record, transition)
  const entry: HistoryEntry | null = step.note === undefined ? null : { at: now.toISOString(), actor: step.actor ?? transition.actor ?? 'shop', note: step.note.slice(0, 500), ...(step.by !== undefined ? { by: step.by } : {}), from: step.from ?? transition.from[0], to: transition.to }
  const owner = entry ? change(payload, claimed, step.data ?? {}, entry, now, step.then) : claimed
  const tx = step.transactionID ?? null
  const stock = transition.stock
  const result = !stock ? await recordChange(payload, tx, owner) : stock === 'sell' ? await sellHeldStock(payload, tx, record.ref, { owner: ownerStatements(owner), now }) : await releaseStock(payload, tx, record.ref, stock, { owner: ownerStatements(owner), now })
  if (result.ownerChanged && step.stale) await makeStale(payload, step.stale, result.rows)
  return result
}


/** Pages showing stock a change moved: the products' pages (when units moved), or the whole storefront. */
export async function makeStale(payload: Payload, stale: NonNullable<Step['stale']>, movedRows = 1): Promise<void> {
  if (!stale.products) return revalidateStorefront(stale.reason, payload.logger)
  if (movedRows > 0) await revalidateProducts(payload, stale.products, stale.reason)
}


/**
 * A background pass over the records that are due (`where`: their holds ran out), 100 at a time: each is changed
 * under its lock, and one whose change throws (its provider could not be asked) stays for the next pass.
 * Answers the records changed.
 */
export async function sweep<C extends 'orders' | 'reservations'>(payload: Payload, collection: C, where: Where, lock: KeyedLock<number>, fn: (record: DataFromCollectionSlug<C>) => Promise<boolean>, failed: (record: DataFromCollectionSlug<C>, error: unknown) => void): Promise<DataFromCollectionSlug<C>[]> {
  const due = await payload.find({ collection, where, limit: 100, depth: 0, overrideAccess: true, pagination: false })
  const changed: DataFromCollectionSlug<C>[] = []
  for (const record of due.docs as DataFromCollectionSlug<C>[]) {
    try {
      if (await lock(record.id, () => fn(record))) changed.push(record)
    } catch (error) {
      failed(record, error)
    }
  }
  return changed
}


/**
 * Hands a record's units to another record without putting them back on the shelf in between, with both
 * claims, all or nothing. When the receiver cannot take them, the giver still makes its change and its units go
 * back on the shelf. Answers 'moved', 'released', or false when the giver had nothing to hand over.
 */
export async function handOver(payload: Payload, giver: LifecycleRecord & { readonly change: OwnerChange }, taker: LifecycleRecord & { readonly change: OwnerChange }, states: readonly HoldState[], as: HoldState, now: Date): Promise<'moved' | 'released' | false> {
  const moved = await transferHeldStock(payload, null, giver.ref, taker.ref, { owners: [ownerStatements(giver.change), ownerStatements(taker.change)], states, as, now })
  if (moved.ownerChanged && moved.rows > 0) return 'moved'
  // Nothing moved (on either database the move is all or nothing).
  const again = await releaseStock(payload, null, giver.ref, states, { owner: ownerStatements(giver.change), now })
  return again.rows > 0 ? 'released' : false
}
