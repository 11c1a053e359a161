// The basket endpoint's pricing on a real database: fresh prices and stock, coupons (percent, fixed_cart,
// fixed_product, expired), delivery options with the dealer's pick-up address, and pick-up when none is set.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildCategory, buildProduct, buildVariant, uniqueSuffix } from '../../src/setup/seed/factories'
import { testPayload } from './payload'

const { pricedBasketJson } = await import('../../src/features/basket/price-response.server')
const { ensureDemoCoupons } = await import('../../src/setup/seed/coupons')
const { forgetSiteSettings } = await import('../../src/cms/globals/site-settings-cache.server')
const { DEFAULT_ON_THE_ROAD_RATES } = await import('../../src/domain/catalogue/on-the-road')

let payload: Payload
const ids = { lock: 0, jacket: 0, jacketM: 0, jacketL: 0, bike: 0, newBike: 0, usedBike: 0, helmet: 0 }
const SHOP = { line1: '1 Kirkstall Road', town: 'Leeds', postcode: 'LS3 1HS', country: 'GB' }

beforeAll(async () => {
  payload = await testPayload()
  const s = uniqueSuffix()
  const accessories = await payload.create({ collection: 'categories', data: buildCategory({ name: `Locks ${s}`, kind: 'accessory' }), overrideAccess: true })
  const bikes = await payload.create({ collection: 'categories', data: buildCategory({ name: `Naked ${s}`, kind: 'motorcycle' }), overrideAccess: true })
  const create = (data: ReturnType<typeof buildProduct>) => payload.create({ collection: 'products', data: data as never, overrideAccess: true })
  ids.lock = (await create(buildProduct({ name: `Disc lock ${s}`, pricePence: 4_500, stock: 2, category: accessories.id }))).id
  ids.jacket = (await create(buildProduct({ name: `Jacket ${s}`, pricePence: 19_999, productType: 'variable', stock: 0, category: accessories.id }))).id
  ids.jacketM = (await payload.create({ collection: 'variants', data: buildVariant({ product: ids.jacket, sku: `JKT-M-${s}`, size: 'M', pricePence: 19_999, stock: 3 }) as never, overrideAccess: true })).id
  ids.jacketL = (await payload.create({ collection: 'variants', data: buildVariant({ product: ids.jacket, sku: `JKT-L-${s}`, size: 'L', pricePence: 21_000, stock: 0 }) as never, overrideAccess: true })).id
  ids.bike = (await create(buildProduct({ name: `Roadster ${s}`, pricePence: 650_000, stock: 1, category: bikes.id }))).id
  // A new 649cc bike with the seeded £250 on-the-road charge, a used bike, a helmet in a zero-rated category (ADR 044).
  const otr = { beforeAddToBasketNotification: { extraFee: { feeValue: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' } }, attributes: { engineCc: 649 } }
  ids.newBike = (await create({ ...buildProduct({ name: `Café racer ${s}`, pricePence: 849_900, stock: 1, category: bikes.id }), ...otr } as never)).id
  ids.usedBike = (await create({ ...buildProduct({ name: `Used twin ${s}`, pricePence: 499_900, stock: 1, category: bikes.id }), condition: 'used' } as never)).id
  const helmets = await payload.create({ collection: 'categories', data: buildCategory({ name: `Helmets ${s}`, kind: 'riderwear', zeroRatedHelmets: true }), overrideAccess: true })
  ids.helmet = (await create(buildProduct({ name: `Full face ${s}`, pricePence: 53_999, stock: 3, category: helmets.id }))).id
  await ensureDemoCoupons(payload)
  await payload.updateGlobal({ slug: 'site-settings', data: { dealerName: 'Wheelhouse Leeds', address: SHOP, delivery: { flatRatePence: 0, pickupEnabled: true } }, overrideAccess: true })
}, 180_000)

afterAll(async () => {
  await payload?.destroy()
})

describe(`basket pricing on ${process.env.TEST_DB ?? 'sqlite'}`, () => {
  it('prices a simple product and a variant from the catalogue, with VAT included and fresh snapshots', async () => {
    const priced = await pricedBasketJson(payload, [
      { productId: ids.lock, count: 1 },
      { productId: ids.jacket, variantId: ids.jacketM, count: 2 },
    ])
    expect(priced.lines.map((l) => [l.itemId, l.count, l.pricePence, l.lineTotalPence, l.kind])).toEqual([
      [String(ids.lock), 1, 4_500, 4_500, 'accessory'],
      [`${ids.jacket}:${ids.jacketM}`, 2, 19_999, 39_998, 'accessory'],
    ])
    expect(priced.lines[1]).toMatchObject({ productId: ids.jacket, variantId: ids.jacketM, stockQuantity: 3 })
    expect(priced.totals).toEqual({ subtotalPence: 44_498, discountPence: 0, shippingPence: 0, shippingToBeQuoted: false, vatPence: 7_416, vatBreakdown: [{ treatment: 'standard', ratePercent: 20, grossPence: 44_498, netPence: 37_082, vatPence: 7_416 }], totalPence: 44_498 })
    expect(priced.problems).toEqual([])
  })

  it('works out VAT only on what bears it: not on the DVLA part of the OTR charge, none on a zero-rated helmet, none shown under the margin scheme', async () => {
    const bike = await pricedBasketJson(payload, [{ productId: ids.newBike, count: 1 }])
    // £8,649 headline: £8,399 bike + £68 preparation bear VAT; the £55 registration fee and £127 road tax do not.
    expect(bike.totals).toMatchObject({ totalPence: 874_900, vatPence: 142_783 })
    expect(bike.totals.vatBreakdown).toEqual([
      { treatment: 'standard', ratePercent: 20, grossPence: 856_700, netPence: 713_917, vatPence: 142_783 },
      { treatment: 'outside-scope', ratePercent: 0, grossPence: 18_200, netPence: 18_200, vatPence: 0 },
    ])
    const helmet = await pricedBasketJson(payload, [{ productId: ids.helmet, count: 1 }])
    expect(helmet.lines[0]?.vatRatePercent).toBe(0)
    expect(helmet.totals).toMatchObject({ vatPence: 0, vatBreakdown: [{ treatment: 'zero', grossPence: 53_999, vatPence: 0 }] })
    const used = await pricedBasketJson(payload, [{ productId: ids.usedBike, count: 1 }])
    expect(used.totals).toMatchObject({ totalPence: 499_900, vatPence: 0, vatBreakdown: [{ treatment: 'margin', grossPence: 499_900, vatPence: 0 }] })
  })

  it('marking a category as zero-rated helmets moves the helmets already in it to 0% VAT', async () => {
    const category = await payload.create({ collection: 'categories', data: buildCategory({ name: `Helmets later ${uniqueSuffix()}`, kind: 'riderwear' }), overrideAccess: true })
    const helmet = await payload.create({ collection: 'products', data: buildProduct({ name: `Open face ${uniqueSuffix()}`, pricePence: 24_000, stock: 1, category: category.id }) as never, overrideAccess: true })
    expect(helmet.vatRate).toBe(20)
    await payload.update({ collection: 'categories', id: category.id, data: { zeroRatedHelmets: true }, overrideAccess: true })
    expect((await payload.findByID({ collection: 'products', id: helmet.id, depth: 0, overrideAccess: true })).vatRate).toBe(0)
  })

  it('takes the on-the-road parts from the site settings', async () => {
    await payload.updateGlobal({ slug: 'site-settings', data: { onTheRoad: { registrationFeePence: 6_000, vedUpTo150ccPence: 2_800, vedUpTo400ccPence: 6_100, vedUpTo600ccPence: 9_400, vedOver600ccPence: 13_200 } }, overrideAccess: true })
    forgetSiteSettings()
    try {
      const bike = await pricedBasketJson(payload, [{ productId: ids.newBike, count: 1 }])
      expect(bike.totals.vatBreakdown.map((t) => [t.treatment, t.grossPence])).toEqual([['standard', 874_900 - 19_200], ['outside-scope', 19_200]])
    } finally {
      await payload.updateGlobal({ slug: 'site-settings', data: { onTheRoad: { registrationFeePence: 5_500, vedUpTo150ccPence: 2_700, vedUpTo400ccPence: 5_900, vedUpTo600ccPence: 9_100, vedOver600ccPence: 12_700 } }, overrideAccess: true })
      forgetSiteSettings()
    }
  })

  it('caps counts at stock, drops sold-out and unknown lines, and says why', async () => {
    const priced = await pricedBasketJson(payload, [
      { productId: ids.lock, count: 5 },
      { productId: ids.jacket, variantId: ids.jacketL, count: 1 },
      { productId: 2_000_000_000, count: 1 },
      { productId: ids.jacket, count: 1 }, // a variable product without its variant cannot be bought
    ])
    expect(priced.lines.map((l) => [l.itemId, l.count, l.requestedCount])).toEqual([[String(ids.lock), 2, 5]])
    expect(priced.problems.map((p) => p.kind)).toEqual(['count_reduced', 'out_of_stock', 'product_gone', 'product_gone'])
  })

  it('applies a percent coupon and a fixed_cart coupon, and refuses fixed_product and expired ones with a message', async () => {
    const lines = [{ productId: ids.jacket, variantId: ids.jacketM, count: 1 }]
    const percent = await pricedBasketJson(payload, lines, { couponCode: 'welcome10' })
    expect(percent.coupon).toMatchObject({ status: 'applied', code: 'WELCOME10', discount_type: 'percent', amount: 10 })
    expect(percent.totals).toMatchObject({ subtotalPence: 19_999, discountPence: 2_000, totalPence: 17_999 })

    const fixed = await pricedBasketJson(payload, lines, { couponCode: 'TENOFF' })
    expect(fixed.totals).toMatchObject({ discountPence: 1_000, totalPence: 18_999 })

    const warn = vi.spyOn(payload.logger, 'warn')
    const product = await pricedBasketJson(payload, lines, { couponCode: 'STAFFPART' })
    expect(product.coupon).toMatchObject({ status: 'invalid', valid: false, reason: 'unsupported_discount_type', message: 'This coupon can’t be used in the online shop. Please ask us in store.' })
    expect(product.totals.discountPence).toBe(0)
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'this discount type is not supported')
    warn.mockRestore()

    const expired = await pricedBasketJson(payload, lines, { couponCode: 'EXPIRED5' })
    expect(expired.coupon).toMatchObject({ status: 'invalid', reason: 'expired', message: 'This coupon expired on 1 January 2025.' })
    const unknown = await pricedBasketJson(payload, lines, { couponCode: 'NOPE' })
    expect(unknown.coupon).toMatchObject({ status: 'invalid', reason: 'unknown' })
  })

  it('offers home delivery and free pick-up at the dealer’s address; a motorcycle gets dealer delivery instead of parcel', async () => {
    const parcel = await pricedBasketJson(payload, [{ productId: ids.lock, count: 1 }], { deliveryMethod: 'free' })
    expect(parcel.deliveryOptions.map((o) => [o.method, o.feePence])).toEqual([
      ['flat_rate', 0],
      ['free', 0],
    ])
    expect(parcel.delivery?.method).toBe('free')
    expect(parcel.pickupLocation).toEqual({ name: 'Wheelhouse Leeds', lines: ['1 Kirkstall Road', 'Leeds', 'LS3 1HS'] })

    const bike = await pricedBasketJson(payload, [{ productId: ids.bike, count: 1 }, { productId: ids.lock, count: 1 }], { deliveryMethod: 'dealer_delivery' })
    expect(bike.deliveryOptions.map((o) => o.method)).toEqual(['dealer_delivery', 'free'])
    expect(bike.totals).toMatchObject({ shippingToBeQuoted: true, shippingPence: 0, totalPence: 654_500 })
    const refused = await pricedBasketJson(payload, [{ productId: ids.bike, count: 1 }], { deliveryMethod: 'flat_rate' })
    expect(refused.delivery).toBeNull()
    expect(refused.deliveryProblem).toMatch(/not available/)
  })

  it('does not offer pick-up when the shop has no address, and logs "pick up location not found"', async () => {
    await payload.updateGlobal({ slug: 'site-settings', data: { address: { line1: '', town: '', postcode: '' } }, overrideAccess: true })
    const warn = vi.spyOn(payload.logger, 'warn')
    try {
      const priced = await pricedBasketJson(payload, [{ productId: ids.lock, count: 1 }], { deliveryMethod: 'free' })
      expect(priced.deliveryOptions.map((o) => o.method)).toEqual(['flat_rate'])
      expect(priced.pickupLocation).toBeNull()
      expect(priced.delivery).toBeNull()
      expect(priced.deliveryProblem).toMatch(/Collection from the shop is not available/)
      expect(warn).toHaveBeenCalledWith(expect.anything(), 'pick up location not found')
    } finally {
      warn.mockRestore()
      await payload.updateGlobal({ slug: 'site-settings', data: { address: SHOP }, overrideAccess: true })
    }
  })

  it('creates the demo coupons once, leaving staff edits alone', async () => {
    const row = (await payload.find({ collection: 'coupons', where: { code: { equals: 'WELCOME10' } }, overrideAccess: true })).docs[0]!
    await payload.update({ collection: 'coupons', id: row.id, data: { amount: 12 }, overrideAccess: true })
    expect(await ensureDemoCoupons(payload)).toBe(0)
    const again = (await payload.find({ collection: 'coupons', where: { code: { equals: 'WELCOME10' } }, overrideAccess: true })).docs
    expect(again).toHaveLength(1)
    expect(again[0]!.amount).toBe(12)
    await payload.update({ collection: 'coupons', id: row.id, data: { amount: 10 }, overrideAccess: true })
  })
})

describe(`the two catalogue reads of pricing on ${process.env.TEST_DB ?? 'sqlite'}`, () => {
  it('give the same snapshots, the plain one without pictures, and both leave out withdrawn and mismatched lines', async () => {
    const { freshSnapshots } = await import('../../src/features/basket/price-basket.server')
    const { simpleProduct, variantProduct } = await import('./order-fixtures')
    const lock = await simpleProduct(payload, 7, 3_499)
    const gloves = await variantProduct(payload, 4, 5_250)
    const withdrawn = await simpleProduct(payload, 3)
    await payload.update({ collection: 'products', id: withdrawn, overrideAccess: true, data: { status: 'draft' } as never })
    // A product with a mandatory charge (ADR 023): both reads put it in the price and list it.
    const charged = await simpleProduct(payload, 2, 10_000)
    await payload.update({ collection: 'products', id: charged, overrideAccess: true, data: { beforeAddToBasketNotification: { extraFee: { feeValue: 2_500, label: 'Fitting' } } } as never })
    const lines = [
      { productId: lock, count: 1 },
      { productId: charged, count: 1 },
      { productId: gloves.productId, variantId: gloves.variantId, count: 2 },
      { productId: withdrawn, count: 1 },
      { productId: gloves.productId, count: 1 }, // a variable product bought without its variant
      { productId: 999_999, count: 1 },
      { productId: ids.newBike, count: 1 },
      { productId: ids.usedBike, count: 1 },
    ]
    const shown = await freshSnapshots(payload, lines, DEFAULT_ON_THE_ROAD_RATES, undefined, true)
    const plain = await freshSnapshots(payload, lines, DEFAULT_ON_THE_ROAD_RATES, undefined, false)
    expect([...plain.keys()].sort()).toEqual([...shown.keys()].sort())
    expect(plain.size).toBe(5)
    for (const [key, line] of shown) {
      const { image: _image, ...snapshot } = line.snapshot
      expect(plain.get(key)).toEqual({ ...line, snapshot })
    }
    expect(plain.get(`${gloves.productId}:${gloves.variantId}`)?.snapshot).toMatchObject({ pricePence: 5_250, stockQuantity: 4 })
    expect(plain.get(`${gloves.productId}:${gloves.variantId}`)?.snapshot.charges).toBeUndefined()
    expect(plain.get(String(charged))?.snapshot).toMatchObject({ pricePence: 12_500, charges: [{ label: 'Fitting', pence: 2_500, vat: 'product-rate', vatRatePercent: 20 }] })
    // Both reads split a new bike's on-the-road charge by its engine size and put a used bike under the margin scheme.
    expect(plain.get(String(ids.newBike))?.snapshot.charges?.map((c) => [c.pence, c.vat])).toEqual([[6_800, 'product-rate'], [5_500, 'outside-scope'], [12_700, 'outside-scope']])
    expect(plain.get(String(ids.usedBike))?.snapshot).toMatchObject({ pricePence: 499_900, vatTreatment: 'margin' })
  })
})
