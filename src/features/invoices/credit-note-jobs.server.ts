// The issueCreditNote job's two inputs, queued in the unit of work that records the money going back, so that a
// credit note follows every refund exactly once (ADR 049):
//   - a refund recorded by a return or a cancellation (its refunds row): `{ refundId }`;
//   - an order refunded in full at the provider (staff in the provider's dashboard, or the admin's "Refunded"), which
//     has no refunds row: `{ orderId, amountPence }`, one per order, as the order can be refunded so only once.
import 'server-only'
import type { Payload } from 'payload'
import type { Stmt } from '../../cms/sql.server'
import { queueJobStatement } from '../jobs/queue.server'
import { ISSUE_CREDIT_NOTE } from '../jobs/task-names'

export type CreditNoteJobInput = { readonly refundId: number } | { readonly orderId: number; readonly amountPence: number }

export function creditNoteJob(payload: Payload, input: CreditNoteJobInput, now: Date, when: Stmt | null): Stmt {
  return queueJobStatement(payload, ISSUE_CREDIT_NOTE, { ...input }, now, when)
}

/** Reads a queued job's input, refusing one that names neither a refund nor an order's whole-amount refund. */
export function creditNoteJobInput(input: unknown): CreditNoteJobInput {
  const given = (input ?? {}) as Record<string, unknown>
  const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0
  if (whole(given.refundId)) return { refundId: given.refundId as number }
  if (whole(given.orderId) && whole(given.amountPence)) return { orderId: given.orderId as number, amountPence: given.amountPence as number }
  throw new Error(`a credit note job names no refund and no order: ${JSON.stringify(input).slice(0, 200)}`)
}
