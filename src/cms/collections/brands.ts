// Manufacturers; a listing per brand lives at /brand/{slug}.
import type { CollectionConfig } from 'payload'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { slugField } from '../fields/slug'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'
import { reindexBrandProductsAfterChange } from '../hooks/search-index'

export const Brands: CollectionConfig = {
  slug: 'brands',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug'], group: 'Catalogue' },
  access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'name',
  hooks: { afterChange: [reindexBrandProductsAfterChange, revalidateAfterChange], afterDelete: [revalidateAfterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    slugField('name'),
    { name: 'logo', type: 'upload', relationTo: 'media' },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'website', type: 'text', maxLength: 200 },
  ],
}
