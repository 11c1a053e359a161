// An invoice or credit note as it is issued: a frozen statement of a supply, built once from the order and the
// dealer's details of the day and kept as it is (ADR 049). Every figure is integer pence; the VAT of each line
// is `vatLine`'s (ADR 044: gross × rate / (100 + rate), half up, per line) and every total the sum of its lines.
import { apportion } from '../basket/basket'
import type { Pence } from '../money'
import { analyseVat, treatmentForRate, type VatRateTotal, type VatTreatment } from '../vat/vat'
import { DELIVERY_LABEL, type OrderVatPart } from './order-vat-lines'

export type DocumentKind = 'invoice' | 'credit-note'

export interface PostalAddress {
  readonly line1?: string | null
  readonly line2?: string | null
  readonly town?: string | null
  readonly county?: string | null
  readonly postcode?: string | null
}

/** An address one part a line, empty parts left out (the dealer's on an email, either party's on a document). */
export function addressLines(a: PostalAddress | null | undefined): string[] {
  return [a?.line1, a?.line2, a?.town, a?.county, a?.postcode].filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim())
}

export const DOCUMENT_PREFIX: Readonly<Record<DocumentKind, string>> = { invoice: 'INV', 'credit-note': 'CN' }

/** "INV-000042": the sequence's prefix and the number, six digits at least. */
export function documentNumber(kind: DocumentKind, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`not a document number: ${n}`)
  return `${DOCUMENT_PREFIX[kind]}-${String(n).padStart(6, '0')}`
}

/** HMRC VAT Notice 718/1: a margin-scheme invoice says so and shows no VAT. */
export const MARGIN_SCHEME_WORDING = 'Margin scheme – second-hand goods. VAT is not shown separately and cannot be reclaimed (HMRC VAT Notice 718/1).'
export const OUTSIDE_SCOPE_WORDING = 'The DVLA first registration fee and first year’s road tax are paid to DVLA for you at cost: outside the scope of VAT.'

export interface DocumentLine {
  readonly description: string
  readonly detail?: string
  readonly grossPence: Pence
  readonly treatment: VatTreatment
  readonly ratePercent: number
  readonly netPence: Pence
  readonly vatPence: Pence
}

export interface Party {
  readonly name: string
  readonly addressLines: readonly string[]
}

export interface SalesDocument {
  readonly kind: DocumentKind
  readonly number: string
  readonly issuedAt: string
  /** The tax point: the day the order was paid (or completed). */
  readonly supplyDate: string
  readonly orderNumber: string
  readonly dealer: Party & { readonly vatNumber: string | null }
  readonly customer: Party
  readonly lines: readonly DocumentLine[]
  readonly totals: readonly VatRateTotal[]
  readonly grossPence: Pence
  readonly netPence: Pence
  readonly vatPence: Pence
  /** Paid before the order (a reservation deposit): the order's charge is the gross less this. */
  readonly depositPence: Pence
  /** What the order charged (its total), or what the credit note gives back. */
  readonly chargedPence: Pence
  /** A credit note: the invoice it refers to, and why. */
  readonly creditsInvoice?: string
  readonly reason?: string
  readonly notes: readonly string[]
}

/**
 * Whether an order has been paid for, and so earns its invoice: a card order once its payment is recorded (online,
 * or its balance in the showroom), a finance order once its application is completed (the lender pays the dealer).
 */
export function isPaidFor(order: { readonly kind: string; readonly financeStatus?: string | null; readonly payment?: { readonly paidAt?: string | null } | null }): boolean {
  if (order.kind === 'finance') return order.financeStatus === 'completed'
  return Boolean(order.payment?.paidAt)
}

/** What an invoice needs of an order (its stored record). */
export interface InvoicedOrder {
  readonly orderNumber: string
  readonly firstName: string
  readonly lastName: string
  readonly addressLines: readonly string[]
  readonly lines: readonly { readonly name: string; readonly count: number; readonly vatRatePercent: number; readonly lineTotalPence: Pence }[]
  readonly discountPence: Pence
  readonly deliveryFeePence: Pence
  readonly totalPence: Pence
  readonly reservationDepositPence: Pence
  /** The order's stored VAT parts; null for an order placed before they were kept. */
  readonly vatLines: readonly OrderVatPart[] | null
}

/**
 * The parts of an order placed before its VAT parts were kept: each line at its stored rate, the discount off the
 * lines in order, delivery at the standard rate. Its per-line VAT may differ by pennies from the one figure stored then.
 */
function partsOfOlderOrder(order: InvoicedOrder): OrderVatPart[] {
  let discountLeft = Math.max(0, order.discountPence)
  const parts: OrderVatPart[] = order.lines.map((l, i) => {
    const off = Math.min(discountLeft, l.lineTotalPence)
    discountLeft -= off
    return { line: i, label: l.name, grossPence: l.lineTotalPence - off, treatment: treatmentForRate(l.vatRatePercent) }
  })
  return order.deliveryFeePence > 0 ? [...parts, { line: null, label: DELIVERY_LABEL, grossPence: order.deliveryFeePence, treatment: 'standard' }] : parts
}

