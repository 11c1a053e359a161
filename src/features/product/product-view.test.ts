import { describe, expect, it } from 'vitest'
import type { Category, Media, Product, Variant } from '../../payload-types'
import { toProductView } from './product-view'

const picture = (id: number): Media => ({ id, alt: `Picture ${id}`, url: `/media/${id}.webp`, updatedAt: '', createdAt: '' })
const riderwear: Category = { id: 1, name: 'Riderwear', slug: 'riderwear', kind: 'riderwear', path: 'riderwear', updatedAt: '', createdAt: '' }
const helmets: Category = { ...riderwear, id: 2, name: 'Helmets', slug: 'helmets', path: 'riderwear/helmets', parent: riderwear }

const helmet = {
  id: 7,
  name: 'Shoei NXR2 Helmet',
  slug: 'shoei-nxr2-helmet',
  status: 'active',
  productType: 'variable',
  price: 53_999,
  vatRate: 20,
  condition: 'new',
  kind: 'riderwear',
  category: helmets,
  featuredImage: picture(1),
  gallery: [picture(1), picture(2)],
  specSheet: { frame: 'Composite shell', fork: '  ' },
  updatedAt: '',
  createdAt: '',
} as Product

const variant = (id: number, size: string, colour: string, stock: number, image?: Media): Variant => ({
  id,
  product: 7,
  size,
  colour,
  sku: `SKU-${size}-${colour}`,
  price: 53_999,
  stockQuantity: stock,
  featuredImage: image ?? null,
  updatedAt: '',
  createdAt: '',
})

describe('toProductView', () => {
  it('makes one purchase option per variant, opening on the first in stock, pictures led by the variant', () => {
    const view = toProductView(helmet, [variant(10, 'XS', 'White', 0, picture(3)), variant(11, 'S', 'White', 2, picture(3))])
    expect(view.options.map((o) => o.sku)).toEqual(['SKU-XS-White', 'SKU-S-White'])
    expect(view.defaultIndex).toBe(1)
    expect(view.options[1]?.images.map((m) => m.id)).toEqual([3, 1, 2])
    expect(view.specRows).toEqual([{ key: 'frame', label: 'Frame', value: 'Composite shell' }])
    expect(view.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Riderwear', path: '/category/riderwear' },
      { name: 'Helmets', path: '/category/riderwear/helmets' },
      { name: 'Shoei NXR2 Helmet', path: '/products/shoei-nxr2-helmet' },
    ])
    expect(view.finance).toBeNull()
    expect(view.used).toBeNull()
  })

  it('gives a used, financeable bike its offer details, extra fee and estimate', () => {
    const bike = {
      ...helmet,
      productType: 'simple',
      name: 'Used bike',
      slug: 'used-bike',
      sku: 'USED-1',
      price: 449_500,
      stockQuantity: 1,
      condition: 'used',
      kind: 'motorcycle',
      vehicle: { registrationDate: '2021-04-12T00:00:00.000Z', mileage: 8420, keepers: 1, serviceHistory: 'full-dealer', financeable: true },
      beforeAddToBasketNotification: { extraFee: { feeValue: 25_000, label: 'On-the-road charges' } },
    } as Product
    const view = toProductView(bike, [])
    // The headline price has the mandatory charge in it (ADR 023), and is the figure finance quotes on.
    expect(view.options).toEqual([expect.objectContaining({ variantId: null, sku: 'USED-1', pricePence: 474_500, stockQuantity: 1 })])
    // A used bike is sold under the margin scheme: its price, and its preparation fee with it, shows no VAT (ADR 044).
    expect(view.options[0]?.price).toMatchObject({ basePence: 449_500, totalPence: 474_500, vatTreatment: 'margin', vatPence: 0, charges: [{ label: 'On-the-road charges', pence: 25_000, vat: 'product-rate', vatRatePercent: 0 }] })
    expect(view.includedCharges).toBe('Includes £250 on-the-road charges.')
    expect(view.used).toEqual({ mileage: 8420, keepers: 1, serviceHistory: 'Full dealer service history', registrationDate: '2021-04-12T00:00:00.000Z', registrationYear: 2021 })
    expect(view.extraFee).toEqual({ pence: 25_000, label: 'On-the-road charges' })
    expect(view.finance).toMatchObject({ financePricePence: 474_500, termMonths: 36 })
  })

  it('splits a new bike’s on-the-road charge at the settings’ figures, so its VAT is only on what bears it', () => {
    const bike = {
      ...helmet,
      productType: 'simple',
      name: 'Honda PCX125',
      slug: 'pcx125',
      sku: 'PCX',
      price: 359_900,
      stockQuantity: 1,
      condition: 'new',
      kind: 'scooter',
      attributes: { engineCc: 125 },
      beforeAddToBasketNotification: { extraFee: { feeValue: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' } },
    } as Product
    const view = toProductView(bike, [], { registrationFeePence: 5_500, vedBands: [{ upToCc: 150, pence: 2_700 }, { upToCc: null, pence: 12_700 }] })
    expect(view.options[0]?.price).toMatchObject({ totalPence: 384_900, vatPence: 62_783 })
    expect(view.includedCharges).toBe('Includes £250 on-the-road charges: £168 pre-delivery inspection and number plates, £55 DVLA first registration fee and £27 first year’s road tax (outside the scope of VAT).')
    expect(view.extraFee).toEqual({ pence: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' })
  })
})
