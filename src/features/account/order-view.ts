// What a customer is shown of an order, in pages and in the spec §7 orders API: number, date, status, items and
// totals (integer pence, GBP), the finance facts of a finance order; never staff notes, payment references or keys.
import { ORDER_STATUS_LABELS } from '../../domain/orders/order-status'
import type { Order } from '../../payload-types'
import { parseVatBreakdown, type VatRateTotal } from '../../domain/vat/vat'

export const FINANCE_STATUS_LABELS: Record<NonNullable<Order['financeStatus']>, string> = {
  submitted: 'Application submitted',
  approved: 'Finance approved',
  declined: 'Finance declined',
  completed: 'Finance completed',
  cancelled: 'Finance cancelled',
}

export const DELIVERY_LABELS: Record<Order['delivery']['method'], string> = {
  free: 'Collection from the shop',
  flat_rate: 'Home delivery',
  dealer_delivery: 'Dealer van delivery',
}

export interface CustomerOrderItem {
  productId: number
  variantId: number | null
  name: string
  sku: string | null
  count: number
  unitPricePence: number
  lineTotalPence: number
  vatRatePercent: number
}

export interface CustomerOrder {
  number: string
  date: string
  kind: Order['kind']
  status: Order['status']
  statusLabel: string
  financeStatus: Order['financeStatus'] | null
  financeStatusLabel: string | null
  items: CustomerOrderItem[]
  delivery: { method: Order['delivery']['method']; label: string; feeToBeQuoted: boolean }
  totals: { subtotalPence: number; discountPence: number; deliveryPence: number; vatPence: number; vatBreakdown: VatRateTotal[] | null; totalPence: number; refundedPence: number; currency: 'GBP' }
  couponCode: string | null
  finance: { lenderName: string | null; facilityType: string | null; regularPaymentPence: number | null; termMonths: number | null } | null
  /** Its invoice and credit notes, each with the link that downloads its PDF for this reader (ADR 049). */
  documents?: { number: string; label: string; href: string }[]
}

const idOf = (v: number | { id: number } | null | undefined): number | null => (v == null ? null : typeof v === 'number' ? v : v.id)

function figure(figures: unknown, ...names: string[]): number | null {
  if (typeof figures !== 'object' || figures === null || Array.isArray(figures)) return null
  for (const name of names) {
    const v = (figures as Record<string, unknown>)[name]
    if (typeof v === 'number' && Number.isFinite(v)) return v
  }
  return null
}

export function toCustomerOrder(order: Order): CustomerOrder {
  const finance =
    order.kind === 'finance'
      ? {
          lenderName: order.finance?.lenderName ?? null,
          facilityType: order.finance?.facilityType ?? null,
          regularPaymentPence: figure(order.finance?.figures, 'regularPaymentPence'),
          termMonths: figure(order.finance?.figures, 'termMonths', 'term'),
        }
      : null
  return {
    number: order.orderNumber,
    date: order.createdAt,
    kind: order.kind,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status] ?? order.status,
    financeStatus: order.financeStatus ?? null,
    financeStatusLabel: order.financeStatus ? FINANCE_STATUS_LABELS[order.financeStatus] : null,
    items: order.lines.map((l) => ({
      productId: idOf(l.product as number | { id: number })!,
      variantId: idOf(l.variant as number | { id: number } | null | undefined),
      name: l.name,
      sku: l.sku ?? null,
      count: l.count,
      unitPricePence: l.unitPricePence,
      lineTotalPence: l.lineTotalPence,
      vatRatePercent: l.vatRatePercent,
    })),
    delivery: { method: order.delivery.method, label: DELIVERY_LABELS[order.delivery.method], feeToBeQuoted: Boolean(order.delivery.feeToBeQuoted) },
    totals: {
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence ?? 0,
      deliveryPence: order.delivery.feePence ?? 0,
      vatPence: order.vatPence,
      vatBreakdown: parseVatBreakdown(order.vatBreakdown),
      totalPence: order.totalPence,
      refundedPence: order.payment?.refundedPence ?? 0,
      currency: 'GBP',
    },
    couponCode: order.couponCode ?? null,
    finance,
  }
}

/** Newest first; equal dates by number, so the order is stable. */
export function newestFirst(a: CustomerOrder, b: CustomerOrder): number {
  return b.date.localeCompare(a.date) || b.number.localeCompare(a.number)
}
