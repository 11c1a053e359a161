// Products, simple or variable (spec §3). Variants live in their own collection so stock moves on
// one variant never rewrite the product, and a staff edit of a product never rewrites variant stock.
import type { CollectionBeforeChangeHook, CollectionConfig, Field } from 'payload'
import { LICENCE_CATEGORIES, PRODUCT_KINDS } from '../../domain/catalogue/product-kind'
import { SPEC_SHEET_PARTS } from '../../domain/catalogue/spec-sheet'
import { derivedProductFields } from '../../domain/catalogue/derived-product-fields'
import { financeIdentityProblem } from '../../domain/finance/quote-client-rules'
import { activeOrStaff } from '../access/active-or-staff'
import { staffOnly } from '../access/staff-only'
import { isStaffUser } from '../access/roles'
import { confirmPriceChangesField, penceField, sellingPriceField } from '../fields/pence'
import { slugField } from '../fields/slug'
import { revalidateAfterChange, revalidateAfterDelete } from '../hooks/revalidate-storefront'
import { reindexProductAfterChange, unindexProductAfterDelete } from '../hooks/search-index'
import { keepSalesInShelfCount, shelfCountSeenField } from '../fields/shelf-count'
import { lockRowsForUpdate } from '../hooks/lock-rows-for-update'

const staffFieldAccess = ({ req }: { req: { user?: unknown } }): boolean => isStaffUser(req.user as never)

export const VAT_RATES = [20, 5, 0] as const

/**
 * The headline price (ADR 023: the price with every compulsory charge in it) kept beside the price, so that
 * listings sort and filter by the figure their cards show. Worked out from the document as it will be saved.
 */
type PricedDoc = { price?: number | null; vatRate?: number | null; beforeAddToBasketNotification?: { extraFee?: { feeValue?: number | null; label?: string | null } | null } | null }

const setListPrice: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const incoming = (data ?? {}) as PricedDoc
  const saved = (originalDoc ?? {}) as PricedDoc
  const pick = <T>(read: (doc: PricedDoc) => T | undefined): T | undefined => read(incoming) !== undefined ? read(incoming) : read(saved)
  const fee = pick((d) => d.beforeAddToBasketNotification?.extraFee?.feeValue)
  const label = pick((d) => d.beforeAddToBasketNotification?.extraFee?.label)
  data.listPrice = derivedProductFields({ pricePence: pick((d) => d.price), vatRatePercent: pick((d) => d.vatRate), extraFee: { feeValue: fee, label } }).listPrice
  return data
}

/**
 * The product takes its kind from its category, so filters and delivery rules never disagree with the catalogue
 * tree, and 0% VAT from a category of zero-rated helmets.
 */
const inheritKind: CollectionBeforeChangeHook = async ({ data, req, originalDoc }) => {
  const category = (data.category ?? originalDoc?.category) as number | { id: number } | undefined
  const id = typeof category === 'object' && category ? category.id : category
  if (id) {
    const doc = await req.payload.findByID({ collection: 'categories', id, depth: 0, req })
    data.kind = doc.kind
    // Protective motorcycle helmets are zero-rated (VAT Notice 701/23): the category says so, not each product.
    if (doc.zeroRatedHelmets) data.vatRate = 0
  }
  return data
}

const specSheetFields: Field[] = SPEC_SHEET_PARTS.map((part) => ({
  name: part.key,
  label: part.label,
  type: 'text',
  maxLength: 200,
}))

