// An order's invoice, issued once it is paid (ADR 049): the issueInvoice job, queued in the unit of work that marks
// the order paid, builds the document from the stored order and the dealer's details of the day and writes it
// with the next invoice number. However often the job runs, the order has one invoice.
import 'server-only'
import type { Payload } from 'payload'
import { execute, type TransactionId } from '../../cms/sql.server'
import { addressLines, invoiceDocument, isPaidFor, type InvoicedOrder, type SalesDocument } from '../../domain/invoices/sales-document'
import { parseOrderVatLines } from '../../domain/invoices/order-vat-lines'
import type { Order, SiteSetting } from '../../payload-types'
import { queueJobStatement } from '../jobs/queue.server'
import { ISSUE_INVOICE } from '../jobs/task-names'
import { writeDocument, type StoredDocument } from './document-rows.server'

/** The issueInvoice job's INSERT, for the unit of work that makes the order paid (`when`: see queueJobStatement). */
export const invoiceJobStatement = (payload: Payload, orderId: number, now: Date, when: Parameters<typeof queueJobStatement>[4]) => queueJobStatement(payload, ISSUE_INVOICE, { orderId }, now, when)

/** Queues the job in the caller's unit of work (Payload's transaction on PostgreSQL; after the write on SQLite). */
export async function queueInvoiceJob(payload: Payload, transactionID: TransactionId, orderId: number, now: Date): Promise<void> {
  await execute(payload, transactionID, invoiceJobStatement(payload, orderId, now, null))
}

export function dealerOf(settings: Pick<SiteSetting, 'dealerName' | 'address'> & { readonly vatNumber?: string | null }): SalesDocument['dealer'] {
  return { name: settings.dealerName, addressLines: addressLines(settings.address), vatNumber: settings.vatNumber?.trim() || null }
}

export function invoicedOrder(order: Order): InvoicedOrder {
  return {
    orderNumber: order.orderNumber,
    firstName: order.firstName,
    lastName: order.lastName,
    addressLines: addressLines(order.address),
    lines: order.lines.map((l) => ({ name: l.name, count: l.count, vatRatePercent: l.vatRatePercent, lineTotalPence: l.lineTotalPence })),
    discountPence: order.discountPence ?? 0,
    deliveryFeePence: order.delivery?.feePence ?? 0,
    totalPence: order.totalPence,
    reservationDepositPence: order.reservationDepositPence ?? 0,
    vatLines: parseOrderVatLines((order as Order & { vatLines?: unknown }).vatLines),
  }
}


export type IssueOutcome = { readonly ok: true; readonly created: boolean; readonly invoice: StoredDocument } | { readonly ok: false; readonly reason: string }

/** Issues the order's invoice (once): the job's work. Refuses an order not paid for. */
export async function issueInvoice(payload: Payload, orderId: number, now: Date = new Date(), transactionID: TransactionId = null): Promise<IssueOutcome> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!order) return { ok: false, reason: 'no such order' }
  if (!isPaidFor(order)) return { ok: false, reason: 'the order is not paid for' }
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const supplyDate = new Date(order.kind === 'finance' ? now : (order.payment?.paidAt ?? now))
  const { number: _none, ...document } = invoiceDocument(invoicedOrder(order), { number: '', issuedAt: now, supplyDate, dealer: dealerOf(settings) })
  const written = await writeDocument(payload, transactionID, { kind: 'invoice', orderId: order.id, issuedAt: now, document })
  return { ok: true, created: written.created, invoice: written.stored }
}
