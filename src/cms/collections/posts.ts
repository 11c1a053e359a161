// Blog posts at /blog/{slug}.
import type { CollectionConfig } from 'payload'
import { publishedOrStaff } from '../access/published-or-staff'
import { staffOnly } from '../access/staff-only'
import { slugField } from '../fields/slug'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'

export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'publishedAt', 'authorName'], group: 'Content' },
  access: { read: publishedOrStaff, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: '-publishedAt',
  hooks: { afterChange: [revalidateAfterChange], afterDelete: [revalidateAfterDelete] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    slugField('title'),
    { name: 'publishedAt', type: 'date', required: true, defaultValue: () => new Date().toISOString(), index: true, admin: { position: 'sidebar' } },
    { name: 'authorName', type: 'text', maxLength: 80, admin: { position: 'sidebar' } },
    { name: 'excerpt', type: 'textarea', required: true, maxLength: 400 },
    { name: 'heroImage', type: 'upload', relationTo: 'media' },
    { name: 'content', type: 'richText' },
  ],
}
