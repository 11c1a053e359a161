// Finance quotes the shop received (from the built-in provider or iVendi), kept so an order can only name a quote that was
// really given, with what the customer was shown (the lender, the example, the dealer's disclosures).
import { JSON_VIEW } from '../fields/json-view'
import { financeEvidenceFields } from '../fields/finance-evidence'
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const FinanceQuotes: CollectionConfig = {
  slug: 'finance-quotes',
  admin: { useAsTitle: 'quoteUid', defaultColumns: ['quoteUid', 'productName', 'lenderName', 'facilityType', 'regularPaymentPence', 'createdAt'], group: 'Finance' },
  access: { read: staffOnly, create: nobody, update: nobody, delete: adminOnly },
  fields: [
    { name: 'quoteUid', type: 'text', required: true, unique: true, index: true, maxLength: 100 },
    { type: 'row', fields: [
      { name: 'product', type: 'relationship', relationTo: 'products', required: true, index: true },
      { name: 'variant', type: 'relationship', relationTo: 'variants' },
    ] },
    { type: 'row', fields: [
      { name: 'facilityType', type: 'text', required: true, maxLength: 10 },
      { name: 'productName', type: 'text', maxLength: 200 },
      { name: 'funderCode', type: 'text', maxLength: 20 },
      { name: 'lenderName', type: 'text', maxLength: 120, admin: { readOnly: true, description: 'The lender the customer was shown.' } },
    ] },
    { name: 'regularPaymentPence', type: 'number', min: 0 },
    { name: 'accessories', type: 'json', admin: { description: 'Products quoted as value-added products, as [{productId, variantId}].', components: JSON_VIEW } },
    { name: 'figures', type: 'json', required: true, admin: { components: JSON_VIEW } },
    { name: 'valuation', label: 'Part-exchange valuation', type: 'relationship', relationTo: 'part-exchange-valuations', admin: { description: 'The valuation quoted as the part-exchange, when the customer applied one.' } },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    // What the customer was shown with this quote: the example and the dealer's disclosures.
    ...financeEvidenceFields(),
  ],
}
