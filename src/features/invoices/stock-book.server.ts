// The margin scheme's stock book as staff download it (ADR 049): every used motorcycle and scooter with its
// purchase (staff-only fields), and, once sold, its sale from the order that paid for it and that order's invoice.
import 'server-only'
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { parseOrderVatLines } from '../../domain/invoices/order-vat-lines'
import { stockBookRows, type StockBookEntry } from '../../domain/invoices/stock-book'
import { toCsv } from '../../lib/text/csv'
import type { Order } from '../../payload-types'
import { documentsOfOrder } from './document-rows.server'

/** Orders that sold their goods: paid and not since refunded or cancelled. */
const SOLD = ['paid', 'processing', 'ready_for_collection', 'dispatched', 'completed'] as const

/** What the line at `index` of the order was sold for under the margin scheme (its margin part; else the line). */
function salePence(order: Order, index: number): number {
  const parts = parseOrderVatLines((order as Order & { vatLines?: unknown }).vatLines)
  const margin = parts?.filter((p) => p.line === index && p.treatment === 'margin').reduce((s, p) => s + p.grossPence, 0)
  return margin || order.lines[index]!.lineTotalPence
}

export async function stockBookEntries(payload: Payload): Promise<StockBookEntry[]> {
  const bikes = await payload.find({ collection: 'products', where: { and: [{ condition: { equals: 'used' } }, { kind: { in: ['motorcycle', 'scooter'] } }] }, depth: 0, limit: 0, pagination: false, overrideAccess: true, sort: 'createdAt' })
  const ids = bikes.docs.map((b) => b.id)
  const orders = ids.length ? await payload.find({ collection: 'orders', where: { and: [{ 'lines.product': { in: ids } }, { status: { in: [...SOLD] } }] }, depth: 0, limit: 0, pagination: false, overrideAccess: true, sort: 'createdAt' }) : { docs: [] as Order[] }
  const entries: StockBookEntry[] = []
  for (const bike of bikes.docs) {
    const sale = [...orders.docs].reverse().find((o) => o.lines.some((l) => (typeof l.product === 'object' ? l.product.id : l.product) === bike.id))
    const index = sale ? sale.lines.findIndex((l) => (typeof l.product === 'object' ? l.product.id : l.product) === bike.id) : -1
    const invoice = sale ? (await documentsOfOrder(payload, sale.id)).find((d) => d.kind === 'invoice') : undefined
    entries.push({
      stockNumber: bike.sku ?? String(bike.id),
      description: bike.name,
      purchaseDate: bike.purchase?.date ?? null,
      purchasePricePence: bike.purchase?.pricePence ?? null,
      seller: bike.purchase?.seller ?? null,
      saleDate: sale ? (sale.payment?.paidAt ?? sale.createdAt) : null,
      salePricePence: sale ? salePence(sale, index) : null,
      buyer: sale ? `${sale.firstName} ${sale.lastName}`.trim() : null,
      invoiceNumber: invoice?.number ?? null,
    })
  }
  return entries
}

export async function stockBookCsv(payload: Payload): Promise<string> {
  return toCsv(stockBookRows(await stockBookEntries(payload)))
}

/** The download: the CSV for staff; 403 for anyone else. */
export async function stockBookResponse(payload: Payload, user: unknown, now: Date = new Date()): Promise<Response> {
  const headers = { 'Cache-Control': 'private, no-store' }
  if (!isStaffUser(user as never)) return Response.json({ error: 'forbidden', message: 'The stock book is for staff: sign in to the admin first.' }, { status: 403, headers })
  return new Response(await stockBookCsv(payload), { status: 200, headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="stock-book-${now.toISOString().slice(0, 10)}.csv"` } })
}
