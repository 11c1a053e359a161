// A new order as order placement builds it (NewOrder), its columns as Payload stores them, and the order as
// Payload's findByID answers it at depth 0: what order-rows.server.ts writes with its plain INSERTs and answers
// without reading the order back. No SQL here: the statements naming the orders tables are order-rows'.
//
// What is written must be exactly what Payload's create writes for the same data:
// tests/int/order-rows.int.test.ts writes one order each way, on SQLite and on PostgreSQL, and compares
// them as Payload reads them. A field added to the orders collection fails that test until it is added here.
import type { Order } from '../../payload-types'
import type { VatRateTotal } from '../../domain/vat/vat'
import type { OrderVatPart } from '../../domain/invoices/order-vat-lines'
import { lineVatRatePercent, type BasketItem } from '../../domain/basket/basket'
import type { Arg } from '../../cms/sql.server'

interface PostalAddress {
  readonly line1?: string | null
  readonly line2?: string | null
  readonly town?: string | null
  readonly county?: string | null
  readonly postcode?: string | null
  readonly country?: string | null
}

/** A new order as order placement builds it (the subset of Order it sets; everything else is empty). */
export interface NewOrder {
  readonly orderNumber: string
  readonly kind: Order['kind']
  readonly status: Order['status']
  readonly financeStatus?: Order['financeStatus']
  readonly customer?: number | null
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: PostalAddress
  readonly delivery: {
    readonly method: Order['delivery']['method']
    readonly feePence: number
    readonly feeToBeQuoted: boolean
    readonly firstName?: string | null
    readonly lastName?: string | null
    readonly shippingAddress?: PostalAddress
  }
  readonly lines: readonly {
    readonly product: number
    readonly variant?: number | null
    readonly name: string
    readonly sku?: string | null
    readonly unitPricePence: number
    readonly count: number
    readonly vatRatePercent: number
    readonly lineTotalPence: number
  }[]
  readonly couponCode?: string | null
  readonly coupon?: number | null
  readonly subtotalPence: number
  readonly discountPence: number
  readonly vatPence: number
  /** The VAT per treatment the total holds (ADR 044). */
  readonly vatBreakdown: readonly VatRateTotal[]
  /** Each line's VAT parts, labelled, for its invoice (ADR 049). */
  readonly vatLines: readonly OrderVatPart[]
  readonly totalPence: number
  /** How the customer pays (card when absent). */
  readonly paymentMethod?: NonNullable<Order['payment']>['method']
  /** A Cycle to Work certificate paying part of the order (ADR 053): submitted with it. */
  readonly certificate?: { readonly scheme: NonNullable<NonNullable<Order['certificate']>['scheme']>; readonly number: string; readonly redemptionCode: string; readonly valuePence: number; readonly status: NonNullable<NonNullable<Order['certificate']>['status']> }
  readonly reservation?: number | null
  readonly reservationDepositPence: number
  /** A replacement for an exchanged item: the part of its price paid by what the returned item cost. */
  readonly exchangeCreditPence?: number
  /** Paid when written (a replacement the exchange credit pays in full): who took it and when. */
  readonly paid?: { readonly provider: string; readonly at: string }
  readonly stock: { readonly state: Order['stock']['state']; readonly holdExpiresAt: string; readonly couponCounted: boolean }
  readonly finance?: {
    readonly quoteId: string
    readonly lenderName: string
    readonly funderCode: string
    readonly facilityType: string
    readonly figures: Record<string, unknown>
    readonly shownExample?: Record<string, unknown> | null
    readonly disclosures?: { readonly dealerName: string | null; readonly fcaFirmReference: string | null; readonly brokerStatement: string | null; readonly commissionDisclosure: string | null } | null
  }
  /** Required: the checkout key names the new row inside SQLite's batch. */
  readonly checkoutKey: string
  readonly accessTokenHash?: string | null
  readonly history: readonly { readonly at: string; readonly by?: number | null; readonly actor: string; readonly to: string; readonly note: string }[]
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value)

/** A priced basket line as an order line: its headline unit price, and the VAT rate it records (ADR 044). */
export function orderLineOf(item: BasketItem): NewOrder['lines'][number] {
  return {
    product: Number(item.product.productId),
    variant: item.product.variantId != null ? Number(item.product.variantId) : undefined,
    name: item.product.name.slice(0, 200),
    sku: item.product.sku?.slice(0, 60),
    unitPricePence: item.product.pricePence,
    count: item.count,
    vatRatePercent: lineVatRatePercent(item.product),
    lineTotalPence: item.product.pricePence * item.count,
  }
}

