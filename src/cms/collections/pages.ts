// Content pages served by the generic page template at /{slug}.
import type { CollectionConfig } from 'payload'
import { publishedOrStaff } from '../access/published-or-staff'
import { staffOnly } from '../access/staff-only'
import { slugField } from '../fields/slug'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'

export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'publishedAt'], group: 'Content' },
  access: { read: publishedOrStaff, create: staffOnly, update: staffOnly, delete: staffOnly },
  hooks: { afterChange: [revalidateAfterChange], afterDelete: [revalidateAfterDelete] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    slugField('title'),
    { name: 'publishedAt', type: 'date', required: true, defaultValue: () => new Date().toISOString(), index: true, admin: { position: 'sidebar' } },
    { name: 'intro', type: 'textarea', maxLength: 600 },
    { name: 'content', type: 'richText' },
  ],
}
