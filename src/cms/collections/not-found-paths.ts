// Paths visitors asked for that nothing answered (404s), counted so staff can add redirects for them.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { staffOnly } from '../access/staff-only'

export const NotFoundPaths: CollectionConfig = {
  slug: 'not-found-paths',
  labels: { singular: 'Not-found path', plural: 'Not-found paths' },
  admin: {
    useAsTitle: 'path',
    defaultColumns: ['path', 'hits', 'lastSeenAt', 'lastReferrer'],
    group: 'Content',
    description: 'Addresses visitors tried that do not exist. Add a redirect for any that should lead somewhere.',
  },
  access: { read: staffOnly, create: () => false, update: () => false, delete: adminOnly },
  defaultSort: '-hits',
  fields: [
    { name: 'path', type: 'text', required: true, unique: true, index: true, maxLength: 500 },
    { name: 'hits', type: 'number', required: true, defaultValue: 0, index: true },
    { name: 'firstSeenAt', type: 'date', required: true },
    { name: 'lastSeenAt', type: 'date', required: true, index: true },
    { name: 'lastReferrer', type: 'text', maxLength: 500 },
  ],
}
