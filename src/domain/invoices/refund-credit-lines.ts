// The credit note of a refund of chosen order lines (a return or a cancellation): those lines given back, each at
// its own VAT treatment, rather than the amount spread over the whole invoice, so a zero-rated helmet returned
// from an order with a 20% jacket credits no VAT (ADR 049). Every figure is integer pence.
import { apportion } from '../basket/basket'
import type { Pence } from '../money'
import type { VatTreatment } from '../vat/vat'
import type { OrderVatPart } from './order-vat-lines'
import { creditAmountProblem, type CreditLine, type CreditNoteProblem, type DocumentLine } from './sales-document'

/** A line of the invoice and the order line it belongs to (its index in the order's lines; null for delivery). */
export interface InvoiceLineOfOrder {
  readonly description: string
  readonly grossPence: Pence
  readonly treatment: VatTreatment
  readonly orderLine: number | null
}

/** An order line by its id (as the returns workflow names it) and its units; or so many of its units, refunded. */
export interface OrderLineCount {
  readonly lineId: string
  readonly count: number
}

/**
 * The invoice's lines paired with their order lines. The invoice was built from the order's VAT parts one line
 * each, in order (`invoiceParts`), so they pair by position; null when they do not match (not this order's invoice).
 */
export function invoiceLinesOfOrder(invoiceLines: readonly Pick<DocumentLine, 'description' | 'grossPence' | 'treatment'>[], parts: readonly OrderVatPart[]): InvoiceLineOfOrder[] | null {
  if (invoiceLines.length !== parts.length) return null
  const paired = invoiceLines.map((l, i) => ({ description: l.description, grossPence: l.grossPence, treatment: l.treatment, orderLine: parts[i]!.line }))
  return paired.every((l, i) => l.grossPence === parts[i]!.grossPence && l.treatment === parts[i]!.treatment) ? paired : null
}

export interface RefundedLinesCredit {
  readonly invoiceLines: readonly InvoiceLineOfOrder[]
  /** The order's lines, in order: `orderLine` indexes them. */
  readonly orderLines: readonly OrderLineCount[]
  readonly refunded: readonly OrderLineCount[]
  readonly amountPence: Pence
  /** What the invoice has left to give back: its gross less the credit notes already issued against it. */
  readonly leftPence: Pence
  /** The refund's deduction for lost value, when known: taken from the chosen lines before any delivery is credited. */
  readonly deductionPence?: Pence
}

const sum = (values: readonly Pence[]) => values.reduce((s, v) => s + v, 0)

/**
 * The lines a refund of `refunded` gives back. Each chosen line is worth its paid gross × count / its units (down
 * to the penny), shared over its VAT parts in proportion. What the amount holds beyond the chosen lines (less any
 * deduction) is the delivery charge a whole-order cancellation refunds: credited on the delivery line, up to what it
 * charged. The rest (the chosen lines' worth less a deduction, or pennies more where the refund shared a discount
 * differently from the invoice) is shared over the chosen parts in proportion, each at its own treatment. The lines
 * add up to the amount to the penny; their VAT is worked per line by the credit note (ADR 044).
 */
export function refundCreditLines(input: RefundedLinesCredit): { ok: true; lines: CreditLine[] } | CreditNoteProblem {
  const amountProblem = creditAmountProblem(input.leftPence, input.amountPence)
  if (amountProblem) return amountProblem
  const index = new Map(input.orderLines.map((l, i) => [l.lineId, i]))
  const chosen = new Map<number, number>()
  for (const r of input.refunded) {
    const i = index.get(r.lineId)
    if (i === undefined) return { ok: false, message: `The refund names item ${r.lineId}, which the order does not have.` }
    if (chosen.has(i)) return { ok: false, message: `The refund names item ${r.lineId} twice.` }
    const units = input.orderLines[i]!.count
    if (!Number.isSafeInteger(r.count) || r.count < 1 || r.count > units) return { ok: false, message: `The refund gives back ${r.count} of item ${r.lineId}, which has ${units}.` }
    chosen.set(i, r.count)
  }
  if (chosen.size === 0) return { ok: false, message: 'The refund names no items.' }

  const shares: Pence[] = input.invoiceLines.map(() => 0)
  for (const [i, count] of chosen) {
    const at = input.invoiceLines.flatMap((l, k) => (l.orderLine === i ? [k] : []))
    if (at.length === 0) return { ok: false, message: `Item ${input.orderLines[i]!.lineId} is not on the invoice.` }
    const gross = at.map((k) => input.invoiceLines[k]!.grossPence)
    apportion(Math.floor((sum(gross) * count) / input.orderLines[i]!.count), gross).forEach((share, j) => (shares[at[j]!] = share))
  }
  const delivery = input.invoiceLines.flatMap((l, k) => (l.orderLine === null ? [k] : []))
  const goodsPence = Math.max(0, sum(shares) - Math.max(0, input.deductionPence ?? 0))
  const deliveryPence = Math.min(Math.max(0, input.amountPence - goodsPence), sum(delivery.map((k) => input.invoiceLines[k]!.grossPence)))
  const credited = apportion(input.amountPence - deliveryPence, shares)
  apportion(deliveryPence, delivery.map((k) => input.invoiceLines[k]!.grossPence)).forEach((share, j) => (credited[delivery[j]!] = share))

  const lines = input.invoiceLines.flatMap((l, k): CreditLine[] => {
    if (!credited[k]) return []
    const units = l.orderLine === null ? undefined : input.orderLines[l.orderLine]!.count
    const count = l.orderLine === null ? undefined : chosen.get(l.orderLine)
    const description = units !== undefined && count !== undefined && count < units ? `${l.description} (${count} of ${units})` : l.description
    return [{ description, grossPence: credited[k]!, treatment: l.treatment }]
  })
  // Only chosen lines that charged nothing, and no delivery, leave the amount with nowhere to go.
  if (sum(lines.map((l) => l.grossPence)) !== input.amountPence) return { ok: false, message: 'The refunded items charged nothing on the invoice to credit the amount against.' }
  return { ok: true, lines }
}
