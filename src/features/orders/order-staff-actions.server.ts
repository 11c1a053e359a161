// What the admin's order page reads and does (its endpoints are order-endpoints.ts): the page's facts in one answer,
// and a status move through the orders collection's own staff hook (enforceOrderStatusChange, queueStatusEmail).
// Staff changes of one order (these moves and part refunds, features/returns/part-refund.server.ts) take turns in
// this process, so the second of two clicks finds the order moved on.
import 'server-only'
import { APIError, type Payload, type PayloadRequest } from 'payload'
import { addressLines } from '../../domain/invoices/sales-document'
import { partRefundRefusal, refundRoom, staffSteps } from '../../domain/orders/order-staff-steps'
import { ORDER_STATUS_LABELS, type OrderKind, type OrderStatus } from '../../domain/orders/order-status'
import { formatPence } from '../../domain/money'
import { keyedLock } from '../../lib/keyed-lock'
import type { Order } from '../../payload-types'
import type { CertificateStepAnswer, CertificateStepRequest, OrderStaffView, StatusMoveAnswer, StatusMoveRequest } from './order-staff-contract'
import { staffActor } from '../../cms/fields/history'
import { CERTIFICATE_STATE_LABELS, type CertificateState } from '../../domain/payments/certificate-lifecycle'
import { schemeLabel, type CycleScheme } from '../../domain/payments/cycle-to-work'
import { cardPencePayable, certificateStateOf } from './certificate-order'
import { confirmCertificate, refuseCertificate, withOrderLock } from './order-lifecycle.server'
import { DELIVERY_METHOD_OPTIONS, PAYMENT_METHOD_OPTIONS } from './order-field-options'

export type Done<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly status: 400 | 404 | 409 | 502; readonly message: string }

/** One staff change of an order at a time in this process (status moves and part refunds). */
export const withStaffOrderLock = keyedLock<number>()
export const NO_ORDER = { ok: false, status: 404, message: 'There is no such order.' } as const

export async function findOrder(payload: Payload, id: number): Promise<Order | null> {
  return (await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true, disableErrors: true })) as Order | null
}

async function refundsOf(payload: Payload, orderId: number) {
  return (await payload.find({ collection: 'refunds', where: { order: { equals: orderId } }, depth: 0, limit: 200, sort: '-createdAt', overrideAccess: true, pagination: false })).docs
}

/** The order's refunds so far and the room left for more (see refundRoom). */
export async function refundRoomOf(payload: Payload, order: Order, refunds?: Awaited<ReturnType<typeof refundsOf>>) {
  const rows = refunds ?? (await refundsOf(payload, order.id))
  const sum = (state: string) => rows.filter((r) => r.state === state).reduce((s, r) => s + r.amountPence, 0)
  return { ...refundRoom({ totalPence: order.totalPence, orderRefundedPence: order.payment?.refundedPence ?? 0, succeededPence: sum('succeeded'), pendingPence: sum('pending') }), pending: rows.some((r) => r.state === 'pending') }
}

const soldInShowroom = (order: Order) => order.payment?.provider === 'showroom'
const certificateWaiting = (order: Order) => certificateStateOf(order) === 'submitted'

/** Why staff cannot confirm or refuse this order's certificate now, or null when they can. */
function certificateRefusal(order: Order): string | null {
  const state = certificateStateOf(order)
  if (state === null) return 'This order is not paid by a Cycle to Work certificate.'
  if (state !== 'submitted' || order.status !== 'awaiting_payment') return `The certificate is ${CERTIFICATE_STATE_LABELS[state].toLowerCase()}: reload the page to see what changed.`
  return null
}

/** What a waiting certificate still needs before staff may confirm it: the card balance (refusing is always possible). */
function certificateWaitingFor(order: Order): string | null {
  return cardPencePayable(order) > 0 && !order.payment?.paidAt ? `The customer has not paid the ${formatPence(cardPencePayable(order))} card balance yet: confirm the certificate once it is paid.` : null
}

