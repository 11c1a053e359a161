// The order page's endpoints as the admin panel and the server both read them: each request body (strict) and each
// answer. Money is integer pence here; the panel shows it in pounds.
//   GET  /api/orders/:id/staff-view    the page: lines, totals, customer, payment, refunds, returns, history, next steps
//   POST /api/orders/:id/status        { from, to }: a status move the state table allows, from the status staff saw
//   POST /api/refunds/orders/:id       { amountPence, reason, key }: part of the payment back to the card, once per key
import type { StaffStep } from '../../domain/orders/order-staff-steps'
import { ORDER_STATUS_VALUES, type OrderKind, type OrderStatus } from '../../domain/orders/order-status'
import { isPlainText } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'

const status = z.enum(ORDER_STATUS_VALUES as [OrderStatus, ...OrderStatus[]])

export const statusMoveRequest = z.object({ from: status, to: status }).strict()

export type StatusMoveRequest = z.infer<typeof statusMoveRequest>

export const partRefundRequest = z
  .object({
    amountPence: z.number().int('Give the amount in whole pence.').min(1, 'Refund at least 1p.').max(100_000_000),
    reason: z.string().trim().min(3, 'Say why, in a few words.').max(300).refine(isPlainText, 'Write the reason as plain text.'),
    /** Made by the page once per refund it asks for: the same key sent again answers the same refund. */
    key: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/, 'The request key must be 8 to 80 letters, digits, - or _.'),
  })
  .strict()

export type PartRefundRequest = z.infer<typeof partRefundRequest>

export interface OrderStaffView {
  readonly orderNumber: string
  readonly kind: OrderKind
  readonly status: OrderStatus
  readonly statusLabel: string
  readonly lines: readonly { readonly name: string; readonly sku: string | null; readonly count: number; readonly unitPricePence: number; readonly lineTotalPence: number }[]
  readonly totals: { readonly subtotalPence: number; readonly discountPence: number; readonly deliveryPence: number; readonly vatPence: number; readonly totalPence: number }
  readonly delivery: { readonly method: string; readonly collection: boolean; readonly feeToBeQuoted: boolean; readonly address: string }
  readonly customer: { readonly name: string; readonly email: string; readonly phone: string }
  readonly payment: { readonly provider: string | null; readonly method: string | null; readonly reference: string | null; readonly paidAt: string | null; readonly refundedPence: number }
  readonly refunds: readonly { readonly id: number; readonly amountPence: number; readonly state: string; readonly at: string; readonly returnNumber: string | null; readonly failure: string | null }[]
  readonly returns: readonly { readonly id: number; readonly returnNumber: string; readonly state: string; readonly refundPence: number | null; readonly requestedOn: string }[]
  /** Newest first. */
  readonly history: readonly { readonly at: string; readonly actor: string; readonly from: string | null; readonly to: string | null; readonly note: string }[]
  readonly steps: readonly StaffStep[]
  readonly partRefund: { readonly leftPence: number; readonly refusal: string | null }
}

export type StatusMoveAnswer = {
  readonly ok: true
  readonly orderStatus: OrderStatus
  readonly message: string
}

export type PartRefundAnswer = {
  readonly ok: true
  readonly amountPence: number
  readonly state: 'pending' | 'succeeded' | 'failed'
  readonly message: string
}
