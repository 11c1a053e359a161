// What riders searched for, counted per normalised term per day, result pages and suggestions apart, and how many of
// the result-page searches found nothing, so that staff can add a synonym or stock the thing. Searches are counted at
// the production server's edge as they are answered, cached or not, and written here in batches by features/search
// (raw upserts); noise (empty, one letter, robots) is left out and days older than 90 are deleted (ADR 039). Staff read it.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { staffOnly } from '../access/staff-only'

export const SearchLog: CollectionConfig = {
  slug: 'search-log',
  labels: { singular: 'Searched words', plural: 'Search log' },
  admin: {
    useAsTitle: 'words',
    defaultColumns: ['words', 'day', 'kind', 'searches', 'withoutResults'],
    group: 'Catalogue',
    description:
      'Searches per day for the last 90 days: result pages ("results") and suggestions as you type ("suggestions") apart. Sort by "Without results" to see what riders cannot find: add a synonym or stock it.',
  },
  access: { read: staffOnly, create: () => false, update: () => false, delete: adminOnly },
  defaultSort: '-searches',
  indexes: [{ fields: ['day', 'kind', 'words'], unique: true }],
  fields: [
    { name: 'words', type: 'text', required: true, index: true, maxLength: 100 },
    { name: 'day', type: 'text', required: true, index: true, admin: { description: 'The day (UTC), as YYYY-MM-DD.' } },
    { name: 'kind', type: 'text', required: true, index: true, defaultValue: 'results', admin: { description: '"results": result pages; "suggestions": suggestions as you type.' } },
    { name: 'searches', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'withoutResults', label: 'Without results', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'lastSearchedAt', type: 'date', required: true, index: true },
  ],
}
