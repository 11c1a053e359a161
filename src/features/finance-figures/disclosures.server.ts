// The dealer's FCA disclosures printed under a listing's representative example (the finance pages read the same settings).
import 'server-only'
import type { FinanceDisclosures } from '../../components/ui/representative-example'
import { siteSettings } from '../catalogue/queries.server'

export async function financeDisclosures(): Promise<FinanceDisclosures> {
  const s = await siteSettings()
  return {
    dealerName: s.dealerName ?? null,
    brokerStatement: s.finance?.brokerStatement ?? null,
    commissionDisclosure: s.finance?.commissionDisclosure ?? null,
    fcaFirmReference: s.finance?.fcaFirmReference ?? null,
  }
}