/** The order's columns and values (a group's fields are prefixed columns, as Payload stores them). */
export function orderColumns(o: NewOrder, bool: (b: boolean) => Arg, now: string): [string, Arg][] {
  const ship = o.delivery.shippingAddress
  return [
    ['order_number', o.orderNumber],
    ['kind', o.kind],
    ['status', o.status],
    ['finance_status', orNull(o.financeStatus)],
    ['customer_id', orNull(o.customer)],
    ['first_name', o.firstName],
    ['last_name', o.lastName],
    ['email', o.email],
    ['phone', o.phone],
    ['address_line1', orNull(o.address.line1)],
    ['address_line2', orNull(o.address.line2)],
    ['address_town', orNull(o.address.town)],
    ['address_county', orNull(o.address.county)],
    ['address_postcode', orNull(o.address.postcode)],
    ['address_country', o.address.country ?? 'GB'],
    ['delivery_method', o.delivery.method],
    ['delivery_fee_pence', o.delivery.feePence],
    ['delivery_fee_to_be_quoted', bool(o.delivery.feeToBeQuoted)],
    ['delivery_first_name', orNull(o.delivery.firstName)],
    ['delivery_last_name', orNull(o.delivery.lastName)],
    ['delivery_shipping_address_line1', orNull(ship?.line1)],
    ['delivery_shipping_address_line2', orNull(ship?.line2)],
    ['delivery_shipping_address_town', orNull(ship?.town)],
    ['delivery_shipping_address_county', orNull(ship?.county)],
    ['delivery_shipping_address_postcode', orNull(ship?.postcode)],
    ['delivery_shipping_address_country', ship?.country ?? 'GB'],
    ['coupon_code', orNull(o.couponCode)],
    ['coupon_id', orNull(o.coupon)],
    ['subtotal_pence', o.subtotalPence],
    ['discount_pence', o.discountPence],
    ['vat_pence', o.vatPence],
    ['vat_breakdown', JSON.stringify(o.vatBreakdown)],
    ['vat_lines', JSON.stringify(o.vatLines)],
    ['total_pence', o.totalPence],
    ['reservation_id', orNull(o.reservation)],
    ['reservation_deposit_pence', o.reservationDepositPence],
    ['exchange_credit_pence', o.exchangeCreditPence ?? 0],
    ['payment_provider', orNull(o.paid?.provider)],
    ['payment_paid_at', orNull(o.paid?.at)],
    ['stock_state', o.stock.state],
    ['stock_hold_expires_at', o.stock.holdExpiresAt],
    ['stock_coupon_counted', bool(o.stock.couponCounted)],
    ['payment_refunded_pence', 0],
    ['payment_method', o.paymentMethod ?? 'card'],
    ['certificate_scheme', orNull(o.certificate?.scheme)],
    ['certificate_number', orNull(o.certificate?.number)],
    ['certificate_redemption_code', orNull(o.certificate?.redemptionCode)],
    ['certificate_value_pence', orNull(o.certificate?.valuePence)],
    ['certificate_status', orNull(o.certificate?.status)],
    ['certificate_returned_pence', null],
    ['finance_quote_id', orNull(o.finance?.quoteId)],
    ['finance_lender_name', orNull(o.finance?.lenderName)],
    ['finance_funder_code', orNull(o.finance?.funderCode)],
    ['finance_facility_type', orNull(o.finance?.facilityType)],
    ['finance_figures', o.finance ? JSON.stringify(o.finance.figures) : null],
    ['finance_shown_example', o.finance?.shownExample ? JSON.stringify(o.finance.shownExample) : null],
    ['finance_disclosures_dealer_name', orNull(o.finance?.disclosures?.dealerName)],
    ['finance_disclosures_fca_firm_reference', orNull(o.finance?.disclosures?.fcaFirmReference)],
    ['finance_disclosures_broker_statement', orNull(o.finance?.disclosures?.brokerStatement)],
    ['finance_disclosures_commission_disclosure', orNull(o.finance?.disclosures?.commissionDisclosure)],
    ['checkout_key', o.checkoutKey],
    ['access_token_hash', orNull(o.accessTokenHash)],
    ['updated_at', now],
    ['created_at', now],
  ]
}

/** The columns of an order's line rows and history rows (array tables, after "_order" and "_parent_id"). */
export const LINE_COLUMNS = ['id', 'product_id', 'variant_id', 'name', 'sku', 'unit_price_pence', 'count', 'vat_rate_percent', 'line_total_pence'] as const
export const HISTORY_COLUMNS = ['id', 'at', 'by_id', 'actor', 'from', 'to', 'note'] as const

