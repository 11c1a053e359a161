// The VAT rows under a total, as <dt>/<dd> pairs for a <dl>: the VAT at each rate, what is zero-rated or outside
// the scope of VAT, and a margin-scheme note without a figure (ADR 044). Without a breakdown (an order placed
// before one was kept) the one stored VAT figure is shown as it always was.
import { vatRowsFor, type VatRateTotal } from '../../domain/vat/vat'

export function VatRows({ breakdown, vatPence, className }: { breakdown: readonly VatRateTotal[] | null | undefined; vatPence: number; className?: string }) {
  return vatRowsFor(breakdown, vatPence).map((row) => (
    <div key={row.treatment} className={className}>
      <dt>{row.label}</dt>
      <dd data-testid={row.treatment === 'standard' ? 'vat' : `vat-${row.treatment}`}>{row.value}</dd>
    </div>
  ))
}
