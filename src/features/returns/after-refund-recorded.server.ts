// The one moment a refund is recorded as made: the statements here are written in the same unit of work as the
// refund's own record (guarded by `when`, true only in the change that recorded it), so whatever must follow a
// refund exists exactly when the refund does, once: here, the job that issues its credit note against the order's
// invoice (features/invoices, ADR 049; once per refund, however often the job runs).
import 'server-only'
import type { Payload } from 'payload'
import type { Stmt } from '../../cms/sql.server'
import { creditNoteJob } from '../invoices/credit-note-jobs.server'

export interface RecordedRefund {
  readonly refundId: number
  readonly orderId: number
  readonly returnId: number | null
  readonly amountPence: number
  readonly providerRefundId: string
}

/** Statements written with a refund recorded as succeeded. */
export function afterRefundRecorded(payload: Payload, refund: RecordedRefund, when: Stmt, now: Date): Stmt[] {
  return [creditNoteJob(payload, { refundId: refund.refundId }, now, when)]
}
