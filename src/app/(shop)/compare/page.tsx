import type { Metadata } from 'next'
import { parseCompareSlugs } from '../../../domain/catalogue/compare'
import { CompareView } from '../../../features/product/components/compare-view'
import { comparedBikes } from '../../../features/product/compare.server'
import { financeDisclosures, representativeQuoteForProduct } from '../../../features/finance/queries.server'

export const metadata: Metadata = {
  title: 'Compare bikes',
  description: 'Up to four bikes side by side: price, monthly cost, specification and history.',
  robots: { index: false, follow: true },
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export default async function Page({ searchParams }: Props) {
  const params = await searchParams
  const slugs = parseCompareSlugs(params.bikes)
  const [bikes, disclosures] = await Promise.all([comparedBikes(slugs, representativeQuoteForProduct), financeDisclosures()])
  return <CompareView bikes={bikes} disclosures={disclosures} onlyDifferences={params.only === 'differences'} />
}
