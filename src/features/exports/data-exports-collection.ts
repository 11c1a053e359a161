// One CSV export staff asked for from the admin (orders for the accountant, the catalogue in the stock feed's format):
// what was asked, how far its job has got, and the file once made. Written only by the export code (the request and
// its job on the jobs queue, ADR 055); staff read it and download the file (GET /api/exports/<id>/csv).
import type { CollectionConfig } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { staffOnly } from '../../cms/access/staff-only'

export const DATA_EXPORTS = 'data-exports'

export const DataExports: CollectionConfig = {
  slug: DATA_EXPORTS,
  labels: { singular: 'Export', plural: 'Exports' },
  admin: {
    useAsTitle: 'fileName',
    defaultColumns: ['fileName', 'kind', 'status', 'done', 'total', 'createdAt'],
    group: 'System',
    description: 'CSV files made for staff: orders (from the orders list, by date and status) and the catalogue (from the products list). Each opens in Excel as it is: UTF-8, amounts in pounds.',
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: staffOnly },
  defaultSort: '-createdAt',
  fields: [
    { name: 'progress', type: 'ui', admin: { components: { Field: '/features/exports/admin/export-progress#ExportProgress' } } },
    { name: 'fileName', type: 'text', maxLength: 200 },
    {
      type: 'row',
      fields: [
        { name: 'kind', type: 'text', required: true, maxLength: 20, admin: { description: '"orders", "returns", "invoices" or "catalogue".' } },
        { name: 'status', type: 'text', required: true, defaultValue: 'queued', index: true, maxLength: 20, admin: { description: 'queued, running, done or failed.' } },
        { name: 'by', type: 'relationship', relationTo: 'users' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'from', label: 'Placed from (YYYY-MM-DD)', type: 'text', maxLength: 10 },
        { name: 'to', label: 'Placed to (YYYY-MM-DD)', type: 'text', maxLength: 10 },
        { name: 'orderStatus', label: 'Status', type: 'text', maxLength: 40, admin: { description: 'The one status (an order’s), state (a return’s) or kind (invoice or credit note) exported; empty for all.' } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'total', type: 'number', defaultValue: 0, admin: { description: 'Rows to write.' } },
        { name: 'done', type: 'number', defaultValue: 0, admin: { description: 'Rows written so far.' } },
      ],
    },
    { name: 'error', type: 'text', maxLength: 2000, admin: { readOnly: true } },
    { name: 'finishedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    // The file itself: read only by the download (with overrideAccess), never sent to the admin page or its polls.
    { name: 'csv', type: 'textarea', access: { read: () => false }, admin: { hidden: true } },
  ],
}
