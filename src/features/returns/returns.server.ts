// The returns workflow (ADR 046) on the pure rules of domain/returns: a customer (or staff, from any clear
// statement) cancels lines; before dispatch they are cancelled at once (stock back, refund asked in the same unit
// of work); after, a return is opened with instructions. Staff mark it received (stock back, once), refund it
// (less any deduction, with its reason) or reject it. Each step writes its history and queues its email with it.
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import { addDays } from '../../domain/booking/calendar'
import { REFUND_DAYS } from '../../domain/consumer-rights'
import { formatPence } from '../../domain/money'
import { refundLastDay } from '../../domain/returns/consumer-rights-clock'
import { refundAmount } from '../../domain/returns/refund-amount'
import { mayRefundBeforeReceipt, nextReturnState, RETURN_TRANSITIONS, type ReturnState } from '../../domain/returns/return-lifecycle'
import { planCancellation, returnRefundKey } from '../../domain/returns/return-request'
import { settleExchange } from '../../domain/returns/exchange'
import { isPaidStatus } from '../../domain/orders/order-status'
import type { Order, Return } from '../../payload-types'
import { returnSoldUnitsStatements } from '../stock/stock-ledger.server'
import { makeStale } from '../records/transition.server'
import { loadOrderFacts, paidForOrder, ukDay, type LoadedOrder } from './order-facts.server'
import { refundStatements, requestRefund, sendRefundNow, type RefundDeps } from './refunds.server'
import { returnEmailJob, sendReturnEmailNow } from './return-email.server'
import type { ReturnEmailStep } from './return-email'
import { atomically, claimReturnStatement, insertReturnStatement, newToken, returnHistoryStatement, returnIdByToken, returnIdIs, returnMarked, setReturnColumnsStatement } from './return-rows.server'
import { isUniqueViolation, type Stmt } from '../../cms/sql.server'
import { replacementOf } from './return-rows.server'
import { cancelReplacement } from './exchanges.server'
import type { Actor, Outcome } from './return-outcome'

export type { Actor, Outcome } from './return-outcome'



export interface CancellationAsk {
  readonly lines: readonly { readonly lineId: string; readonly count: number }[]
  readonly reason: string
  /** How the goods come back when they have left: by post, or brought to the dealer. */
  readonly returnMethod: 'post' | 'dealer'
  /** Staff recording a customer's clear statement (by phone, letter or email) say how it came. */
  readonly statedBy?: string
}

const returnRef = (returnNumber: string) => `return:${returnNumber}`

