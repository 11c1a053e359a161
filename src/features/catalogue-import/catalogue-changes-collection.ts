// The audit trail of the catalogue's prices, stock and status as imports change them: one row per
// changed value, written in the same transaction as the change, with the import as its author.
import type { CollectionConfig } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { staffOnly } from '../../cms/access/staff-only'

export const CATALOGUE_CHANGES = 'catalogue-changes'

export const CatalogueChanges: CollectionConfig = {
  slug: CATALOGUE_CHANGES,
  labels: { singular: 'Catalogue change', plural: 'Catalogue audit trail' },
  admin: {
    useAsTitle: 'sku',
    defaultColumns: ['at', 'actor', 'sku', 'field', 'from', 'to'],
    group: 'Catalogue',
    description: 'Prices, stock and status changed by stock feed imports, with the import that changed them.',
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-at',
  fields: [
    { type: 'row', fields: [
      { name: 'at', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
      { name: 'actor', type: 'text', required: true, maxLength: 80 },
      { name: 'import', type: 'relationship', relationTo: 'catalogue-imports', index: true },
    ] },
    { type: 'row', fields: [
      { name: 'sku', type: 'text', index: true, maxLength: 60 },
      { name: 'product', type: 'relationship', relationTo: 'products', index: true },
      { name: 'variant', type: 'relationship', relationTo: 'variants', index: true },
    ] },
    { type: 'row', fields: [
      { name: 'field', type: 'select', required: true, options: ['created', 'price', 'stock', 'status'].map((v) => ({ label: v, value: v })) },
      { name: 'from', type: 'text', maxLength: 40 },
      { name: 'to', type: 'text', maxLength: 40 },
    ] },
  ],
}