/** The values of each line row and each history row, in LINE_COLUMNS and HISTORY_COLUMNS order, with their array row ids. */
export function arrayRowsOf(o: NewOrder, lineIds: readonly string[], historyIds: readonly string[]): { lines: Arg[][]; history: Arg[][] } {
  return {
    lines: o.lines.map((l, i) => [lineIds[i]!, l.product, orNull(l.variant), l.name, orNull(l.sku), l.unitPricePence, l.count, l.vatRatePercent, l.lineTotalPence]),
    history: o.history.map((h, i) => [historyIds[i]!, h.at, orNull(h.by), h.actor, null, h.to, h.note]),
  }
}

const address = (a: PostalAddress | undefined): Required<PostalAddress> => ({
  line1: orNull(a?.line1),
  line2: orNull(a?.line2),
  town: orNull(a?.town),
  county: orNull(a?.county),
  postcode: orNull(a?.postcode),
  country: a?.country ?? 'GB',
})

/** The order as Payload's findByID answers it at depth 0 with access overridden. */
export function asRead(o: NewOrder, id: number, stamp: string, lineIds: readonly string[], historyIds: readonly string[]): Order {
  return {
    id,
    orderNumber: o.orderNumber,
    kind: o.kind,
    status: o.status,
    financeStatus: orNull(o.financeStatus),
    customer: orNull(o.customer),
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    address: address(o.address),
    delivery: {
      method: o.delivery.method,
      feePence: o.delivery.feePence,
      feeToBeQuoted: o.delivery.feeToBeQuoted,
      firstName: orNull(o.delivery.firstName),
      lastName: orNull(o.delivery.lastName),
      shippingAddress: address(o.delivery.shippingAddress),
    },
    lines: o.lines.map((l, i) => ({
      id: lineIds[i]!,
      product: l.product,
      variant: orNull(l.variant),
      name: l.name,
      sku: orNull(l.sku),
      unitPricePence: l.unitPricePence,
      count: l.count,
      vatRatePercent: l.vatRatePercent,
      lineTotalPence: l.lineTotalPence,
    })),
    couponCode: orNull(o.couponCode),
    coupon: orNull(o.coupon),
    subtotalPence: o.subtotalPence,
    discountPence: o.discountPence,
    vatPence: o.vatPence,
    vatBreakdown: o.vatBreakdown.map((t) => ({ ...t })),
    vatLines: o.vatLines.map((p) => ({ ...p })),
    totalPence: o.totalPence,
    reservation: orNull(o.reservation),
    reservationDepositPence: o.reservationDepositPence,
    exchangeCreditPence: o.exchangeCreditPence ?? 0,
    stock: { state: o.stock.state, holdExpiresAt: o.stock.holdExpiresAt, couponCounted: o.stock.couponCounted },
    payment: { provider: orNull(o.paid?.provider), method: o.paymentMethod ?? 'card', reference: null, paidAt: orNull(o.paid?.at), refundedPence: 0, failureMessage: null },
    certificate: {
      scheme: orNull(o.certificate?.scheme),
      number: orNull(o.certificate?.number),
      redemptionCode: orNull(o.certificate?.redemptionCode),
      valuePence: orNull(o.certificate?.valuePence),
      status: orNull(o.certificate?.status),
      returnedPence: null,
    },
    finance: {
      quoteId: orNull(o.finance?.quoteId),
      lenderName: orNull(o.finance?.lenderName),
      funderCode: orNull(o.finance?.funderCode),
      facilityType: orNull(o.finance?.facilityType),
      figures: o.finance ? o.finance.figures : null,
      shownExample: o.finance?.shownExample ?? null,
      disclosures: {
        dealerName: orNull(o.finance?.disclosures?.dealerName),
        fcaFirmReference: orNull(o.finance?.disclosures?.fcaFirmReference),
        brokerStatement: orNull(o.finance?.disclosures?.brokerStatement),
        commissionDisclosure: orNull(o.finance?.disclosures?.commissionDisclosure),
      },
      references: [],
    },
    // the join field of part-exchange valuations: a new order has none yet; the finance step links its
    // valuation to the order after this write
    partExchange: { docs: [], hasNextPage: false },
    checkoutKey: o.checkoutKey,
    accessTokenHash: orNull(o.accessTokenHash),
    staffNotes: null,
    history: o.history.map((h, i) => ({ id: historyIds[i]!, at: h.at, by: orNull(h.by), actor: h.actor, from: null, to: h.to, note: h.note })),
    updatedAt: stamp,
    createdAt: stamp,
  }
}