/** Cancels chosen lines of an order the caller may act on (access is the caller's check). */
export async function cancelLines(payload: Payload, order: Order, ask: CancellationAsk, who: Actor, deps: RefundDeps = {}): Promise<Outcome<{ returnNumber: string; mode: 'cancel-now' | 'return' | 'finance'; refundPence: number }>> {
  const now = deps.now ?? new Date()
  const today = ukDay(now)
  const facts = await loadOrderFacts(payload, order)
  const plan = planCancellation(facts, ask.lines, today)
  if (!plan.ok) return { ok: false, status: 409, message: plan.problem }
  const chosen = ask.lines.map((c) => ({ ...facts.lines.find((l) => l.lineId === c.lineId)!, chosen: c.count }))
  const amount = refundAmount({ lines: facts.lines, chosen: ask.lines, standardDeliveryPence: facts.standardDeliveryPence, paidPence: paidForOrder(order), alreadyRefundedPence: facts.refundedPence })
  if (!amount.ok) return { ok: false, status: 400, message: amount.problem }
  const returnNumber = facts.nextReturnNumber
  const finance = order.kind === 'finance'
  const cancelNow = plan.mode === 'cancel-now'
  const lines = chosen.map((l) => ({ lineId: l.lineId, name: l.name, productId: l.productId, variantId: l.variantId, count: l.chosen, paidPence: Math.floor((l.paidPence * l.chosen) / l.count) }))
  const items = lines.map((l) => `${l.count} × ${l.name}`).join(', ')
  const wholeOrder = amount.deliveryPence > 0 || facts.lines.every((l) => l.returnedCount + (ask.lines.find((c) => c.lineId === l.lineId)?.count ?? 0) === l.count)
  const token = newToken()
  const when = returnMarked(token)
  const reason = `${ask.statedBy ? `Clear statement (${ask.statedBy}): ` : ''}${ask.reason}`.trim()
  const stmts = [
    insertReturnStatement(payload, {
      returnNumber, orderId: order.id, customerId: typeof order.customer === 'object' ? (order.customer?.id ?? null) : (order.customer ?? null), email: order.email,
      ground: 'cancellation', state: 'requested', reason, returnMethod: cancelNow ? null : ask.returnMethod, lines, wholeOrder,
      goodsDelivered: !cancelNow, deliveredOn: facts.deliveredOn, requestedOn: today, refundDueOn: cancelNow ? addDays(today, REFUND_DAYS) : null, faultRemedy: null,
    }, token, now),
    returnHistoryStatement(payload, returnIdByToken(token), historyEntry(now, who.actor, null, 'requested', RETURN_TRANSITIONS.request.note({ ground: 'cancellation', items }) + (finance ? ` Finance order: cancelled with the lender ${order.finance?.lenderName ?? ''}, not refunded to a card.` : ''), who.by), when, now),
  ]
  // Goods that never left go back on the shelf now; goods on their way back only when staff receive them.
  if (cancelNow) stmts.push(...returnSoldUnitsStatements(payload, order.id, returnRef(returnNumber), lines, now, when))
  const step: ReturnEmailStep = finance ? 'finance-cancelled' : cancelNow ? 'cancelled' : 'requested'
  const emailAt = stmts.length
  stmts.push(returnEmailJob(payload, null, step, now, when, returnNumber))
  const refundKey = returnRefundKey(returnNumber)
  const refundAt = stmts.length
  if (cancelNow && !finance && amount.refundPence > 0) stmts.push(...refundStatements(payload, { orderId: order.id, returnId: null, lines: ask.lines, amountPence: amount.refundPence, paidPence: paidForOrder(order), key: refundKey }, newToken(), now, returnIdByToken(token)))
  let results
  try {
    results = await atomically(payload, order.id, stmts)
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: 'Another cancellation of this order was made at the same moment. Reload the page to see it.' }
    if (/NOT NULL/i.test(String((error as Error)?.message))) return { ok: false, status: 409, message: 'These items are no longer held for this order, so they cannot be cancelled here. Contact us.' }
    throw error
  }
  const returnId = Number(results[0]!.rows[0]?.id)
  if (cancelNow) await makeStale(payload, { reason: `order ${order.orderNumber} lines cancelled`, products: lines.map((l) => l.productId) })
  await sendReturnEmailNow(payload, returnId, step, results[emailAt]!.rows[0]?.id, deps)
  if (stmts.length > refundAt) await sendRefundNow(payload, refundKey, results[refundAt + 1]!.rows[0]?.id, deps)
  return { ok: true, returnNumber, mode: finance ? 'finance' : plan.mode, refundPence: finance ? 0 : amount.refundPence }
}

async function findReturn(payload: Payload, id: number): Promise<Return | null> {
  return payload.findByID({ collection: 'returns', id, depth: 0, overrideAccess: true, disableErrors: true }) as Promise<Return | null>
}

