// An order as the returns workflow reads it: each line with what it cost after its share of the discount, the
// units already on their way back or refunded, its product's kind, and the day the goods were delivered or
// collected (the day staff completed the order; null while it is not).
import 'server-only'
import type { Payload } from 'payload'
import { londonDay, type IsoDay } from '../../domain/booking/calendar'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { paidPerLine, type OrderFacts } from '../../domain/returns/return-request'
import type { Order } from '../../payload-types'
import { refundsOfOrder, returnCountOf, returnedCounts } from './return-rows.server'

export interface OrderLineFacts {
  readonly lineId: string
  readonly name: string
  readonly productId: number
  readonly variantId: number | null
  readonly count: number
  readonly paidPence: number
  readonly returnedCount: number
  readonly productKind: ProductKind | null
}

export interface LoadedOrder extends OrderFacts {
  readonly order: Order
  readonly lines: readonly OrderLineFacts[]
  readonly refundedPence: number
  readonly standardDeliveryPence: number
  /**
   * The number a return made from these facts takes. Counted before the lines' returned units are read: a return
   * committed after the count and before that read is seen by the plan (which then refuses a unit already going
   * back), and one committed after both takes the same number, so the second insert fails on the unique number and
   * the caller answers 409. Counted after, one request planned from stale lines could take the next number and
   * return or exchange the same unit twice.
   */
  readonly nextReturnNumber: string
}

const idOf = (v: unknown): number | null => (v == null ? null : typeof v === 'object' ? Number((v as { id: number }).id) : Number(v))

/** The UK calendar day of an instant. */
export function ukDay(at: Date | string): IsoDay {
  return londonDay(new Date(at))
}

/**
 * What the customer paid for an order, the cap of all its refunds together: its total, and for an exchange's
 * replacement the credit of the returned item that paid for it too (money back goes to the card that paid it).
 */
export const paidForOrder = (order: Pick<Order, 'totalPence' | 'exchangeCreditPence'>): number => order.totalPence + (order.exchangeCreditPence ?? 0)

export async function loadOrderFacts(payload: Payload, order: Order): Promise<LoadedOrder> {
  const returnsSoFar = await returnCountOf(payload, order.id)
  const counts = await returnedCounts(payload, order.id)
  const paid = paidPerLine(order.lines, order.discountPence ?? 0)
  const productIds = [...new Set(order.lines.map((l) => idOf(l.product)!))]
  const products = await payload.find({ collection: 'products', where: { id: { in: productIds } }, depth: 0, limit: productIds.length, pagination: false, overrideAccess: true, select: { kind: true } })
  const kinds = new Map(products.docs.map((p) => [p.id, (p as { kind?: ProductKind | null }).kind ?? null]))
  const lines = order.lines.map((l, i) => ({
    lineId: String(l.id),
    name: l.name,
    productId: idOf(l.product)!,
    variantId: idOf(l.variant),
    count: l.count,
    paidPence: paid[i]!,
    returnedCount: counts.get(String(l.id)) ?? 0,
    productKind: kinds.get(idOf(l.product)!) ?? null,
  }))
  const completed = [...(order.history ?? [])].reverse().find((h) => h.to === 'completed')
  const refunds = await refundsOfOrder(payload, order.id)
  return {
    order,
    status: order.status,
    kind: order.kind,
    deliveredOn: order.status === 'completed' && completed ? ukDay(completed.at) : null,
    lines,
    // The order's own refunds (whole-order refunds by staff and the provider, before returns existed) and the refund records.
    refundedPence: Math.max(order.payment?.refundedPence ?? 0, refunds.filter((r) => r.state === 'succeeded').reduce((s, r) => s + r.amountPence, 0)) + refunds.filter((r) => r.state === 'pending').reduce((s, r) => s + r.amountPence, 0),
    // The delivery the customer paid for is the standard one the order could have: home delivery at the flat rate,
    // a van for a bike (no cheaper way to deliver it), or collection at no charge.
    standardDeliveryPence: order.delivery.feePence ?? 0,
    nextReturnNumber: `${order.orderNumber}-R${returnsSoFar + 1}`,
  }
}
