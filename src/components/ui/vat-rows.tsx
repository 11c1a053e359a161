// The VAT rows under a total, as <dt>/<dd> pairs for a <dl>: the VAT at each rate, what is zero-rated or outside
// the scope of VAT, and a margin-scheme note without a figure (ADR 035). Without a breakdown (an order placed
// before one was kept) the one stored VAT figure is shown as it always was.
import { formatPence } from '../../domain/money'
import { vatSummaryRows, type VatRateTotal, type VatSummaryRow } from '../../domain/vat/vat'

export function vatRowsOf(breakdown: readonly VatRateTotal[] | null, vatPence: number): VatSummaryRow[] {
  return breakdown ? vatSummaryRows(breakdown) : [{ treatment: 'standard', label: 'Including VAT', value: formatPence(vatPence) }]
}

export function VatRows({ breakdown, vatPence, className }: { breakdown: readonly VatRateTotal[] | null; vatPence: number; className?: string }) {
  return vatRowsOf(breakdown, vatPence).map((row) => (
    <div key={row.treatment} className={className}>
      <dt>{row.label}</dt>
      <dd data-testid={row.treatment === 'standard' ? 'vat' : `vat-${row.treatment}`}>{row.value}</dd>
    </div>
  ))
}
