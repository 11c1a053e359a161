// What each line of an order holds at each VAT treatment, labelled, as the order keeps it for its invoice
// (orders.vat_lines). The parts are exactly those `basketTotals` analyses (ADR 044), so an invoice built from
// them adds up to the order's stored VAT breakdown to the penny.
import { basketVatParts, NO_SHIPPING, type Basket, type ShippingCharge } from '../basket/basket'
import { formatPence, type Pence } from '../money'
import { VAT_TREATMENTS, type VatTreatment } from '../vat/vat'

export interface OrderVatPart {
  /** Index of the order line it belongs to; null for delivery. */
  readonly line: number | null
  readonly label: string
  /** What the part contains besides its own supply, for the reader ("includes … pre-delivery inspection"). */
  readonly detail?: string
  readonly grossPence: Pence
  readonly treatment: VatTreatment
}

export const DELIVERY_LABEL = 'Delivery'

/** The labelled VAT parts of a priced basket: each line's own supply, each charge outside the scope of VAT, delivery. */
export function orderVatLines(basket: Basket, shipping: ShippingCharge = NO_SHIPPING): OrderVatPart[] {
  const parts = basketVatParts(basket, shipping)
  const out: OrderVatPart[] = []
  basket.items.forEach((item, i) => {
    const charges = item.product.charges ?? []
    const outside = charges.filter((c) => c.vat === 'outside-scope')
    const own = charges.filter((c) => c.vat !== 'outside-scope')
    const detail = own.length ? `includes ${own.map((c) => `${c.label.toLowerCase()} ${formatPence(c.pence * item.count)}`).join(', ')}` : undefined
    ;(parts.lines[i] ?? []).forEach((part, p) => {
      const label = p === 0 ? item.product.name : (outside[p - 1]?.label ?? 'Charge')
      out.push({ line: i, label, ...(p === 0 && detail ? { detail } : {}), grossPence: part.grossPence, treatment: part.treatment })
    })
  })
  if (parts.shipping) out.push({ line: null, label: DELIVERY_LABEL, grossPence: parts.shipping.grossPence, treatment: parts.shipping.treatment })
  return out
}

/** An order's stored parts read back (a JSON column), or null when absent or not in this shape. */
export function parseOrderVatLines(value: unknown): OrderVatPart[] | null {
  if (!Array.isArray(value)) return null
  const parts: OrderVatPart[] = []
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null
    const e = entry as Record<string, unknown>
    const lineOk = e.line === null || (typeof e.line === 'number' && Number.isSafeInteger(e.line) && e.line >= 0)
    if (!lineOk || typeof e.label !== 'string' || typeof e.grossPence !== 'number' || !Number.isSafeInteger(e.grossPence) || !VAT_TREATMENTS.includes(e.treatment as VatTreatment)) return null
    parts.push({ line: e.line as number | null, label: e.label, ...(typeof e.detail === 'string' ? { detail: e.detail } : {}), grossPence: e.grossPence, treatment: e.treatment as VatTreatment })
  }
  return parts
}