/** A step staff take on a return in `from`, with its history and email, all or nothing; refused when the return has moved on. */
async function step(payload: Payload, r: Return, name: 'receive' | 'reject', set: Record<string, string | number | null>, note: string, who: Actor, emailStep: ReturnEmailStep, extra: (when: ReturnType<typeof returnMarked>) => ReturnType<typeof returnSoldUnitsStatements>, deps: RefundDeps): Promise<Outcome> {
  const now = deps.now ?? new Date()
  const t = RETURN_TRANSITIONS[name]
  const token = newToken()
  const when = returnMarked(token)
  const orderId = typeof r.order === 'object' ? r.order.id : r.order
  const stmts = [claimReturnStatement(payload, r.id, t.from, t.to, set, token, now), returnHistoryStatement(payload, returnIdIs(r.id), historyEntry(now, who.actor, r.state, t.to, note, who.by), when, now), returnEmailJob(payload, r.id, emailStep, now, when), ...extra(when)]
  let results
  try {
    results = await atomically(payload, orderId, stmts)
  } catch (error) {
    if (/NOT NULL/i.test(String((error as Error)?.message))) return { ok: false, status: 409, message: 'The order no longer holds these items as sold, so they were not put back on the shelf. Check the order.' }
    throw error
  }
  if (results[0]!.rowsAffected !== 1) return { ok: false, status: 409, message: `This return is ${(await findReturn(payload, r.id))?.state ?? 'gone'}; it can no longer be ${name === 'receive' ? 'marked received' : 'rejected'}.` }
  await sendReturnEmailNow(payload, r.id, emailStep, results[2]!.rows[0]?.id, deps)
  return { ok: true }
}

/** Staff mark the goods received: the refund deadline starts, and the units go back on the shelf through the ledger, once. */
export async function receiveReturn(payload: Payload, returnId: number, who: Actor, deps: RefundDeps = {}): Promise<Outcome> {
  const r = await findReturn(payload, returnId)
  if (!r) return { ok: false, status: 404, message: 'There is no such return.' }
  if (!r.goodsDelivered) return { ok: false, status: 409, message: 'These items were cancelled before they left: there is nothing to receive.' }
  if (nextReturnState(r.state as ReturnState, 'receive') === null) return { ok: false, status: 409, message: `This return is ${r.state}; it can no longer be marked received.` }
  const day = ukDay(deps.now ?? new Date())
  const due = refundLastDay({ cancelledOn: r.requestedOn, deliveredOn: r.deliveredOn ?? day, goodsReceivedOn: day, proofOfReturnOn: r.proofOfReturnOn })
  const orderId = typeof r.order === 'object' ? r.order.id : r.order
  const lines = (r.lines as { productId: number; variantId: number | null; count: number }[]) ?? []
  const outcome = await step(payload, r, 'receive', { received_on: day, refund_due_on: due }, RETURN_TRANSITIONS.receive.note({ day }), who, 'received', (when) => returnSoldUnitsStatements(payload, orderId, returnRef(r.returnNumber), lines, deps.now ?? new Date(), when), deps)
  if (outcome.ok) await makeStale(payload, { reason: `return ${r.returnNumber} received`, products: lines.map((l) => l.productId) })
  return outcome
}

/** Staff refuse a return that has not come back (goods received are refunded, less any deduction for lost value). */
export async function rejectReturn(payload: Payload, returnId: number, reason: string, who: Actor, deps: RefundDeps = {}): Promise<Outcome> {
  const r = await findReturn(payload, returnId)
  if (!r) return { ok: false, status: 404, message: 'There is no such return.' }
  if (r.state !== 'requested') return { ok: false, status: 409, message: r.state === 'received' ? 'The goods are back on the shelf: refund the return, recording a deduction for any loss in value.' : `This return is ${r.state}; it can no longer be rejected.` }
  if (r.ground === 'exchange') {
    const cancelled = await cancelReplacement(payload, r, who, deps.now ?? new Date())
    if (!cancelled.ok) return cancelled
  }
  return step(payload, r, 'reject', {}, RETURN_TRANSITIONS.reject.note({ reason }), who, 'rejected', () => [], deps)
}

/**
 * Staff refund a return, less a deduction for lost value with its reason. Only once the goods are back, or
 * proof of posting was given, or they never left. One refund per return: asking again answers the same one.
 */
