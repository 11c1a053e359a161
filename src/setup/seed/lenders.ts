// The demo lender panel (rate-table's demoLenderPanel) as `lenders` documents; idempotent by funder code.
import type { Payload } from 'payload'
import { lenderDocumentData } from '../../features/finance-figures/lender-document'
import { demoLenderPanel } from './demo-lenders'

export async function seedLenders(payload: Payload): Promise<void> {
  for (const [index, lender] of demoLenderPanel.entries()) {
    const found = await payload.find({ collection: 'lenders', where: { funderCode: { equals: lender.funderCode } }, limit: 1, depth: 0, overrideAccess: true })
    if (found.docs[0]) continue
    await payload.create({ collection: 'lenders', data: lenderDocumentData(lender, (index + 1) * 10), overrideAccess: true })
  }
}
