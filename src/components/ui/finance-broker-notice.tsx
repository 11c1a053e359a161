// The dealer's broker status and commission disclosure, stated once on a finance screen whether or not a quote is
// shown on it yet: the finance checkout's steps, the product page's finance section without an example, the finance page.
// The texts are the ones a finance quote and application keep as shown (domain/finance/disclosures.ts).
import type { FinanceDisclosureTexts } from '../../domain/finance/disclosures'
import './representative-example.css'

export function FinanceBrokerNotice({ disclosures, headingLevel = 2 }: { readonly disclosures: FinanceDisclosureTexts; readonly headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <section className="finance-broker" aria-labelledby="finance-broker-title" data-testid="finance-broker-notice">
      <Heading id="finance-broker-title" className="finance-broker__title">
        About our finance
      </Heading>
      {disclosures.brokerStatement && <p data-disclosure="broker">{disclosures.brokerStatement}</p>}
      {disclosures.commissionDisclosure && <p data-disclosure="commission">{disclosures.commissionDisclosure}</p>}
      {disclosures.fcaFirmReference && <p data-disclosure="fca">{disclosures.dealerName ? `${disclosures.dealerName}: ` : ''}FCA firm reference number {disclosures.fcaFirmReference}.</p>}
    </section>
  )
}
