// One stock feed import: what was sent, how far the job has got and what it found. Written only by
// the importer (a command, the JSON endpoint or the jobs queue); staff read it, and the refused rows with it.
// The job commits each batch of rows together with `done`, so a restarted job carries on from there.
import type { CollectionConfig } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { staffOnly } from '../../cms/access/staff-only'

export const CATALOGUE_IMPORTS = 'catalogue-imports'

export const CatalogueImports: CollectionConfig = {
  slug: CATALOGUE_IMPORTS,
  labels: { singular: 'Catalogue import', plural: 'Catalogue imports' },
  admin: {
    useAsTitle: 'fileName',
    defaultColumns: ['fileName', 'status', 'done', 'total', 'created', 'updated', 'unchanged', 'refusedCount', 'createdAt'],
    group: 'Catalogue',
    description: 'Stock feed imports: rows done out of rows, and the rows refused with their line and reason (as CSV: /api/catalogue/imports/<id>/refused). The CSV template: /catalogue-import-template.csv. How to import: README, “Importing stock”.',
    // Staff send a file from the list; an import's page shows its progress bar (both in ./admin, in the import map).
    components: { beforeList: ['/features/catalogue-import/admin/import-upload-form#ImportUploadForm'] },
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'progress', type: 'ui', admin: { components: { Field: '/features/catalogue-import/admin/import-progress#ImportProgress' } } },
    { name: 'fileName', type: 'text', maxLength: 200 },
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: 'queued',
          index: true,
          options: ['queued', 'running', 'done', 'failed'].map((v) => ({ label: v, value: v })),
        },
        { name: 'source', type: 'select', options: ['admin', 'api', 'command', 'seed'].map((v) => ({ label: v, value: v })) },
        { name: 'fullFeed', type: 'checkbox', defaultValue: false, admin: { description: 'Products missing from the file were archived.' } },
        { name: 'by', type: 'relationship', relationTo: 'users' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'total', type: 'number', defaultValue: 0, admin: { description: 'Rows in the file.' } },
        { name: 'done', type: 'number', defaultValue: 0, admin: { description: 'Accepted rows written so far (the job resumes after them).' } },
        { name: 'created', type: 'number', defaultValue: 0 },
        { name: 'updated', type: 'number', defaultValue: 0 },
        { name: 'unchanged', type: 'number', defaultValue: 0 },
        { name: 'refusedCount', label: 'Refused', type: 'number', defaultValue: 0 },
        { name: 'archived', type: 'number', defaultValue: 0 },
      ],
    },
    // Refused rows: line, sku and reason. Shown as a table by the progress field above (Payload's JSON editor loads
    // its code from a CDN, which the admin's Content-Security-Policy rightly refuses).
    { name: 'refused', type: 'json', admin: { hidden: true } },
    { name: 'error', type: 'text', maxLength: 2000, admin: { readOnly: true } },
    { name: 'finishedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    // The rows as sent ({ columns, rows: [line, ...cells][] }), kept until the import is done. Only the importer reads
    // them (with overrideAccess): a large file's rows are never sent to the admin page or its progress polls.
    { name: 'feed', type: 'json', access: { read: () => false }, admin: { hidden: true } },
  ],
}
