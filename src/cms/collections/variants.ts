// Variants of a variable product (spec §3 variantData): size, colour, sku, price, stock, images.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, PayloadRequest } from 'payload'
import { variantTitle } from '../../domain/catalogue/derived-product-fields'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'
import { confirmPriceChangesField, sellingPriceField } from '../fields/pence'
import { CONFIRM_PRICE_CHANGES } from '../fields/money-constants'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'
import { reindexVariantProductAfterChange } from '../hooks/search-index'
import { keepSalesInShelfCount, shelfCountSeenField } from '../fields/shelf-count'
import { lockRowsForUpdate } from '../hooks/lock-rows-for-update'

/** A variable product's own price is its lowest variant price, so listings sort by what a customer really pays. */
async function refreshFromPrice(req: PayloadRequest, productId: number | { id: number } | null | undefined) {
  const id = typeof productId === 'object' && productId ? productId.id : productId
  if (!id) return
  const variants = await req.payload.find({
    collection: 'variants',
    where: { product: { equals: id }, price: { exists: true } },
    sort: 'price',
    limit: 1,
    depth: 0,
    req,
  })
  const lowest = variants.docs[0]?.price ?? null
  await req.payload.update({ collection: 'products', id, data: { price: lowest }, depth: 0, req, context: { fromVariants: true, [CONFIRM_PRICE_CHANGES]: true } })
}

const afterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (doc.price !== previousDoc?.price || doc.product !== previousDoc?.product) await refreshFromPrice(req, doc.product)
  return doc
}

const afterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await refreshFromPrice(req, doc.product)
}

export const Variants: CollectionConfig = {
  slug: 'variants',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'sku', 'price', 'stockQuantity'], group: 'Catalogue' },
  access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'position',
  hooks: {
    beforeOperation: [lockRowsForUpdate('variants')],
    beforeChange: [
      ({ data, originalDoc }) => {
        const size = data.size ?? originalDoc?.size
        const colour = data.colour ?? originalDoc?.colour
        data.title = variantTitle(size, colour, data.sku || originalDoc?.sku)
        return data
      },
      keepSalesInShelfCount,
    ],
    afterChange: [revalidateAfterChange, afterChange, reindexVariantProductAfterChange],
    afterDelete: [revalidateAfterDelete, afterDelete],
  },
  fields: [
    { name: 'product', type: 'relationship', relationTo: 'products', required: true, index: true },
    { name: 'title', type: 'text', admin: { readOnly: true } },
    {
      type: 'row',
      fields: [
        { name: 'size', type: 'text', maxLength: 30 },
        { name: 'colour', type: 'text', maxLength: 40 },
        { name: 'sku', type: 'text', required: true, unique: true, index: true, maxLength: 60 },
      ],
    },
    {
      type: 'row',
      fields: [
        sellingPriceField('price', 'Price', {}, { confirmLargeChanges: true }),
        {
          name: 'stockQuantity',
          type: 'number',
          required: true,
          min: 0,
          defaultValue: 0,
          validate: (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? true : 'Stock is a whole number, zero or more'),
        },
        { name: 'position', type: 'number', defaultValue: 0 },
      ],
    },
    confirmPriceChangesField,
    shelfCountSeenField,
    { name: 'featuredImage', type: 'upload', relationTo: 'media' },
    { name: 'galleryImages', type: 'upload', relationTo: 'media', hasMany: true, maxRows: 12 },
  ],
}
