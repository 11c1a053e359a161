// Orders as the accountant's spreadsheet wants them: one row per order, amounts in pounds as plain numbers
// ("1234.50", which Excel sums), dates in UK time, the status in words. Pure: the export job hands it the orders a
// page at a time (export-job.server.ts), and `toCsv` neutralises any cell a spreadsheet would run as a formula.
import { isIsoDay, londonDay, type IsoDay } from '../../domain/booking/calendar'
import type { Pence } from '../../domain/money'
import { z } from '../../lib/zod'

/** Pence as pounds for a spreadsheet cell: no symbol, no thousands commas, always two decimals ("-12.50"). */
export function poundsCell(pence: Pence | null | undefined): string {
  const p = pence ?? 0
  const sign = p < 0 ? '-' : ''
  const abs = Math.abs(p)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const ukTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** "2026-11-28 14:03" in UK time, which Excel reads as a date and time; empty for none. */
export function ukDateTimeCell(at: string | null | undefined): string {
  if (!at) return ''
  const when = new Date(at)
  if (Number.isNaN(when.getTime())) return ''
  return `${londonDay(when)} ${ukTime.format(when)}`
}

export interface ExportOrder {
  readonly orderNumber: string
  readonly createdAt: string
  readonly status: string
  readonly kind: string
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone?: string | null
  readonly address?: { readonly postcode?: string | null } | null
  readonly delivery?: { readonly method?: string | null; readonly feePence?: number | null } | null
  readonly lines?: readonly { readonly name: string; readonly sku?: string | null; readonly count: number }[] | null
  readonly subtotalPence: number
  readonly discountPence?: number | null
  readonly vatPence: number
  readonly totalPence: number
  readonly couponCode?: string | null
  readonly payment?: { readonly paidAt?: string | null; readonly refundedPence?: number | null; readonly reference?: string | null; readonly provider?: string | null } | null
}

export const ORDER_CSV_HEADER = [
  'Order', 'Placed', 'Paid', 'Status', 'Kind', 'Customer', 'Email', 'Phone', 'Postcode', 'Delivery', 'Items', 'Lines',
  'Subtotal (£)', 'Discount (£)', 'Delivery (£)', 'VAT included (£)', 'Total (£)', 'Refunded (£)', 'Coupon', 'Payment', 'Payment reference',
] as const

const DELIVERY: Record<string, string> = { free: 'Collection', flat_rate: 'Home delivery', dealer_delivery: 'Dealer van' }

export function orderCsvRow(order: ExportOrder, statusLabels: Readonly<Record<string, string>>): string[] {
  const lines = order.lines ?? []
  return [
    order.orderNumber,
    ukDateTimeCell(order.createdAt),
    ukDateTimeCell(order.payment?.paidAt),
    statusLabels[order.status] ?? order.status,
    order.kind === 'finance' ? 'Finance' : 'Card',
    `${order.firstName} ${order.lastName}`.trim(),
    order.email,
    order.phone ?? '',
    order.address?.postcode ?? '',
    DELIVERY[order.delivery?.method ?? ''] ?? order.delivery?.method ?? '',
    String(lines.reduce((n, l) => n + l.count, 0)),
    lines.map((l) => `${l.count} × ${l.name}${l.sku ? ` (${l.sku})` : ''}`).join('; '),
    poundsCell(order.subtotalPence),
    poundsCell(order.discountPence),
    poundsCell(order.delivery?.feePence),
    poundsCell(order.vatPence),
    poundsCell(order.totalPence),
    poundsCell(order.payment?.refundedPence),
    order.couponCode ?? '',
    order.payment?.provider ?? '',
    order.payment?.reference ?? '',
  ]
}

/** The kinds of export staff ask for from a list: the records of a period, in one state or all. */
export const LIST_EXPORT_KINDS = ['orders', 'returns', 'invoices'] as const
export type ListExportKind = (typeof LIST_EXPORT_KINDS)[number]
export type ExportKind = ListExportKind | 'catalogue'

/**
 * What staff ask for: the catalogue, or a list's records by the days they were made (UK) and one state or all
 * (`states`: each list's states, an order's status, a return's state, a document's kind).
 */
export function exportRequestSchema(states: Readonly<Record<ListExportKind, readonly string[]>>) {
  const day = z.string().refine((v) => isIsoDay(v), 'Write the day as YYYY-MM-DD')
  const list = <K extends ListExportKind>(kind: K) =>
    z
      .object({
        kind: z.literal(kind),
        from: day.optional(),
        to: day.optional(),
        status: z.union([z.literal(''), z.enum(states[kind] as [string, ...string[]])]).optional(),
      })
      .strict()
  const ordered = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to
  const span = { message: 'The first day must not be after the last', path: ['to'] }
  return z.discriminatedUnion('kind', [z.object({ kind: z.literal('catalogue') }).strict(), list('orders'), list('returns'), list('invoices')]).refine((r) => r.kind === 'catalogue' || ordered(r), span)
}

/** "orders-2026-11-01-to-2026-11-28-paid.csv", "returns-to-2026-11-28.csv", "catalogue-2026-11-28.csv". */
export function exportFileName(kind: ExportKind, today: IsoDay, filters: { from?: string | null; to?: string | null; status?: string | null } = {}): string {
  if (kind === 'catalogue') return `catalogue-${today}.csv`
  const span = filters.from || filters.to ? `-${filters.from ?? 'start'}-to-${filters.to ?? today}` : `-to-${today}`
  return `${kind}${span}${filters.status ? `-${filters.status}` : ''}.csv`
}

/** What a CSV file the shop hands to a spreadsheet starts with: the UTF-8 byte-order mark, so Excel reads "£" right. */
export const UTF8_BOM = '\uFEFF'
