// Returns and the VAT documents (invoices and credit notes) as the accountant's spreadsheet wants them, beside the
// orders (orders-csv.ts): one row each, amounts in pounds as plain numbers, days in UK time, states in words. Pure:
// the export job hands them a page at a time.
import { poundsCell, ukDateTimeCell } from './orders-csv'

export interface ExportReturn {
  readonly returnNumber: string
  readonly createdAt: string
  readonly ground: string
  readonly state: string
  readonly email: string
  readonly order?: { readonly orderNumber?: string | null } | number | null
  readonly lines?: unknown
  readonly reason?: string | null
  readonly returnMethod?: string | null
  readonly requestedOn: string
  readonly receivedOn?: string | null
  readonly refundDueOn?: string | null
  readonly deductionPence?: number | null
  readonly deductionReason?: string | null
  readonly refundPence?: number | null
}

export const RETURN_CSV_HEADER = [
  'Return', 'Order', 'Asked', 'Ground', 'State', 'Email', 'Items', 'Reason', 'Sent back by', 'Requested on', 'Received on', 'Refund due by', 'Deduction (£)', 'Deduction reason', 'Refunded (£)',
] as const

const GROUNDS: Readonly<Record<string, string>> = { cancellation: 'Cancellation (14 days)', fault: 'Faulty goods', exchange: 'Exchange' }
const METHODS: Readonly<Record<string, string>> = { post: 'Post', dealer: 'Brought to the dealer' }

function itemsOf(lines: unknown): string {
  if (!Array.isArray(lines)) return ''
  return lines.map((l: { count?: unknown; name?: unknown }) => `${Number(l?.count ?? 0)} × ${String(l?.name ?? '')}`).join('; ')
}

export function returnCsvRow(r: ExportReturn): string[] {
  return [
    r.returnNumber,
    typeof r.order === 'object' && r.order ? (r.order.orderNumber ?? '') : '',
    ukDateTimeCell(r.createdAt),
    GROUNDS[r.ground] ?? r.ground,
    r.state.charAt(0).toUpperCase() + r.state.slice(1),
    r.email,
    itemsOf(r.lines),
    r.reason ?? '',
    METHODS[r.returnMethod ?? ''] ?? r.returnMethod ?? '',
    r.requestedOn,
    r.receivedOn ?? '',
    r.refundDueOn ?? '',
    poundsCell(r.deductionPence),
    r.deductionReason ?? '',
    r.refundPence == null ? '' : poundsCell(r.refundPence),
  ]
}

export interface ExportDocument {
  readonly number: string
  readonly kind: string
  readonly issuedAt: string
  readonly order?: { readonly orderNumber?: string | null } | number | null
  readonly invoice?: { readonly number?: string | null } | number | null
  readonly totalPence: number
  readonly vatPence: number
  readonly document?: { readonly reason?: string | null; readonly customer?: { readonly name?: string | null } | null } | null
}

export const DOCUMENT_CSV_HEADER = ['Number', 'Kind', 'Issued', 'Order', 'Credits invoice', 'Customer', 'Net (£)', 'VAT (£)', 'Gross (£)', 'Reason'] as const

/** A document's row. A credit note's amounts are negative, so a column's sum is what the shop took, net of refunds. */
export function documentCsvRow(d: ExportDocument): string[] {
  const sign = d.kind === 'credit-note' ? -1 : 1
  return [
    d.number,
    d.kind === 'credit-note' ? 'Credit note' : 'Invoice',
    ukDateTimeCell(d.issuedAt),
    typeof d.order === 'object' && d.order ? (d.order.orderNumber ?? '') : '',
    typeof d.invoice === 'object' && d.invoice ? (d.invoice.number ?? '') : '',
    d.document?.customer?.name ?? '',
    poundsCell(sign * (d.totalPence - d.vatPence)),
    poundsCell(sign * d.vatPence),
    poundsCell(sign * d.totalPence),
    d.kind === 'credit-note' ? (d.document?.reason ?? '') : '',
  ]
}
