// The one moment a refund is recorded as made: the statements here are written in the same unit of work as the
// refund's own record (guarded by `when`, true only in the change that recorded it), so whatever must follow a
// refund (a credit note referring to the invoice, for one) exists exactly when the refund does, once.
import 'server-only'
import type { Payload } from 'payload'
import type { Stmt } from '../../cms/sql.server'

export interface RecordedRefund {
  readonly refundId: number
  readonly orderId: number
  readonly returnId: number | null
  readonly amountPence: number
  readonly providerRefundId: string
}

/** Statements written with a refund recorded as succeeded; none yet. */
export function afterRefundRecorded(_payload: Payload, _refund: RecordedRefund, _when: Stmt, _now: Date): Stmt[] {
  return []
}