interface Header {
  readonly number: string
  readonly issuedAt: Date
  readonly supplyDate: Date
  readonly dealer: SalesDocument['dealer']
}

function describe(parts: readonly { description: string; detail?: string; grossPence: Pence; treatment: VatTreatment }[]) {
  const analysis = analyseVat(parts)
  const lines = analysis.lines.map((l, i): DocumentLine => ({ description: parts[i]!.description, ...(parts[i]!.detail ? { detail: parts[i]!.detail } : {}), grossPence: l.grossPence, treatment: l.treatment, ratePercent: l.ratePercent, netPence: l.netPence, vatPence: l.vatPence }))
  const notes = [
    ...(lines.some((l) => l.treatment === 'margin') ? [MARGIN_SCHEME_WORDING] : []),
    ...(lines.some((l) => l.treatment === 'outside-scope') ? [OUTSIDE_SCOPE_WORDING] : []),
  ]
  return { lines, totals: analysis.byTreatment, grossPence: analysis.grossPence, netPence: analysis.netPence, vatPence: analysis.vatPence, notes }
}

/** The VAT parts an order's invoice lists, one invoice line each, in the same order. */
export function invoiceParts(order: InvoicedOrder): readonly OrderVatPart[] {
  return order.vatLines ?? partsOfOlderOrder(order)
}

/** The invoice of a paid order. */
export function invoiceDocument(order: InvoicedOrder, header: Header): SalesDocument {
  const parts = invoiceParts(order)
  const described = describe(parts.map((p) => {
    const line = p.line == null ? undefined : order.lines[p.line]
    const description = p.line != null && line && line.count > 1 && p.label === line.name ? `${p.label} × ${line.count}` : p.label
    return { description, ...(p.detail ? { detail: p.detail } : {}), grossPence: p.grossPence, treatment: p.treatment }
  }))
  return {
    kind: 'invoice',
    number: header.number,
    issuedAt: header.issuedAt.toISOString(),
    supplyDate: header.supplyDate.toISOString(),
    orderNumber: order.orderNumber,
    dealer: header.dealer,
    customer: { name: `${order.firstName} ${order.lastName}`.trim(), addressLines: order.addressLines },
    ...described,
    depositPence: order.reservationDepositPence,
    chargedPence: order.totalPence,
  }
}

export interface CreditLine {
  readonly description: string
  readonly grossPence: Pence
  readonly treatment: VatTreatment
}

export type CreditNoteProblem = { readonly ok: false; readonly message: string }

/** Why `amountPence` cannot be credited against an invoice with `leftPence` still to give back, or null when it can. */
export function creditAmountProblem(leftPence: Pence, amountPence: Pence): CreditNoteProblem | null {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) return { ok: false, message: 'A credit note needs an amount of at least 1p.' }
  if (amountPence > leftPence) return { ok: false, message: 'A credit note cannot give back more than its invoice charged.' }
  return null
}

/**
 * The lines a credit note gives back: the ones given (they must add up to the amount), or else the amount shared
 * across the invoice's lines in proportion to their gross (the whole invoice when it is the whole amount), so
 * each treatment gets back its share of the VAT it bore.
 */
export function creditLines(invoice: Pick<SalesDocument, 'lines' | 'grossPence'>, amountPence: Pence, given?: readonly CreditLine[]): { ok: true; lines: CreditLine[] } | CreditNoteProblem {
  const problem = creditAmountProblem(invoice.grossPence, amountPence)
  if (problem) return problem
  if (given && given.length) {
    const sum = given.reduce((s, l) => s + l.grossPence, 0)
    if (given.some((l) => !Number.isSafeInteger(l.grossPence) || l.grossPence < 0)) return { ok: false, message: 'Each credited line needs an amount in whole pence.' }
    if (sum !== amountPence) return { ok: false, message: 'The credited lines do not add up to the amount.' }
    return { ok: true, lines: [...given] }
  }
  const shares = apportion(amountPence, invoice.lines.map((l) => l.grossPence))
  return { ok: true, lines: invoice.lines.flatMap((l, i) => (shares[i] ? [{ description: l.description, grossPence: shares[i]!, treatment: l.treatment }] : [])) }
}

/** A credit note referring to `invoice`, for `lines` (see creditLines). */
export function creditNoteDocument(invoice: SalesDocument, lines: readonly CreditLine[], header: Header & { readonly reason: string }): SalesDocument {
  const described = describe(lines)
  return {
    kind: 'credit-note',
    number: header.number,
    issuedAt: header.issuedAt.toISOString(),
    supplyDate: header.supplyDate.toISOString(),
    orderNumber: invoice.orderNumber,
    dealer: header.dealer,
    customer: invoice.customer,
    ...described,
    depositPence: 0,
    chargedPence: described.grossPence,
    creditsInvoice: invoice.number,
    reason: header.reason,
  }
}
