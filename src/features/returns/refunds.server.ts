// Money back to the customer, once (ADR 046). A refund is first a row (its idempotency key unique, its amount
// counted against what was paid) written with the job that sends it, in one unit of work; the job asks the
// provider that took the payment to refund with the same key, then records the answer, with everything that
// follows it (the order's refunded total, the return's state and history, the customer's email, the credit note
// hook), in one more. A process killed between the provider's answer and the record runs the job again: the
// provider answers the same refund for the same key, and the record is written once.
import 'server-only'
import type { Payload } from 'payload'
import { RefundRefusedError, type PaymentProvider } from '../../adapters/payments/payment-provider'
import type { EmailSender } from '../../adapters/email/email-sender'
import { isUniqueViolation, type Stmt } from '../../cms/sql.server'
import { historyEntry } from '../../cms/fields/history'
import { formatPence } from '../../domain/money'
import { RETURN_TRANSITIONS } from '../../domain/returns/return-lifecycle'
import { crashPoint } from '../../lib/crash-point'
import { queueJobStatement, runJobNow, markJobCompleted } from '../jobs/queue.server'
import { SEND_REFUND } from '../jobs/task-names'
import { addRefundedStatement, certificateReturnedStatements, refundedInFullStatements } from '../orders/order-rows.server'
import { refundSplitOf } from '../orders/certificate-order'
import { CERTIFICATE_TRANSITIONS } from '../../domain/payments/certificate-lifecycle'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'
import { LIFECYCLE } from '../../domain/orders/order-status'
import { providerFor } from '../records/money-back.server'
import { afterRefundRecorded } from './after-refund-recorded.server'
import { paidForOrder } from './order-facts.server'
import { EXCHANGE_PROVIDER } from '../payments/providers.server'
import { returnEmailJob, sendReturnEmailNow } from './return-email.server'
import { atomically, claimReturnStatement, creditSourceOf, insertRefundStatement, markRefundFailed, newToken, refundByKey, refundMarked, refundSucceededStatement, returnHistoryStatement, returnIdIs, type RefundRow } from './return-rows.server'

export interface RefundDeps {
  readonly provider?: PaymentProvider | null
  /** Sends the customer's emails here and now (tests) instead of through the job queue. */
  readonly email?: EmailSender
  readonly now?: Date
  /** Leaves the job for the runner (a test that sends it itself). */
  readonly queueOnly?: boolean
}

export interface RefundAsk {
  readonly orderId: number
  readonly returnId: number | null
  readonly lines: readonly { readonly lineId: string; readonly count: number }[]
  readonly amountPence: number
  /** Of the amount, what paid for an exchange's replacement: credited on the credit note, not sent to the card. */
  readonly creditPence?: number
  /** What the customer paid (the cap of all the order's refunds together). */
  readonly paidPence: number
  readonly key: string
  /** Statements written with the refund's row, only when this ask made it (`when`), such as the return's deduction. */
  readonly with?: (when: Stmt) => Stmt[]
}

export type RefundAnswer = { readonly ok: true; readonly refund: RefundRow; readonly created: boolean } | { readonly ok: false; readonly status: 400 | 409; readonly message: string }

/**
 * Asks for a refund: the row and its job in one unit of work, then the job tried at once. The same key asked again
 * (ten times at once, or after a crash) answers the one refund; an amount beyond what is left of the payment is refused.
 */
export async function requestRefund(payload: Payload, ask: RefundAsk, deps: RefundDeps = {}): Promise<RefundAnswer> {
  if (!Number.isSafeInteger(ask.amountPence) || ask.amountPence <= 0) return { ok: false, status: 400, message: 'A refund must be a whole number of pence above nothing.' }
  const now = deps.now ?? new Date()
  const token = newToken()
  let results
  try {
    results = await atomically(payload, ask.orderId, refundStatements(payload, ask, token, now))
  } catch (error) {
    // Two asks with one key at the same moment on PostgreSQL: the unique key refuses the second; it answers the first.
    if (!isUniqueViolation(error)) throw error
    results = null
  }
  const refund = await refundByKey(payload, ask.key)
  if (!refund) return { ok: false, status: 409, message: 'That would refund more than was paid for this order, less what has already been refunded.' }
  const created = Boolean(results && results[0]!.rowsAffected === 1)
  if (created) await sendRefundNow(payload, ask.key, results![1]!.rows[0]?.id, deps)
  return { ok: true, refund: (await refundByKey(payload, ask.key)) ?? refund, created }
}


/** A refund's row and its job, for a unit of work (the refund's return given as SQL when it is made in the same unit). */
export function refundStatements(payload: Payload, ask: RefundAsk, token: string, now: Date, returnIdSql?: Stmt): Stmt[] {
  return [insertRefundStatement(payload, ask, token, now, returnIdSql), queueJobStatement(payload, SEND_REFUND, { key: ask.key }, now, refundMarked(token)), ...(ask.with?.(refundMarked(token)) ?? [])]
}

/** After a refund's row committed with its job: sent at once (or left to the runner); never throws. */
export async function sendRefundNow(payload: Payload, key: string, jobId: unknown, deps: RefundDeps): Promise<void> {
  if (deps.queueOnly) return
  try {
    if (deps.email || deps.provider) {
      await sendRefund(payload, key, deps)
      if (jobId != null) await markJobCompleted(payload, Number(jobId), new Date())
    } else if (jobId != null) await runJobNow(payload, Number(jobId))
  } catch (error) {
    payload.logger.warn({ err: error, refund: key }, 'refund: first try failed; the job runner tries again')
  }
}

