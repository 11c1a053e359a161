// The one lifecycle of a record that holds stock and takes payment (an order, a reservation). A change the
// domain declares (LIFECYCLE, RESERVATION_LIFECYCLE) is claimed on the record's row (only from its states), moves
// the record's units, writes its columns, its history entry and its follow-ups (queued jobs) in one unit of
// work with the stock ledger (ADR 025); then pages showing the stock are made stale. Notification, refunds and
// the per-record lock are here too, so orders and reservations keep only what really differs.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { DataFromCollectionSlug, Payload, Where } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import type { PaymentProvider } from '../../adapters/payments/payment-provider'
import { historyEntry, type HistoryEntry } from '../../cms/fields/history'
import { revalidateProducts, revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { isPostgres, type Arg, type TransactionId } from '../../cms/sql.server'
import { stockStateAfter, type Transition } from '../../domain/lifecycle'
import type { KeyedLock } from '../../lib/keyed-lock'
import { enqueueAndRun, markJobCompleted, runJobNow } from '../jobs/queue.server'
import { recordChange, releaseStock, sellHeldStock, transferHeldStock, type ChangeRecord, type HoldState, type MoveResult, type OwnerChange } from '../stock/stock-ledger.server'
import { paymentProvider, providerNamed } from './providers.server'

export interface LifecycleDeps {
  /** The provider that took the payment (to refund it or ask it about open payments); looked up by name when omitted. */
  readonly provider?: PaymentProvider | null
  /** Sends emails here and now (tests) instead of through the job queue. */
  readonly email?: EmailSender
  readonly siteUrl?: string
  readonly now?: Date
}

/** What a payment provider's webhook (or a reconciling pass) says about a payment of an order or a reservation. */
export interface PaymentNotice {
  /** The order's or reservation's number. */
  readonly orderNumber?: string
  readonly reference: string
  readonly amountPence: number
  readonly provider: string
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
export function claim(record: Pick<LifecycleRecord, 'table' | 'id'>, change: Transition & { readonly financeFrom?: readonly string[] }, stockState: string | undefined = stockStateAfter(change)): OwnerChange & { readonly status: string; readonly fromStatuses: readonly string[] } {
  return {
    table: record.table,
    id: record.id,
    fromStatuses: change.from,
    status: change.to,
    ...(change.financeFrom ? { alsoWhere: { column: 'finance_status', in: change.financeFrom } } : {}),
    ...(stockState ? { stockState } : {}),
  }
}

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
  return { ...owner, set: [...(owner.set ?? []), ...columnsOf(payload, data, now, skip)], record }
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
export async function runTransition(payload: Payload, record: LifecycleRecord, transition: Transition & { readonly financeFrom?: readonly string[] }, step: Step, now: Date): Promise<MoveResult> {
  const claimed = claim(record, transition)
  const entry: HistoryEntry | null = step.note === undefined ? null : { at: now.toISOString(), actor: step.actor ?? transition.actor ?? 'shop', note: step.note.slice(0, 500), ...(step.by !== undefined ? { by: step.by } : {}), from: step.from ?? transition.from[0], to: transition.to }
  const owner = entry ? change(payload, claimed, step.data ?? {}, entry, now, step.then) : claimed
  const tx = step.transactionID ?? null
  const stock = transition.stock
  const result = !stock ? await recordChange(payload, tx, owner) : stock === 'sell' ? await sellHeldStock(payload, tx, record.ref, { owner, now }) : await releaseStock(payload, tx, record.ref, stock, { owner, now })
  if (result.ownerChanged && step.stale) await makeStale(payload, step.stale, result.rows)
  return result
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

/** Pages showing stock a change moved: the products' pages (when units moved), or the whole storefront. */
export async function makeStale(payload: Payload, stale: NonNullable<Step['stale']>, movedRows = 1): Promise<void> {
  if (!stale.products) return revalidateStorefront(stale.reason, payload.logger)
  if (movedRows > 0) await revalidateProducts(payload, stale.products, stale.reason)
}

/**
 * After a change committed with its queued email job (`then`): try that job now (the runner retries it if this
 * try fails or the process dies). With `direct` (an email sender given, in tests) the email is sent here and
 * the job marked done, so it is still sent once.
 */
export async function runQueuedNow(payload: Payload, followUps: readonly Record<string, unknown>[][] | undefined, direct: (() => Promise<void>) | null, context: Record<string, unknown>): Promise<void> {
  const jobId = followUps?.[0]?.[0]?.id
  try {
    if (direct) {
      await direct()
      if (jobId != null) await markJobCompleted(payload, Number(jobId), new Date())
      return
    }
    if (jobId == null) throw new Error('the email job was not queued with the change')
    await runJobNow(payload, Number(jobId))
  } catch (error) {
    payload.logger.warn({ err: error, ...context }, 'email after a lifecycle change: first try failed; the runner retries it')
  }
}

/** An email after a change that did not queue it itself: sent here (tests) or queued and tried at once. Never throws. */
export async function notify(payload: Payload, task: string, input: Record<string, unknown>, direct: (() => Promise<void>) | null): Promise<void> {
  try {
    await (direct ? direct() : enqueueAndRun(payload, task, input))
  } catch (error) {
    payload.logger.error({ err: error, ...input }, 'email after a lifecycle change could not be queued')
  }
}

/** The provider a record's payment went through (the one given in `deps`, else the one named on the record). */
export function providerFor(payload: Payload, deps: LifecycleDeps, name: string | null | undefined): PaymentProvider | null {
  return deps.provider ?? providerNamed(payload, name)
}

/** Refunds money through its provider; answers the refund's id, or the reason it was not made (never throws). */
export async function refund(payload: Payload, deps: LifecycleDeps, money: { provider: string | null | undefined; reference: string; amountPence: number; key: string }, fallback = false): Promise<{ ok: true; id: string; provider: string } | { ok: false; message: string; error: unknown }> {
  try {
    const provider = providerFor(payload, deps, money.provider) ?? (fallback ? paymentProvider(payload) : null)
    if (!provider) throw new Error(`no payment provider named ${money.provider}`)
    const made = await provider.refund(money.reference, money.amountPence, money.key)
    return { ok: true, id: made.id, provider: provider.name }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), error }
  }
}

/**
 * Money sent back through its provider, with the record's history saying so, or saying why not so that staff can
 * send it back by hand (a refusal is logged as an error too). Never throws; answers what `refund` answered.
 */
export async function refundAndNote(payload: Payload, deps: LifecycleDeps, record: Pick<LifecycleRecord, 'table' | 'id'> & { readonly status: string; readonly number: string }, money: Parameters<typeof refund>[2], said: { readonly actor: string; readonly fallback?: boolean; readonly note: (outcome: { id: string; provider: string } | { error: string }) => { note: string; data?: RecordWrite } }, now: Date): ReturnType<typeof refund> {
  const made = await refund(payload, deps, money, said.fallback)
  if (!made.ok) payload.logger.error({ err: made.error, [record.table]: record.number, reference: money.reference }, 'automatic refund failed: staff must refund it, or the background pass retries it')
  const { note, data } = said.note(made.ok ? made : { error: made.message })
  await appendHistory(payload, record, data ?? {}, historyEntry(now, said.actor, record.status, record.status, note), now).catch((error) => payload.logger.error({ err: error, [record.table]: record.number }, 'could not record a refund in the history'))
  return made
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
 * Before an unpaid record ends, its open payments are closed at the provider: a payment that did succeed is
 * applied (`paid`) instead, and one still processing leaves the record as it is for now.
 */
export async function settleOpenPayments(provider: PaymentProvider, record: { orderNumber: string; reference?: string | null }, paid: (notice: PaymentNotice) => Promise<unknown>): Promise<'paid' | 'processing' | 'closed'> {
  const settled = await provider.closeOpenPayments({ orderNumber: record.orderNumber, reference: record.reference })
  if (settled.status === 'succeeded') await paid({ orderNumber: record.orderNumber, reference: settled.reference, amountPence: settled.amountPence, provider: provider.name })
  return settled.status === 'succeeded' ? 'paid' : settled.status === 'processing' ? 'processing' : 'closed'
}

/**
 * Hands a record's units to another record without putting them back on the shelf in between, with both
 * claims, all or nothing. When the receiver cannot take them, the giver still makes its change and its units go
 * back on the shelf. Answers 'moved', 'released', or false when the giver had nothing to hand over.
 */
export async function handOver(payload: Payload, giver: LifecycleRecord & { readonly change: OwnerChange }, taker: LifecycleRecord & { readonly change: OwnerChange }, states: readonly HoldState[], as: HoldState, now: Date): Promise<'moved' | 'released' | false> {
  const moved = await transferHeldStock(payload, null, giver.ref, taker.ref, { owners: [giver.change, taker.change], states, as, now })
  if (moved.ownerChanged && moved.rows > 0) return 'moved'
  // Nothing moved (on either database the move is all or nothing).
  const again = await releaseStock(payload, null, giver.ref, states, { owner: giver.change, now })
  return again.rows > 0 ? 'released' : false
}