export async function refundReturn(payload: Payload, returnId: number, deduction: { pence: number; reason: string } | null, who: Actor, deps: RefundDeps = {}): Promise<Outcome<{ refundPence: number; state: string }>> {
  const r = await findReturn(payload, returnId)
  if (!r) return { ok: false, status: 404, message: 'There is no such return.' }
  if (r.state !== 'requested' && r.state !== 'received') return { ok: false, status: 409, message: `This return is ${r.state}; it cannot be refunded again.` }
  if (r.state === 'requested' && !mayRefundBeforeReceipt({ goodsDelivered: Boolean(r.goodsDelivered), proofOfReturnGiven: Boolean(r.proofOfReturnOn) })) return { ok: false, status: 409, message: 'Mark the goods received (or record proof of posting) before refunding.' }
  const order = await payload.findByID({ collection: 'orders', id: typeof r.order === 'object' ? r.order.id : r.order, depth: 0, overrideAccess: true })
  if (order.kind === 'finance') return { ok: false, status: 409, message: 'A finance order is cancelled with its lender, not refunded to a card.' }
  const facts: LoadedOrder = await loadOrderFacts(payload, order)
  const own = (r.lines as { lineId: string; count: number }[]) ?? []
  // This return's own units count as not yet returned when its amount is worked out.
  const lines = facts.lines.map((l) => ({ ...l, returnedCount: l.returnedCount - (own.find((o) => o.lineId === l.lineId)?.count ?? 0) }))
  const amount = refundAmount({ lines, chosen: own, standardDeliveryPence: facts.standardDeliveryPence, paidPence: paidForOrder(order), alreadyRefundedPence: facts.refundedPence, deduction })
  if (!amount.ok) return { ok: false, status: 400, message: amount.problem }
  if (amount.refundPence <= 0) return { ok: false, status: 409, message: 'Nothing is left to refund on this order.' }
  const now = deps.now ?? new Date()
  const exchange = r.ground === 'exchange' ? await exchangeCredit(payload, r, amount.refundPence + amount.deductionPence, amount.deductionPence) : { ok: true as const, creditPence: 0 }
  if (!exchange.ok) return exchange
  const withDeduction = (when: Stmt): Stmt[] =>
    amount.deductionPence > 0
      ? [
          setReturnColumnsStatement(r.id, { deduction_pence: amount.deductionPence, deduction_reason: (amount.deductionReason ?? '').slice(0, 300) }, now, when),
          returnHistoryStatement(payload, returnIdIs(r.id), historyEntry(now, who.actor, r.state, r.state, `Deduction of ${formatPence(amount.deductionPence)} for lost value: ${amount.deductionReason}`.slice(0, 500), who.by), when, now),
        ]
      : []
  const made = await requestRefund(payload, { orderId: order.id, returnId: r.id, lines: own, amountPence: amount.refundPence, creditPence: exchange.creditPence, paidPence: paidForOrder(order), key: returnRefundKey(r.returnNumber), with: withDeduction }, deps)
  if (!made.ok) return made
  return { ok: true, refundPence: made.refund.amountPence, state: made.refund.state }
}

/**
 * What of an exchange's returned item paid for its replacement (credited, not refunded to the card): the credit of a
 * replacement that was paid, none when no replacement was made or it was cancelled. One still waiting for its card
 * payment must be paid or cancelled first.
 */
async function exchangeCredit(payload: Payload, r: Return, valuePence: number, deductionPence: number): Promise<{ ok: true; creditPence: number } | { ok: false; status: 409 | 400; message: string }> {
  const replacement = await replacementOf(payload, r.id)
  if (replacement?.status === 'awaiting_payment') return { ok: false, status: 409, message: `The replacement order ${replacement.orderNumber} is still waiting for its card payment: settle this exchange once it is paid, or cancel it to refund the item in full.` }
  const creditUsedPence = replacement && isPaidStatus(replacement.status) ? (replacement.exchangeCreditPence ?? 0) : 0
  const settled = settleExchange({ valuePence, deductionPence, creditUsedPence })
  return settled.ok ? { ok: true, creditPence: settled.creditPence } : { ok: false, status: 400, message: settled.problem }
}
