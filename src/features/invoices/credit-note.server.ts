// A credit note for money given back on an order (ADR 049): numbered from its own gap-free sequence, referring
// to the order's invoice, one per refund however often it is asked for. Callable inside the unit of work that
// records the refund (`transactionID`: the caller's PostgreSQL transaction; SQLite writes it in one batch of its own).
import 'server-only'
import type { Payload } from 'payload'
import type { TransactionId } from '../../cms/sql.server'
import { invoiceLinesOfOrder, refundCreditLines, type OrderLineCount } from '../../domain/invoices/refund-credit-lines'
import { creditLines, creditNoteDocument, invoiceParts, type CreditLine, type CreditNoteProblem, type SalesDocument } from '../../domain/invoices/sales-document'
import type { Order } from '../../payload-types'
import type { CreditNoteJobInput } from './credit-note-jobs.server'
import { documentsOfOrder, writeDocument, type StoredDocument } from './document-rows.server'
import { dealerOf, invoicedOrder, issueInvoice } from './issue-invoice.server'

export interface CreditNoteInput {
  /** The order the money was paid for. */
  readonly order: Pick<Order, 'id'>
  /** The refund's id (the provider's, or the caller's idempotency key): one credit note per refund id. */
  readonly refundId?: string | null
  /** What was given back, VAT included, in pence. */
  readonly amountPence: number
  /** The lines given back, adding up to the amount; when omitted the amount is shared over the invoice's lines. */
  readonly lines?: readonly CreditLine[]
  /** The order lines a return or cancellation refunded (by line id, with its deduction): credited at their own rates. */
  readonly refunded?: { readonly lines: readonly OrderLineCount[]; readonly deductionPence?: number }
  /** Why, as the document states it ("Returned: jacket, size M"). */
  readonly reason?: string
  readonly now?: Date
}

export type CreditNoteOutcome = { readonly ok: true; readonly created: boolean; readonly creditNote: StoredDocument } | { readonly ok: false; readonly message: string }

/**
 * Writes the credit note for a refund of `input.order`. The order's invoice is issued first if its job has not run
 * yet. Refuses (nothing written) an amount that is not whole pence above 0, lines that do not add up to it, or more
 * than the invoice charged less what earlier credit notes gave back.
 */
export async function issueCreditNote(payload: Payload, transactionID: TransactionId, input: CreditNoteInput): Promise<CreditNoteOutcome> {
  const now = input.now ?? new Date()
  const refundKey = input.refundId ? `refund:${input.refundId}`.slice(0, 200) : null
  const docs = await documentsOfOrder(payload, input.order.id, transactionID)
  const repeated = refundKey ? docs.find((d) => d.refundKey === refundKey) : undefined
  if (repeated) return { ok: true, created: false, creditNote: repeated }
  let invoice = docs.find((d) => d.kind === 'invoice')
  if (!invoice) {
    const issued = await issueInvoice(payload, input.order.id, now, transactionID)
    if (!issued.ok) return { ok: false, message: `No credit note: the order has no invoice (${issued.reason}).` }
    invoice = issued.invoice
  }
  const credited = docs.filter((d) => d.kind === 'credit-note').reduce((sum, d) => sum + d.document.grossPence, 0)
  const leftPence = invoice.document.grossPence - credited
  const lines = input.refunded ? await refundedLinesCredit(payload, input, invoice.document, leftPence) : creditLines({ lines: invoice.document.lines, grossPence: leftPence }, input.amountPence, input.lines)
  if (!lines.ok) return lines
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const { number: _none, ...document } = creditNoteDocument(invoice.document, lines.lines, { number: '', issuedAt: now, supplyDate: now, dealer: dealerOf(settings), reason: (input.reason ?? 'Refund').slice(0, 300) })
  const written = await writeDocument(payload, transactionID, { kind: 'credit-note', orderId: input.order.id, invoiceId: invoice.id, refundKey, issuedAt: now, document })
  return { ok: true, created: written.created, creditNote: written.stored }
}

/** The refunded order lines credited against the invoice's own lines for them (`refundCreditLines`). */
async function refundedLinesCredit(payload: Payload, input: CreditNoteInput, invoice: SalesDocument, leftPence: number): Promise<{ ok: true; lines: CreditLine[] } | CreditNoteProblem> {
  const order = await payload.findByID({ collection: 'orders', id: input.order.id, depth: 0, overrideAccess: true })
  const invoiceLines = invoiceLinesOfOrder(invoice.lines, invoiceParts(invoicedOrder(order)))
  if (!invoiceLines) return { ok: false, message: `The invoice ${invoice.number} does not list the order's lines as the order stores them.` }
  const orderLines = order.lines.map((l) => ({ lineId: String(l.id), count: l.count }))
  return refundCreditLines({ invoiceLines, orderLines, refunded: input.refunded!.lines, amountPence: input.amountPence, leftPence, deductionPence: input.refunded!.deductionPence })
}

/**
 * The refund id of an order refunded in full: the same whether staff refunded it from the admin or the provider
 * reported it, so that the two paths, if both run, make one credit note.
 */
export const wholeOrderRefundId = (orderId: number): string => `order-refunded-${orderId}`

/**
 * The issueCreditNote job: the credit note of a refund recorded by a return or a cancellation (the lines it refunded,
 * each at its own rate), of a part refund staff gave from the order page (a refund with no return, shared over the
 * invoice's lines), or of an order the provider refunded in full (every line the invoice has left). Once per
 * refund, however often it runs.
 */
export async function creditNoteForJob(payload: Payload, input: CreditNoteJobInput): Promise<string> {
  let credit: CreditNoteInput
  if ('orderId' in input) {
    credit = { order: { id: input.orderId }, refundId: wholeOrderRefundId(input.orderId), amountPence: input.amountPence, reason: 'Order refunded' }
  } else {
    const refundId = input.refundId
    const refund = await payload.findByID({ collection: 'refunds', id: refundId, depth: 0, overrideAccess: true, disableErrors: true })
    if (!refund) return `no refund ${refundId}`
    if (refund.state !== 'succeeded') return `refund ${refundId} is ${refund.state}: no credit note`
    const orderId = typeof refund.order === 'object' && refund.order ? refund.order.id : Number(refund.order)
    const lines = refundedLines(refund.lines)
    const returnId = typeof refund.return === 'object' && refund.return ? refund.return.id : refund.return
    const deductionPence = returnId == null ? 0 : ((await payload.findByID({ collection: 'returns', id: returnId, depth: 0, overrideAccess: true, disableErrors: true }))?.deductionPence ?? 0)
    credit = { order: { id: orderId }, refundId: `refund-${refundId}`, amountPence: refund.amountPence, reason: refund.return ? 'Goods returned or cancelled' : 'Part refund', ...(lines.length ? { refunded: { lines, deductionPence } } : {}) }
  }
  const outcome = await issueCreditNote(payload, null, credit)
  if (!outcome.ok) throw new Error(outcome.message)
  return `${outcome.created ? 'issued' : 'already issued'} ${outcome.creditNote.number}`
}

/** A refund's stored lines (`[{ lineId, count }]`, JSON); none when it refunded an amount rather than lines. */
function refundedLines(value: unknown): OrderLineCount[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((l: unknown) => {
    const line = (l ?? {}) as Record<string, unknown>
    return typeof line.lineId === 'string' && typeof line.count === 'number' ? [{ lineId: line.lineId, count: line.count }] : []
  })
}