export const Products: CollectionConfig = {
  slug: 'products',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'sku', 'price', 'stockQuantity', 'condition', 'status'],
    listSearchableFields: ['name', 'sku', 'slug'],
    group: 'Catalogue',
  },
  access: { read: activeOrStaff, create: staffOnly, update: staffOnly, delete: staffOnly },
  defaultSort: 'name',
  hooks: { beforeOperation: [lockRowsForUpdate('products')], beforeChange: [inheritKind, setListPrice, keepSalesInShelfCount], afterChange: [reindexProductAfterChange, revalidateAfterChange], afterDelete: [unindexProductAfterDelete, revalidateAfterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 160 },
    slugField('name'),
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'active',
      index: true,
      options: [
        { label: 'Active (on sale)', value: 'active' },
        { label: 'Draft (hidden)', value: 'draft' },
        { label: 'Archived (hidden)', value: 'archived' },
      ],
      admin: { position: 'sidebar' },
    },
    {
      name: 'productType',
      label: 'Type',
      type: 'select',
      required: true,
      defaultValue: 'simple',
      options: [
        { label: 'Simple product', value: 'simple' },
        { label: 'Variable product (sizes and colours)', value: 'variable' },
      ],
      admin: { position: 'sidebar' },
    },
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar', description: 'Shown on the home page.' } },
    { name: 'sku', type: 'text', unique: true, index: true, maxLength: 60 },
    confirmPriceChangesField,
    {
      type: 'row',
      fields: [
        sellingPriceField('price', 'Price', {
          index: true,
          admin: {
            description: 'In pounds and pence, VAT included (6,499.00). Leave empty when the price is on application; such a product cannot be bought. 0 is refused: nothing is sold for nothing. For a variable product this is the lowest variant price. A change of more than half asks you to confirm it.',
            components: { Cell: '/cms/components/product-price-cell#ProductPriceCell' },
          },
        }, { confirmLargeChanges: true }),
        penceField('listPrice', 'Price with compulsory charges', {
          index: true,
          admin: { readOnly: true, description: 'Set automatically: the price plus any compulsory charge (the extra fee below). Customers see and pay this figure; listings sort by it.' },
        }),
        penceField('compareAtPrice', 'Was price', {
          admin: {
            description:
              'Optional, in pounds and pence: a price this product was actually offered at before, as customers saw it (compulsory charges included). Shown struck through exactly as entered, only when above the price now; never enter a price it was not offered at.',
          },
        }),
        {
          name: 'vatRate',
          label: 'VAT rate (%)',
          type: 'number',
          required: true,
          defaultValue: 20,
          validate: (v: unknown) => (VAT_RATES as readonly unknown[]).includes(v) ? true : 'VAT rate must be 20, 5 or 0',
          admin: { description: 'UK rate included in the price: 20 standard, 5 reduced, 0 zero-rated (children’s helmets; motorcycle helmets take 0 from their category).' },
        },
      ],
    },
    {
      name: 'stockQuantity',
      type: 'number',
      min: 0,
      defaultValue: 0,
      admin: { description: 'Units in stock (simple products). Variable products keep stock on each variant.', step: 1 },
      validate: (v: unknown) => v === null || v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ? true : 'Stock is a whole number, zero or more',
    },
    shelfCountSeenField,
    {
      name: 'maxPerOrder',
      label: 'Most per order',
      type: 'number',
      min: 1,
      max: 99,
      admin: { description: 'Leave empty for the usual cap: 1 motorcycle or scooter, 2 bicycles or e-bikes, 10 of anything else.', step: 1 },
      validate: (v: unknown) => v === null || v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= 99) ? true : 'A whole number from 1 to 99, or empty',
    },
    penceField('reservationDepositPence', 'Reservation deposit', {
      admin: {
        description: 'Bikes only. Leave empty for the site settings’ deposit; 0 means this bike cannot be reserved online. In pounds (99.00).',
        condition: (data) => ['motorcycle', 'scooter', 'bicycle', 'e-bike'].includes(data?.kind),
      },
    }),
    {
      name: 'condition',
      type: 'select',
      required: true,
      defaultValue: 'new',
      index: true,
      options: [
        { label: 'New', value: 'new' },
        { label: 'Used', value: 'used' },
      ],
    },
    {
      // The margin scheme's stock book (VAT Notice 718/1): what the dealer paid for a used bike, when and to whom.
      // Staff only: field access keeps it out of every API answer, page and feed a customer can reach.
      name: 'purchase',
      type: 'group',
      label: 'Purchase (staff only; margin scheme stock book)',
      access: { read: staffFieldAccess, create: staffFieldAccess, update: staffFieldAccess },
      admin: { condition: (data) => data?.condition === 'used', description: 'What the dealer paid for this used bike, when and to whom. Never shown to customers.' },
      fields: [
        { type: 'row', fields: [
          penceField('pricePence', 'Purchase price', { min: 0 }),
          { name: 'date', label: 'Purchase date', type: 'date' },
          { name: 'seller', label: 'Bought from', type: 'text', maxLength: 120 },
        ] },
      ],
    },
    { name: 'category', type: 'relationship', relationTo: 'categories', required: true, index: true },
    {
      name: 'kind',
      type: 'select',
      index: true,
      options: PRODUCT_KINDS.map((k) => ({ label: k, value: k })),
      admin: { readOnly: true, position: 'sidebar', description: 'Taken from the category.' },
    },
    { name: 'brand', type: 'relationship', relationTo: 'brands', index: true },
    { name: 'shortDescription', type: 'textarea', maxLength: 400 },
    { name: 'description', type: 'richText' },
    { name: 'featuredImage', type: 'upload', relationTo: 'media' },
    { name: 'gallery', type: 'upload', relationTo: 'media', hasMany: true, maxRows: 20 },
    {
      name: 'variants',
      type: 'join',
      collection: 'variants',
      on: 'product',
      defaultSort: 'position',
      admin: { condition: (data) => data?.productType === 'variable' },
    },
    {
      name: 'attributes',
      label: 'Filter attributes',
      type: 'group',
      admin: { description: 'The facts listings filter on.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'engineCc', label: 'Engine size (cc)', type: 'number', min: 0, max: 3000, index: true },
            { name: 'licenceCategory', label: 'Licence category', type: 'select', options: [...LICENCE_CATEGORIES], index: true },
            { name: 'modelYear', label: 'Model year', type: 'number', min: 1950, max: 2100 },
          ],
        },
        {
          type: 'row',
          fields: [
            { name: 'powerKw', label: 'Power (kW)', type: 'number', min: 0, max: 400, admin: { step: 0.1, description: 'For the test-ride licence check.' } },
            { name: 'weightKg', label: 'Weight (kg)', type: 'number', min: 0, max: 1000, admin: { description: 'For the A2 power-to-weight check.' } },
            { name: 'restrictedFromKw', label: 'Restricted from (kW)', type: 'number', min: 0, max: 400, admin: { step: 0.1, description: 'A2-restricted bikes: the unrestricted power.' } },
          ],
        },
        {
          type: 'row',
          fields: [
            { name: 'frameSize', label: 'Frame size', type: 'select', options: ['XS', 'S', 'M', 'L', 'XL', 'Kids'], index: true },
            {
              name: 'bikeType',
              label: 'Bicycle type',
              type: 'select',
              index: true,
              options: ['road', 'gravel', 'mountain', 'hybrid', 'city', 'folding', 'cargo', 'kids'].map((v) => ({ label: v, value: v })),
            },
            { name: 'batteryRangeMiles', label: 'Battery range (miles)', type: 'number', min: 0, max: 500, index: true },
          ],
        },
      ],
    },
    {
      name: 'vehicle',
      label: 'Vehicle and used-bike details',
      type: 'group',
      admin: {
        description: 'Offer details shown on used bikes and sent with finance quotes (VRM or CAP code is needed for a quote).',
        condition: (data) => data?.kind === 'motorcycle' || data?.kind === 'scooter' || data?.kind === 'e-bike',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'vrm', label: 'Registration (VRM)', type: 'text', maxLength: 10 },
            {
              name: 'capCode',
              label: 'CAP code (RVC)',
              type: 'text',
              maxLength: 20,
              // A bike offered on finance must be identifiable to lenders, or every quote would fail.
              validate: (value: string | null | undefined, { siblingData, data }: { siblingData: Record<string, unknown>; data: Record<string, unknown> }) =>
                financeIdentityProblem({
                  financeable: siblingData?.financeable as boolean | undefined,
                  condition: data?.condition as string | undefined,
                  vrm: siblingData?.vrm as string | undefined,
                  capCode: value,
                }) ?? (value && value.length > 20 ? 'Enter at most 20 characters.' : true),
            },
            { name: 'registrationDate', type: 'date', admin: { date: { pickerAppearance: 'dayOnly' } } },
          ],
        },
        {
          type: 'row',
          fields: [
            { name: 'mileage', label: 'Mileage (odometer)', type: 'number', min: 0, max: 1_000_000 },
            { name: 'keepers', label: 'Previous keepers', type: 'number', min: 0, max: 50 },
            {
              name: 'serviceHistory',
              type: 'select',
              options: [
                { label: 'Full dealer service history', value: 'full-dealer' },
                { label: 'Full service history', value: 'full' },
                { label: 'Part service history', value: 'part' },
                { label: 'No service history', value: 'none' },
              ],
            },
          ],
        },
        { name: 'financeable', type: 'checkbox', defaultValue: false, admin: { description: 'Offer hire-purchase finance on this bike.' } },
      ],
    },
    {
      name: 'financingWidgetIvendi',
      type: 'json',
      virtual: true,
      admin: { hidden: true },
      // The spec's iVendi widget block (spec §3), derived from `vehicle` so the facts are stored once.
      hooks: {
        afterRead: [
          ({ siblingData }) => {
            const v = siblingData?.vehicle as Record<string, unknown> | undefined
            if (!v) return null
            return {
              used: siblingData.condition === 'used',
              capCode: v.capCode ?? null,
              registrationDate: v.registrationDate ?? null,
              currentOdometerReading: v.mileage ?? null,
              vrm: v.vrm ?? null,
            }
          },
        ],
      },
    },
    {
      name: 'beforeAddToBasketNotification',
      label: 'Before add-to-basket notice',
      type: 'group',
      fields: [
        {
          name: 'extraFee',
          type: 'group',
          admin: { description: 'A fee added to the price, e.g. on-the-road charges, with the product that represents it.' },
          fields: [
            {
              type: 'row',
              fields: [
                penceField('feeValue', 'Fee'),
                // The spec's associatedProductId; a shorter name keeps the PostgreSQL column under 63 characters.
                { name: 'product', label: 'Associated product', type: 'relationship', relationTo: 'products' },
              ],
            },
            { name: 'label', type: 'text', maxLength: 120, admin: { description: 'What the fee is for, shown to the customer.' } },
          ],
        },
        {
          name: 'productPromotions',
          type: 'array',
          dbName: 'products_promotions',
          maxRows: 10,
          fields: [
            {
              name: 'offerType',
              type: 'select',
              enumName: 'enum_promotions_offer_type',
              required: true,
              options: ['Finance Offer', 'Free Gift', 'Discount'].map((v) => ({ label: v, value: v })),
            },
            {
              name: 'financeOptionsAdjustment',
              type: 'group',
              fields: [
                {
                  type: 'row',
                  fields: [
                    { name: 'termInMonths', type: 'number', min: 0, max: 120 },
                    { name: 'annualDistance', type: 'number', min: 0, max: 100_000 },
                    penceField('cashDeposit', 'Cash deposit'),
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    { name: 'relatedProducts', label: 'Related accessories', type: 'relationship', relationTo: 'products', hasMany: true, maxRows: 24 },
    {
      name: 'specSheet',
      type: 'group',
      admin: { description: 'Fill the parts that apply; empty rows are not shown.' },
      fields: specSheetFields,
    },
  ],
}
