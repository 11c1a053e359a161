// Words riders use for the same thing (e-bike, ebike, electric bike), kept by staff. Search reads them through
// an in-process copy (search-synonyms-cache.server.ts) that every change here forgets.
import type { CollectionConfig } from 'payload'
import { LICENCE_CATEGORIES } from '../../domain/catalogue/product-kind'
import { staffOnly } from '../access/staff-only'
import { forgetSynonyms } from './search-synonyms-cache.server'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'

export const SearchSynonyms: CollectionConfig = {
  slug: 'search-synonyms',
  labels: { singular: 'Search synonym', plural: 'Search synonyms' },
  admin: {
    useAsTitle: 'words',
    defaultColumns: ['words', 'licence', 'updatedAt'],
    group: 'Catalogue',
    description: 'Words or phrases that mean the same in a search, separated by commas (e-bike, ebike, electric bike). Choose a licence to make the words a licence filter instead ("A2" shows A2 bikes).',
  },
  access: { read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'words',
  // forgotten at once in this process, and cached search pages made stale like any staff edit
  hooks: { afterChange: [() => forgetSynonyms(), revalidateAfterChange], afterDelete: [() => forgetSynonyms(), revalidateAfterDelete] },
  fields: [
    {
      name: 'words',
      type: 'text',
      required: true,
      maxLength: 300,
      validate: (v: unknown) =>
        typeof v === 'string' && v.split(',').filter((w) => w.trim()).length >= 1 && v.split(',').every((w) => w.trim().length <= 60) ? true : 'One or more words or phrases, separated by commas, each at most 60 characters',
      admin: { description: 'Separated by commas, e.g. "lid, helmet".' },
    },
    {
      name: 'licence',
      type: 'select',
      options: LICENCE_CATEGORIES.map((l) => ({ label: `${l} licence`, value: l })),
      admin: { description: 'Leave empty for ordinary synonyms.' },
    },
  ],
}
