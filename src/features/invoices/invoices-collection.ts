// Invoices and credit notes as staff see them in the admin (ADR 049). Written only by document-rows.server.ts,
// with their numbers, in one unit of work; nobody edits or deletes a legal record through the API. Each one's PDF
// is at /api/documents/<number> (staff, or the customer whose order it is).
import { JSON_VIEW } from '../../cms/fields/json-view'
import type { CollectionConfig } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { staffOnly } from '../../cms/access/staff-only'
import { penceField } from '../../cms/fields/pence'

const readOnly = { readOnly: true } as const

export const Invoices: CollectionConfig = {
  slug: 'invoices',
  labels: { singular: 'Invoice or credit note', plural: 'Invoices and credit notes' },
  admin: {
    useAsTitle: 'number',
    defaultColumns: ['number', 'kind', 'order', 'totalPence', 'issuedAt'],
    group: 'Sales',
    listSearchableFields: ['number'],
    description: 'Issued by the shop, numbered without gaps: an invoice when an order is paid, a credit note when money is given back. Open one for its PDF.',
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-issuedAt',
  fields: [
    { type: 'row', fields: [
      { name: 'number', type: 'text', required: true, unique: true, maxLength: 20, admin: readOnly },
      { name: 'kind', type: 'text', required: true, maxLength: 20, admin: { ...readOnly, description: 'invoice or credit-note' } },
      { name: 'issuedAt', type: 'date', required: true, admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
    ] },
    { type: 'row', fields: [
      { name: 'order', type: 'relationship', relationTo: 'orders', required: true, index: true, admin: readOnly },
      { name: 'invoice', type: 'relationship', relationTo: 'invoices', index: true, admin: { ...readOnly, description: 'The invoice a credit note refers to.' } },
      { name: 'refundKey', type: 'text', unique: true, maxLength: 200, admin: { ...readOnly, description: 'The refund this credit note records (one credit note per refund).' } },
    ] },
    { type: 'row', fields: [
      penceField('totalPence', 'Gross', { required: true, admin: readOnly }),
      penceField('vatPence', 'VAT', { required: true, admin: readOnly }),
    ] },
    {
      name: 'pdf',
      type: 'ui',
      admin: { components: { Field: '/features/invoices/components/document-pdf-link#DocumentPdfLink' } },
    },
    { name: 'document', type: 'json', required: true, admin: { ...readOnly, description: 'What the document states, as issued.', components: JSON_VIEW } },
  ],
}
