// What riders searched for, counted per search (its words in the shop's normal form), and how often it found
// nothing, so that staff can add a synonym or stock the thing. Written only by the search page
// (features/search, raw upserts); staff read it.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { staffOnly } from '../access/staff-only'

export const SearchLog: CollectionConfig = {
  slug: 'search-log',
  labels: { singular: 'Searched words', plural: 'Search log' },
  admin: {
    useAsTitle: 'words',
    defaultColumns: ['words', 'searches', 'withoutResults', 'lastSearchedAt'],
    group: 'Catalogue',
    description: 'The most searched words, and how many of those searches found nothing. Sort by "Without results" to see what riders cannot find: add a synonym or stock it.',
  },
  access: { read: staffOnly, create: () => false, update: () => false, delete: adminOnly },
  defaultSort: '-searches',
  fields: [
    { name: 'words', type: 'text', required: true, unique: true, index: true, maxLength: 100 },
    { name: 'searches', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'withoutResults', label: 'Without results', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'lastSearchedAt', type: 'date', required: true, index: true },
  ],
}