function certificateView(order: Order): OrderStaffView['certificate'] {
  const state = certificateStateOf(order)
  if (state === null) return null
  const c = order.certificate!
  return {
    scheme: schemeLabel(c.scheme as CycleScheme),
    number: c.number ?? '',
    redemptionCode: c.redemptionCode ?? '',
    valuePence: c.valuePence ?? 0,
    state,
    stateLabel: CERTIFICATE_STATE_LABELS[state as CertificateState],
    balancePence: cardPencePayable(order),
    balancePaid: Boolean(order.payment?.paidAt),
    returnedPence: c.returnedPence ?? 0,
    holdExpiresAt: state === 'submitted' ? (order.stock?.holdExpiresAt ?? null) : null,
    canDecide: certificateRefusal(order) === null,
    waitingFor: state === 'submitted' ? certificateWaitingFor(order) : null,
  }
}
const labelOf = (options: readonly { label: string; value: string }[], value: string | null | undefined) => options.find((o) => o.value === value)?.label ?? value ?? null

export async function orderStaffView(req: PayloadRequest, id: number): Promise<Done<{ view: OrderStaffView }>> {
  const order = await findOrder(req.payload, id)
  if (!order) return NO_ORDER
  const [refunds, returns] = await Promise.all([
    refundsOf(req.payload, id),
    req.payload.find({ collection: 'returns', where: { order: { equals: id } }, depth: 0, limit: 200, sort: '-createdAt', overrideAccess: true, pagination: false }),
  ])
  const returnNumbers = new Map(returns.docs.map((r) => [r.id, r.returnNumber]))
  const room = await refundRoomOf(req.payload, order, refunds)
  const kind = order.kind as OrderKind
  const status = order.status as OrderStatus
  const to = order.delivery?.shippingAddress
  const view: OrderStaffView = {
    orderNumber: order.orderNumber,
    kind,
    status,
    statusLabel: ORDER_STATUS_LABELS[status] ?? status,
    lines: order.lines.map((l) => ({ name: l.name, sku: l.sku ?? null, count: l.count, unitPricePence: l.unitPricePence, lineTotalPence: l.lineTotalPence })),
    totals: { subtotalPence: order.subtotalPence, discountPence: order.discountPence ?? 0, deliveryPence: order.delivery?.feePence ?? 0, vatPence: order.vatPence, totalPence: order.totalPence },
    delivery: {
      method: labelOf(DELIVERY_METHOD_OPTIONS, order.delivery?.method) ?? 'Not recorded',
      collection: order.delivery?.method === 'free',
      feeToBeQuoted: Boolean(order.delivery?.feeToBeQuoted),
      address: addressLines(to).join(', '),
    },
    customer: { name: `${order.firstName} ${order.lastName}`.trim(), email: order.email, phone: order.phone },
    payment: {
      provider: order.payment?.provider ?? null,
      method: labelOf(PAYMENT_METHOD_OPTIONS, order.payment?.method),
      reference: order.payment?.reference ?? null,
      paidAt: order.payment?.paidAt ?? null,
      refundedPence: order.payment?.refundedPence ?? 0,
    },
    refunds: refunds.map((r) => {
      const returnId = typeof r.return === 'object' ? r.return?.id : r.return
      return { id: r.id, amountPence: r.amountPence, state: r.state, at: r.refundedAt ?? r.createdAt, returnNumber: returnId == null ? null : (returnNumbers.get(returnId) ?? null), failure: r.failure ?? null }
    }),
    returns: returns.docs.map((r) => ({ id: r.id, returnNumber: r.returnNumber, state: r.state, refundPence: r.refundPence ?? null, requestedOn: r.requestedOn })),
    history: [...(order.history ?? [])].reverse().map((h) => ({ at: h.at, actor: h.actor ?? '', from: h.from ?? null, to: h.to ?? null, note: h.note ?? '' })),
    steps: staffSteps(kind, status, { soldInShowroom: soldInShowroom(order), certificateWaiting: certificateWaiting(order) }),
    partRefund: { leftPence: room.leftPence, refusal: partRefundRefusal(kind, status, room.leftPence) },
    certificate: certificateView(order),
  }
  return { ok: true, view }
}

