// The order page's endpoints as the admin panel and the server both read them: each request body (strict) and each
// answer. Money is integer pence here; the panel shows it in pounds.
//   GET  /api/orders/:id/staff-view    the page: lines, totals, customer, payment, refunds, returns, history, next steps
//   POST /api/orders/:id/status        { from, to }: a status move the state table allows, from the status staff saw
//   POST /api/refunds/orders/:id       { amountPence, reason, key }: part of the payment back to the card, once per key
//   POST /api/orders/:id/certificate   { action: 'confirm' } or { action: 'refuse', reason }: a Cycle to Work certificate staff checked with its scheme
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

const staffReason = z.string().trim().min(3, 'Say why, in a few words: the customer is told.').max(300).refine(isPlainText, 'Write the reason as plain text.')

/** Staff confirmed the certificate in the scheme's portal, or the scheme refused it (the reason goes to the customer). */
export const certificateStepRequest = z.discriminatedUnion('action', [z.object({ action: z.literal('confirm') }).strict(), z.object({ action: z.literal('refuse'), reason: staffReason }).strict()], { message: 'action must be confirm, or refuse with a reason' })

export type CertificateStepRequest = z.infer<typeof certificateStepRequest>

export type CertificateStepAnswer = { readonly ok: true; readonly message: string }

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
  /** A Cycle to Work certificate paying part of the order (ADR 053), and what staff may do with it now. */
  readonly certificate: {
    readonly scheme: string
    readonly number: string
    readonly redemptionCode: string
    readonly valuePence: number
    readonly state: string
    readonly stateLabel: string
    readonly balancePence: number
    readonly balancePaid: boolean
    readonly returnedPence: number
    readonly holdExpiresAt: string | null
    /** Whether staff may confirm or refuse it now, and why not. */
    readonly canDecide: boolean
    readonly waitingFor: string | null
  } | null
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
