// Staff changes that make an order paid for earn its invoice (ADR 049): a showroom sale's balance marked paid, a
// finance application marked completed. Card payments queue the job with the payment itself (confirmationJob).
// No 'server-only' marker: the orders collection (loaded by the Payload config, also outside Next) uses this hook.
import type { CollectionAfterChangeHook } from 'payload'
import { isPaidFor } from '../../domain/invoices/sales-document'
import type { Order } from '../../payload-types'

/** Queued in the unit of work of the staff change (Payload's transaction on PostgreSQL; after the write on SQLite). */
export const queueInvoiceWhenPaid: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, req, operation }) => {
  if (operation !== 'update' || !previousDoc || !isPaidFor(doc) || isPaidFor(previousDoc)) return doc
  // Loaded when it runs: a server-only module, and the Payload config (loaded outside Next by its CLI) imports this hook.
  const { queueInvoiceJob } = await import('./issue-invoice.server')
  await queueInvoiceJob(req.payload, (await req.transactionID) ?? null, doc.id, new Date())
  return doc
}