/**
 * The refund job: the provider that took the payment refunds it with the refund's key (a provider refusal marks the
 * refund failed, for staff to see; any other error is thrown for the runner to retry), then the refund is recorded.
 */
export async function sendRefund(payload: Payload, key: string, deps: RefundDeps = {}): Promise<RefundRow['state'] | 'missing'> {
  const refund = await refundByKey(payload, key)
  if (!refund) return 'missing'
  if (refund.state !== 'pending') return refund.state
  const order = await payload.findByID({ collection: 'orders', id: refund.orderId, depth: 0, overrideAccess: true })
  const now = () => deps.now ?? new Date()
  const cardPence = refund.amountPence - refund.creditPence
  // All of it paid for an exchange's replacement: nothing goes to the card, and the record says where it went.
  if (order.kind === 'card' && cardPence === 0) {
    await recordRefund(payload, refund, paidForOrder(order), EXCHANGE_PROVIDER, `credit:${refund.key}`, deps, now())
    return 'succeeded'
  }
  // A replacement paid by an exchange credit gives money back to the card that paid the first order.
  const payer = order.payment?.provider === EXCHANGE_PROVIDER ? ((await creditSourceOf(payload, order)) ?? order) : order
  const provider = providerFor(payload, { provider: deps.provider }, payer.payment?.provider)
  const reference = payer.payment?.reference
  // A Cycle to Work order's money goes back the way it came: the card balance to the card, the certificate's part
  // back through the scheme, never to the customer (ADR 053).
  const split = refundSplitOf(order, cardPence)
  if (order.kind !== 'card' || ((!provider || !reference) && split.cardPence > 0)) {
    await markRefundFailed(payload, refund.id, order.kind !== 'card' ? 'A finance order is cancelled with its lender, not refunded to a card.' : 'The order has no card payment to refund.', now())
    return 'failed'
  }
  let made: { id: string } = { id: 'returned-through-the-scheme' }
  try {
    if (split.cardPence > 0) made = await provider!.refund(reference!, split.cardPence, refund.key)
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error
    await markRefundFailed(payload, refund.id, error.message, now())
    payload.logger.error({ err: error, order: order.orderNumber, refund: key }, 'refund refused by the provider: staff must look at it')
    return 'failed'
  }
  crashPoint('refund-made-not-recorded')
  const scheme = split.schemePence > 0 ? { pence: split.schemePence, note: CERTIFICATE_TRANSITIONS.returnToScheme.note({ scheme: schemeLabel(order.certificate!.scheme as CycleScheme), amount: formatPence(split.schemePence) }) } : null
  await recordRefund(payload, refund, paidForOrder(order), split.cardPence > 0 ? provider!.name : 'cycle-to-work', made.id, deps, now(), scheme)
  return 'succeeded'
}

/** The refund recorded as made, with everything that follows it, once (a second record finds it no longer pending). */
async function recordRefund(payload: Payload, refund: RefundRow, paidPence: number, providerName: string, providerRefundId: string, deps: RefundDeps, now: Date, scheme: { pence: number; note: string } | null = null): Promise<void> {
  const token = newToken()
  const when = refundMarked(token, 'succeeded')
  const inFull = LIFECYCLE.refundedInFull
  const stmts = [
    refundSucceededStatement(payload, refund.id, providerName, providerRefundId, token, now),
    // The order's refunded total is money back to the card; what paid for an exchange's replacement stays credited.
    addRefundedStatement(refund.orderId, refund.amountPence - refund.creditPence, now, when),
    // The refund that completes what was paid ends the order as refunded, in the same unit of work.
    ...refundedInFullStatements(payload, refund.orderId, { ...inFull, note: inFull.note({ total: formatPence(paidPence) }) }, now, when),
    ...(scheme ? certificateReturnedStatements(payload, refund.orderId, scheme.pence, scheme.note, now, when) : []),
  ]
  let emailAt = -1
  if (refund.returnId != null) {
    const t = RETURN_TRANSITIONS.refund
    const returnToken = newToken()
    stmts.push(
      claimReturnStatement(payload, refund.returnId, t.from, t.to, { refund_pence: refund.amountPence }, returnToken, now, when),
      returnHistoryStatement(payload, returnIdIs(refund.returnId), historyEntry(now, 'payment provider', 'received', t.to, t.note({ amount: formatPence(refund.amountPence - refund.creditPence) }) + (refund.creditPence > 0 ? ` ${formatPence(refund.creditPence)} of the item's value paid for its replacement.` : '')), when, now),
    )
    emailAt = stmts.length
    stmts.push(returnEmailJob(payload, refund.returnId, 'refunded', now, when))
  }
  stmts.push(...afterRefundRecorded(payload, { refundId: refund.id, orderId: refund.orderId, returnId: refund.returnId, amountPence: refund.amountPence, providerRefundId }, when, now))
  const results = await atomically(payload, refund.orderId, stmts)
  if (results[0]!.rowsAffected !== 1 || refund.returnId == null) return
  await sendReturnEmailNow(payload, refund.returnId, 'refunded', results[emailAt]?.rows[0]?.id, deps)
}
