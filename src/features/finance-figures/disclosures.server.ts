// The dealer's FCA disclosures printed on every finance screen (the finance checkout, the product page's example, the
// listings and the finance page), the broker statement and commission disclosure never empty (domain/finance/disclosures.ts).
import 'server-only'
import type { FinanceDisclosures } from '../../components/ui/representative-example'
import { financeDisclosureTexts } from '../../domain/finance/disclosures'
import { siteSettings } from '../catalogue/queries.server'

export async function financeDisclosures(): Promise<FinanceDisclosures> {
  return financeDisclosureTexts(await siteSettings())
}
