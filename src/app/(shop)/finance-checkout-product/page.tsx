// Finance checkout step "product" (spec §2); see features/finance.
import type { Metadata } from 'next'
import { FinanceCheckoutPage } from '../../../features/finance/components/checkout-page'

export const dynamic = 'force-dynamic'
// no-referrer: a reserved bike's link carries its reservation token until the step has kept it.
export const metadata: Metadata = { title: 'Finance quote', robots: { index: false, follow: false }, referrer: 'no-referrer' }

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <FinanceCheckoutPage step="product" searchParams={searchParams} />
}
