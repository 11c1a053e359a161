// A fault claim (Consumer Rights Act 2015) on an order line, recorded as a return with ground 'fault' and the remedy
// that applies from the day of delivery (faultRemedy): reject for a full refund within 30 days; after that a repair
// or replacement first, the fault presumed present for 6 months; a deduction for use only on a motor vehicle. The
// return then runs as any other (received, refunded or rejected by staff).
import 'server-only'
import type { Payload } from 'payload'
import { historyEntry } from '../../cms/fields/history'
import { daysSinceDelivery, faultRemedy, type FaultRemedy } from '../../domain/returns/consumer-rights-clock'
import type { Order } from '../../payload-types'
import { loadOrderFacts, ukDay } from './order-facts.server'
import { returnEmailJob, sendReturnEmailNow } from './return-email.server'
import { atomically, insertReturnStatement, newToken, returnHistoryStatement, returnIdByToken, returnMarked } from './return-rows.server'
import type { Actor, Outcome } from './return-outcome'
import type { RefundDeps } from './refunds.server'

/** The remedy in words, for the return's record, its history and the staff screen. */
export function remedyText(remedy: FaultRemedy, day: number): string {
  if (remedy.remedy === 'reject') return `Day ${day} after delivery: short-term right to reject (until ${remedy.lastDay}), full refund, no deduction for use.`
  return `Day ${day} after delivery: repair or replacement first; fault ${remedy.faultPresumed ? 'presumed present at delivery' : 'to be shown by the customer'}; ${remedy.deductionForUseOnFinalReject ? 'a deduction for use is allowed on a final rejection' : 'no deduction for use'}.`
}

export async function recordFaultClaim(payload: Payload, order: Order, claim: { lineId: string; count: number; description: string }, who: Actor, deps: RefundDeps = {}): Promise<Outcome<{ returnNumber: string; remedy: FaultRemedy; explanation: string }>> {
  const now = deps.now ?? new Date()
  const facts = await loadOrderFacts(payload, order)
  const line = facts.lines.find((l) => l.lineId === claim.lineId)
  if (!line) return { ok: false, status: 400, message: 'That item is not on this order.' }
  if (!Number.isSafeInteger(claim.count) || claim.count < 1 || claim.count > line.count - line.returnedCount) return { ok: false, status: 400, message: `Choose from 1 to ${line.count - line.returnedCount} of ${line.name}.` }
  if (!facts.deliveredOn) return { ok: false, status: 409, message: 'The goods have not been delivered or collected yet: cancel them instead.' }
  const today = ukDay(now)
  const remedy = faultRemedy({ deliveredOn: facts.deliveredOn, reportedOn: today, kind: line.productKind ?? 'accessory' })
  const words = remedyText(remedy, daysSinceDelivery(facts.deliveredOn, today))
  const returnNumber = facts.nextReturnNumber
  const token = newToken()
  const when = returnMarked(token)
  const lines = [{ lineId: line.lineId, name: line.name, productId: line.productId, variantId: line.variantId, count: claim.count, paidPence: Math.floor((line.paidPence * claim.count) / line.count) }]
  const results = await atomically(payload, order.id, [
    insertReturnStatement(payload, {
      returnNumber, orderId: order.id, customerId: typeof order.customer === 'object' ? (order.customer?.id ?? null) : (order.customer ?? null), email: order.email,
      ground: 'fault', state: 'requested', reason: claim.description, returnMethod: 'dealer', lines, wholeOrder: false, goodsDelivered: true,
      deliveredOn: facts.deliveredOn, requestedOn: today, refundDueOn: null, faultRemedy: words,
    }, token, now),
    returnHistoryStatement(payload, returnIdByToken(token), historyEntry(now, who.actor, null, 'requested', `Fault reported: ${claim.description}`.slice(0, 200) + ` ${words}`, who.by), when, now),
    returnEmailJob(payload, null, 'requested', now, when, returnNumber),
  ])
  await sendReturnEmailNow(payload, Number(results[0]!.rows[0]?.id), 'requested', results[2]!.rows[0]?.id, deps)
  return { ok: true, returnNumber, remedy, explanation: words }
}
