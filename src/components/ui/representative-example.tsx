// The one place a finance monthly payment is shown (FCA CONC 3.5.5R): the representative example in full, with the
// broker statement, commission disclosure and FCA firm reference, every figure in the same type as the monthly payment.
import type { RepresentativeExample as Example } from '../../domain/finance/representative-example'
import { formatPence } from '../../domain/money'
import type { FinanceDisclosureTexts } from '../../domain/finance/disclosures'
import { numberText } from '../../lib/text/number-text'
import './representative-example.css'

export type FinanceDisclosures = FinanceDisclosureTexts

const FACILITY = { HP: 'Hire purchase', PCP: 'Personal contract purchase' } as const

function percent(value: number): string {
  return `${numberText(value, 1, 2)}%`
}

interface Props {
  readonly example: Example
  readonly disclosures: FinanceDisclosures
  /** Who lends, when the example is a lender's quote. */
  readonly lenderName?: string | null
  readonly headingLevel?: 2 | 3 | 4
  readonly title?: string
  /** The estimate range or other monthly wording shown with it; rendered inside, in the same type. */
  readonly lead?: React.ReactNode
  readonly id?: string
}

export function RepresentativeExample({ example, disclosures, lenderName, headingLevel = 3, title, lead, id }: Props) {
  const Heading = `h${headingLevel}` as const
  const headingId = id ? `${id}-title` : undefined
  const fees: string[] = []
  if (example.acceptanceFeePence > 0) fees.push(`acceptance fee ${formatPence(example.acceptanceFeePence)} (with the first payment)`)
  if (example.optionToPurchaseFeePence > 0) fees.push(`option-to-purchase fee ${formatPence(example.optionToPurchaseFeePence)} (with the final payment)`)
  const rows: [string, string][] = [
    [`${example.numberOfMonthlyPayments} monthly payments of`, formatPence(example.regularPaymentPence)],
    ...(example.facilityType === 'PCP' ? [['Optional final payment', formatPence(example.finalPaymentPence)] as [string, string]] : []),
    ['Cash price', formatPence(example.cashPricePence)],
    ['Deposit', formatPence(example.depositPence)],
    ['Total amount of credit', formatPence(example.creditPence)],
    ['Duration of agreement', `${example.termMonths} months`],
    ['Total amount payable', formatPence(example.totalPayablePence)],
    ['Total charge for credit', formatPence(example.totalChargeForCreditPence)],
    ['Fixed rate of interest (flat, per year)', percent(example.fixedRatePercent)],
    ['Representative APR', `${percent(example.aprPercent)} APR`],
    ['Fees', fees.length ? fees.join('; ') : 'None'],
    ...(example.annualDistance !== null ? [['Annual mileage', `${numberText(example.annualDistance)} miles`] as [string, string]] : []),
  ]
  return (
    <section className="rep-example" data-testid="representative-example" aria-labelledby={headingId} id={id}>
      <Heading className="rep-example__title" id={headingId}>
        {title ?? `Representative example: ${FACILITY[example.facilityType]}`}
      </Heading>
      {lenderName && <p className="rep-example__lender">Lender: {lenderName}</p>}
      {lead}
      <dl className="rep-example__figures">
        {rows.map(([label, value]) => (
          <div key={label} className="rep-example__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="rep-example__legal">
        <p>Finance is subject to status and available to UK residents aged 18 and over.</p>
        {disclosures.brokerStatement && <p data-disclosure="broker">{disclosures.brokerStatement}</p>}
        {disclosures.commissionDisclosure && <p data-disclosure="commission">{disclosures.commissionDisclosure}</p>}
        {disclosures.fcaFirmReference && <p>{disclosures.dealerName ? `${disclosures.dealerName}: ` : ''}FCA firm reference number {disclosures.fcaFirmReference}.</p>}
      </div>
    </section>
  )
}
