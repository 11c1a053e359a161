// The server half of each finance checkout step: the bike from ?product=, the dealer's FCA disclosures, then the step.
// Without ?product= the browser resumes its stored finance checkout (resume-finance-checkout.tsx).
import { notFound } from 'next/navigation'
import { FinanceBrokerNotice } from '../../../components/ui/finance-broker-notice'
import { siteSettings } from '../../catalogue/queries.server'
import { financeDisclosures, financeProductBySlug } from '../queries.server'
import { AccessoriesStep } from './accessories-step'
import { DataStep } from './data-step'
import type { FinanceStep } from './finance-steps'
import { ProductStep } from './product-step'
import { ResumeFinanceCheckout } from './resume-finance-checkout'
import { SummaryStep } from './summary-step'
import '../finance.css'

export async function FinanceCheckoutPage({ step, searchParams }: { readonly step: FinanceStep; readonly searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const slug = typeof params.product === 'string' ? params.product.slice(0, 200) : ''
  // A reserved bike's link (paths.financeCheckoutReserved): the quote step keeps the token; the server checks it.
  const reservationToken = typeof params.reservation === 'string' ? params.reservation.slice(0, 400) : null
  // No bike named: resume the finance checkout this browser holds, or help choose a bike (never a 404).
  if (!slug) {
    return (
      <>
        <ResumeFinanceCheckout step={step} />
        <div className="container">
          <FinanceBrokerNotice disclosures={await financeDisclosures()} />
        </div>
      </>
    )
  }
  const [product, disclosures, settings] = await Promise.all([slug ? financeProductBySlug(slug) : null, financeDisclosures(), siteSettings()])
  if (!product) notFound()
  // Every step states the broker status and the commission, whether or not a quote is on it yet; a quote recorded
  // from these steps keeps the same texts (finance-client.ts), so the dealer can show what the customer read.
  return (
    <div className="container fc-page">
      {step === 'product' && <ProductStep product={product} disclosures={disclosures} reservationToken={reservationToken} />}
      {step === 'accessories' && <AccessoriesStep product={product} disclosures={disclosures} />}
      {step === 'data' && <DataStep product={product} disclosures={disclosures} />}
      {step === 'summary' && <SummaryStep product={product} disclosures={disclosures} dealerPhone={settings.phone ?? null} />}
      <FinanceBrokerNotice disclosures={disclosures} />
    </div>
  )
}
