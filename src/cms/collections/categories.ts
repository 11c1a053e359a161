// Hierarchical product categories; a top-level category says what kind of product it holds.
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { PRODUCT_KINDS } from '../../domain/catalogue/product-kind'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { slugField } from '../fields/slug'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'
import { reindexCategoryProductsAfterChange } from '../hooks/search-index'

/** Keeps `path` (parent/child slugs) and `kind` (inherited from the top) in step with the parent. */
const derivePathAndKind: CollectionBeforeChangeHook = async ({ data, req, originalDoc }) => {
  const parentId = (data.parent ?? originalDoc?.parent) as number | { id: number } | null | undefined
  const id = typeof parentId === 'object' && parentId ? parentId.id : parentId
  const slug = (data.slug ?? originalDoc?.slug) as string
  if (!id) {
    data.path = slug
    return data
  }
  if (originalDoc?.id !== undefined && id === originalDoc.id) throw new Error('A category cannot be its own parent')
  const parent = await req.payload.findByID({ collection: 'categories', id, depth: 0, req })
  data.path = `${parent.path}/${slug}`
  data.kind = parent.kind
  return data
}

/**
 * Turning the zero-rating on sets every product already in the category to 0% VAT, so no helmet keeps charging
 * 20% until someone happens to save it; new and saved products take it in their own hook (products.ts).
 * Turning it off changes no product: staff then set each product's rate themselves.
 */
const zeroRateProductsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (!doc.zeroRatedHelmets || previousDoc?.zeroRatedHelmets) return doc
  await req.payload.update({ collection: 'products', where: { category: { equals: doc.id }, vatRate: { not_equals: 0 } }, data: { vatRate: 0 }, req, overrideAccess: true, depth: 0 })
  return doc
}

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'path', 'kind'], group: 'Catalogue' },
  access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'position',
  hooks: { beforeChange: [derivePathAndKind], afterChange: [zeroRateProductsAfterChange, reindexCategoryProductsAfterChange, revalidateAfterChange], afterDelete: [revalidateAfterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    slugField('name'),
    { name: 'parent', type: 'relationship', relationTo: 'categories', index: true, admin: { position: 'sidebar' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: PRODUCT_KINDS.map((k) => ({ label: k, value: k })),
      admin: { position: 'sidebar', description: 'What the category sells; a sub-category takes its parent’s.' },
    },
    {
      name: 'zeroRatedHelmets',
      label: 'Protective motorcycle helmets: zero-rated for VAT',
      type: 'checkbox',
      defaultValue: false,
      admin: { position: 'sidebar', description: 'VAT Notice 701/23: helmets for motorcyclists meeting the safety standards carry 0% VAT. Every product in this category is sold at 0%.' },
    },
    { name: 'path', type: 'text', index: true, unique: true, admin: { readOnly: true, position: 'sidebar' } },
    { name: 'position', type: 'number', defaultValue: 100, admin: { position: 'sidebar' } },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'image', type: 'upload', relationTo: 'media' },
  ],
}