const movedOn = (order: Order) => ({ ok: false, status: 409, message: `This order is now ${ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}: reload the page to see what changed.` }) as const

/**
 * A status move from the status staff saw: refused (409) when the order has moved on or the table does not allow it;
 * otherwise made through Payload's update as the signed-in staff user, so the collection's hook checks it, writes
 * the history, refunds or puts stock back as the move requires, and queues the customer's email once.
 */
export async function moveOrderStatus(req: PayloadRequest, id: number, ask: StatusMoveRequest): Promise<Done<StatusMoveAnswer>> {
  return withStaffOrderLock(id, async () => {
    const order = await findOrder(req.payload, id)
    if (!order) return NO_ORDER
    if (order.status !== ask.from) return movedOn(order)
    const step = staffSteps(order.kind as OrderKind, ask.from, { soldInShowroom: soldInShowroom(order), certificateWaiting: certificateWaiting(order) }).find((s) => s.to === ask.to)
    if (!step) return { ok: false, status: 409, message: `An order that is ${ORDER_STATUS_LABELS[ask.from]} cannot be moved to ${ORDER_STATUS_LABELS[ask.to]} from here.` }
    if (ask.to === 'refunded' && (await refundRoomOf(req.payload, order)).pending) {
      return { ok: false, status: 409, message: 'A refund of this order is still being sent to the card. Try again in a minute, once it is recorded.' }
    }
    try {
      await req.payload.update({ collection: 'orders', id, data: { status: ask.to }, user: req.user, overrideAccess: false, depth: 0 })
    } catch (error) {
      if (error instanceof APIError && error.status >= 400 && error.status < 500) return { ok: false, status: error.status === 409 ? 409 : 400, message: error.message }
      if (error instanceof APIError && error.status === 502) return { ok: false, status: 502, message: error.message }
      throw error
    }
    return { ok: true, orderStatus: ask.to, message: `Order ${order.orderNumber} is now ${ORDER_STATUS_LABELS[ask.to]}.` }
  })
}

/**
 * Staff confirmed a Cycle to Work certificate in the scheme's portal (the order is paid and goes ahead), or the scheme
 * refused it (the order is cancelled, its stock goes back and any card balance is refunded). Refused (409) when the
 * certificate is no longer waiting, or, to confirm, while its card balance is unpaid.
 */
export async function decideCertificate(req: PayloadRequest, id: number, ask: CertificateStepRequest): Promise<Done<CertificateStepAnswer>> {
  return withStaffOrderLock(id, () =>
    withOrderLock(id, async () => {
      const order = await findOrder(req.payload, id)
      if (!order) return NO_ORDER
      const refusal = certificateRefusal(order)
      if (refusal) return { ok: false, status: 409, message: refusal }
      const staff = staffActor(req)
      if (ask.action === 'confirm') {
        const waiting = certificateWaitingFor(order)
        if (waiting) return { ok: false, status: 409, message: waiting }
        const done = await confirmCertificate(req.payload, order, staff)
        return done.changed ? { ok: true, message: `Certificate confirmed: order ${order.orderNumber} is now Paid, and the customer is emailed their confirmation.` } : { ok: false, status: 409, message: `Nothing was changed: ${done.outcome}. Reload the page.` }
      }
      const done = await refuseCertificate(req.payload, order, ask.reason, staff)
      return done.changed ? { ok: true, message: `Certificate refused: order ${order.orderNumber} is cancelled, its stock is back on sale${order.payment?.paidAt ? ' and its card balance refunded' : ''}, and the customer is emailed.` } : { ok: false, status: 409, message: `Nothing was changed: ${done.outcome}.` }
    }),
  )
}
