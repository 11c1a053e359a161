// VAT on what the shop sells, worked out only on what bears it (ADR 044). Prices are VAT-inclusive: the VAT in
// a line is the VAT fraction of its gross amount at the line's rate, rounded once per line; the totals per rate
// are the sums of the lines, so every figure shown or stored adds up to the penny.
import { formatPence, vatIncluded, type Pence } from '../money'

/**
 * How a line is treated for VAT.
 * - `standard` (20%) and `reduced` (5%): VAT is contained in the price.
 * - `zero`: a taxable supply at 0% (protective motorcycle helmets, VAT Notice 701/23; children's clothing).
 * - `outside-scope`: no supply by the shop at all (the DVLA first registration fee and road tax, passed on at cost).
 * - `margin`: a second-hand vehicle sold under the margin scheme: VAT is due on the dealer's margin, which the
 *   customer is never shown, so no VAT figure exists for the customer (VAT Notice 718).
 */
export type VatTreatment = 'standard' | 'reduced' | 'zero' | 'outside-scope' | 'margin'

/** The order the treatments are listed in wherever VAT is shown. */
export const VAT_TREATMENTS: readonly VatTreatment[] = ['standard', 'reduced', 'zero', 'outside-scope', 'margin']

export const VAT_RATE_PERCENT: Readonly<Record<VatTreatment, number>> = { standard: 20, reduced: 5, zero: 0, 'outside-scope': 0, margin: 0 }

/** The treatment a product's stored rate means (the CMS offers 20, 5 and 0). */
export function treatmentForRate(ratePercent: number): VatTreatment {
  if (ratePercent === 0) return 'zero'
  if (ratePercent === VAT_RATE_PERCENT.reduced) return 'reduced'
  return 'standard'
}

/** The VAT in a VAT-inclusive amount, rounded half up to the penny: `vatIncluded` of money.ts, the one rounding. */
export const vatContainedPence = vatIncluded

export interface VatLineInput {
  /** What the customer pays for the line, VAT included where there is VAT. */
  readonly grossPence: Pence
  readonly treatment: VatTreatment
}

export interface VatLine {
  readonly grossPence: Pence
  readonly treatment: VatTreatment
  readonly ratePercent: number
  readonly netPence: Pence
  readonly vatPence: Pence
}

/** One treatment's totals: the sums of its lines. */
export interface VatRateTotal {
  readonly treatment: VatTreatment
  readonly ratePercent: number
  readonly grossPence: Pence
  readonly netPence: Pence
  readonly vatPence: Pence
}

export interface VatAnalysis {
  readonly lines: readonly VatLine[]
  /** Only the treatments that have lines, in `VAT_TREATMENTS` order. */
  readonly byTreatment: readonly VatRateTotal[]
  readonly grossPence: Pence
  readonly netPence: Pence
  readonly vatPence: Pence
}

export function vatLine(input: VatLineInput): VatLine {
  const ratePercent = VAT_RATE_PERCENT[input.treatment]
  const vatPence = vatContainedPence(input.grossPence, ratePercent)
  return { grossPence: input.grossPence, treatment: input.treatment, ratePercent, netPence: input.grossPence - vatPence, vatPence }
}

/** Each line's net and VAT, and the totals per treatment and overall, every total the sum of its lines. */
export function analyseVat(inputs: readonly VatLineInput[]): VatAnalysis {
  const lines = inputs.map(vatLine)
  const byTreatment = VAT_TREATMENTS.flatMap((treatment): VatRateTotal[] => {
    const mine = lines.filter((l) => l.treatment === treatment)
    if (mine.length === 0) return []
    const sum = (pick: (l: VatLine) => Pence) => mine.reduce((s, l) => s + pick(l), 0)
    return [{ treatment, ratePercent: VAT_RATE_PERCENT[treatment], grossPence: sum((l) => l.grossPence), netPence: sum((l) => l.netPence), vatPence: sum((l) => l.vatPence) }]
  })
  const sum = (pick: (l: VatLine) => Pence) => lines.reduce((s, l) => s + pick(l), 0)
  return { lines, byTreatment, grossPence: sum((l) => l.grossPence), netPence: sum((l) => l.netPence), vatPence: sum((l) => l.vatPence) }
}

/** One row of a VAT summary as a person reads it; `value` is the figure to show beside the label. */
export interface VatSummaryRow {
  readonly treatment: VatTreatment
  readonly label: string
  readonly value: string
}

/**
 * The VAT rows under a total: the VAT at each rate that has any, what is zero-rated and what is outside the
 * scope of VAT, and a margin-scheme note with no figure. Lines of no amount are left out.
 */
export function vatSummaryRows(byTreatment: readonly Pick<VatRateTotal, 'treatment' | 'ratePercent' | 'grossPence' | 'vatPence'>[]): VatSummaryRow[] {
  return byTreatment
    .filter((t) => t.grossPence !== 0)
    .map((t): VatSummaryRow => {
      switch (t.treatment) {
        case 'standard':
        case 'reduced':
          return { treatment: t.treatment, label: `VAT included (${t.ratePercent}%)`, value: formatPence(t.vatPence) }
        case 'zero':
          return { treatment: t.treatment, label: 'Zero-rated for VAT (0%)', value: formatPence(t.grossPence) }
        case 'outside-scope':
          return { treatment: t.treatment, label: 'Registration fee and road tax (outside the scope of VAT)', value: formatPence(t.grossPence) }
        case 'margin':
          return { treatment: t.treatment, label: 'Used vehicle sold under the VAT margin scheme', value: 'No VAT shown' }
      }
    })
}

/**
 * The rows to show under an order's total: its breakdown's rows, or, for an order stored before breakdowns were
 * kept (null), its one VAT figure as it was always shown.
 */
export function vatRowsFor(breakdown: readonly VatRateTotal[] | null | undefined, vatPence: Pence): VatSummaryRow[] {
  return breakdown ? vatSummaryRows(breakdown) : [{ treatment: 'standard', label: 'Includes VAT', value: formatPence(vatPence) }]
}

/** One line for a history note or a staff screen: "VAT 20% £627.83 on £3,767; outside the scope of VAT £82". */
export function vatAnalysisText(byTreatment: readonly VatRateTotal[]): string {
  return byTreatment
    .map((t) => {
      if (t.treatment === 'margin') return `margin scheme ${formatPence(t.grossPence)} (no VAT shown)`
      if (t.treatment === 'outside-scope') return `outside the scope of VAT ${formatPence(t.grossPence)}`
      return `VAT ${t.ratePercent}% ${formatPence(t.vatPence)} on ${formatPence(t.grossPence)}`
    })
    .join('; ')
}

/** An order's stored breakdown read back (a JSON column), or null when absent or not in this shape. */
export function parseVatBreakdown(value: unknown): VatRateTotal[] | null {
  if (!Array.isArray(value)) return null
  const totals: VatRateTotal[] = []
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null
    const e = entry as Record<string, unknown>
    const pence = [e.ratePercent, e.grossPence, e.netPence, e.vatPence]
    if (!VAT_TREATMENTS.includes(e.treatment as VatTreatment) || !pence.every((p) => typeof p === 'number' && Number.isSafeInteger(p))) return null
    totals.push({ treatment: e.treatment as VatTreatment, ratePercent: e.ratePercent as number, grossPence: e.grossPence as Pence, netPence: e.netPence as Pence, vatPence: e.vatPence as Pence })
  }
  return totals
}
