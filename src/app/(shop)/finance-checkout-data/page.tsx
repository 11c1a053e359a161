// Finance checkout step "data" (spec §2); see features/finance.
import type { Metadata } from 'next'
import { FinanceCheckoutPage } from '../../../features/finance/components/checkout-page'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Finance: your details', robots: { index: false, follow: false } }

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <FinanceCheckoutPage step="data" searchParams={searchParams} />
}
