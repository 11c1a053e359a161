// The foundation on a real database: committed migrations build the schema, the demo seed fills it
// (once), and the catalogue model's derived fields and access rules hold.
import type { Payload, PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRANDS, CATEGORIES, LEGACY_BRAND_PATHS, LEGACY_CATEGORY_PATHS, LEGACY_PRODUCT_IDS, PAGES, POSTS, PRODUCTS } from '../../src/setup/seed/catalogue-data'
import { seedDemoShop } from '../../src/setup/seed/seed'
import { pingDatabase } from '../../src/cms/database.server'
import { health, HEALTH_TIMEOUT_MS } from '../../src/cms/endpoints/health'
import { buildProduct, buildVariant, uniqueSuffix } from '../../src/setup/seed/factories'
import { testPayload } from './payload'
import type { Media, Product } from '../../src/payload-types'
import { wasPricePence } from '../../src/domain/catalogue/product-price'
import { shownStock } from '../../src/domain/catalogue/stock-status'
import { highestOfferedPence } from '../../src/features/catalogue/price-history'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))
const { readCards } = await import('../../src/features/catalogue/queries.server')

let payload: Payload
const generated: string[] = []

beforeAll(async () => {
  payload = await testPayload()
  await seedDemoShop(payload, {
    adminEmail: 'admin@int.test',
    onGeneratedPassword: (_email, password) => generated.push(password),
  })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

const count = async (collection: Parameters<Payload['count']>[0]['collection'], where = {}) =>
  (await payload.count({ collection, where, overrideAccess: true })).totalDocs

describe(`demo seed on ${process.env.TEST_DB ?? 'sqlite'}`, () => {
  it('runs on the database the run asked for', () => {
    expect(payload.db.name).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite')
  })

  it('creates at least 60 products across every top-level category', async () => {
    expect(await count('products')).toBe(PRODUCTS.length)
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(60)
    for (const kind of ['motorcycle', 'scooter', 'bicycle', 'e-bike', 'riderwear', 'accessory']) {
      expect(await count('products', { kind: { equals: kind } }), kind).toBeGreaterThan(0)
    }
  })

  it('creates the spec’s top-level categories and the nine legacy brands', async () => {
    const tops = await payload.find({ collection: 'categories', where: { parent: { exists: false } }, limit: 50, overrideAccess: true })
    expect(tops.docs.map((c) => c.name)).toEqual(expect.arrayContaining(['Motorcycles', 'Scooters', 'Bicycles', 'Electric Bikes', 'Riderwear', 'Bike Accessories']))
    expect(tops.docs).toHaveLength(CATEGORIES.length)
    const brands = await payload.find({ collection: 'brands', limit: 100, overrideAccess: true })
    expect(brands.docs.map((b) => b.slug)).toEqual(expect.arrayContaining(LEGACY_BRAND_PATHS))
    expect(brands.docs).toHaveLength(BRANDS.length)
  })

  it('derives nested category paths and product kinds from the tree', async () => {
    const naked = await payload.find({ collection: 'categories', where: { slug: { equals: 'naked' } }, overrideAccess: true })
    expect(naked.docs[0]).toMatchObject({ path: 'motorcycles/naked', kind: 'motorcycle' })
    const cb = await payload.find({ collection: 'products', where: { slug: { equals: 'honda-cb650r' } }, overrideAccess: true })
    expect(cb.docs[0]?.kind).toBe('motorcycle')
  })

  it('seeds used motorcycles with offer details and finance data', async () => {
    const used = await payload.find({ collection: 'products', where: { condition: { equals: 'used' }, kind: { equals: 'motorcycle' } }, limit: 50, overrideAccess: true })
    expect(used.docs.length).toBeGreaterThanOrEqual(5)
    for (const bike of used.docs) {
      expect(bike.vehicle?.mileage, bike.name).toBeGreaterThan(0)
      expect(bike.vehicle?.keepers, bike.name).toBeGreaterThan(0)
      expect(bike.vehicle?.serviceHistory, bike.name).toBeTruthy()
      expect(bike.vehicle?.registrationDate, bike.name).toBeTruthy()
      expect(bike.financingWidgetIvendi).toMatchObject({ used: true, currentOdometerReading: bike.vehicle?.mileage })
    }
  })

  it('seeds variable riderwear whose variants carry size, colour, sku, price and stock, some sold out', async () => {
    const helmet = (await payload.find({ collection: 'products', where: { slug: { equals: 'shoei-nxr2-helmet' } }, overrideAccess: true })).docs[0]!
    expect(helmet.productType).toBe('variable')
    const variants = await payload.find({ collection: 'variants', where: { product: { equals: helmet.id } }, limit: 50, overrideAccess: true })
    expect(variants.docs).toHaveLength(10)
    expect(variants.docs.filter((v) => v.stockQuantity === 0).map((v) => `${v.size}/${v.colour}`).sort()).toEqual(['XL/Matt Black', 'XS/White'])
    for (const v of variants.docs) expect(v).toMatchObject({ size: expect.any(String), colour: expect.any(String), sku: expect.any(String), price: 53_999 })
  })

  it('fills spec sheets for e-bikes and bicycles and links accessories', async () => {
    const ebike = (await payload.find({ collection: 'products', where: { slug: { equals: 'cube-stereo-hybrid-140-hpc' } }, depth: 1, overrideAccess: true })).docs[0]!
    expect(ebike.specSheet).toMatchObject({ motor: expect.stringContaining('Bosch'), battery: expect.any(String), frame: expect.any(String) })
    expect((ebike.relatedProducts ?? []).length).toBeGreaterThan(0)
  })

  it('stores prices as integer pence with the VAT rate, including zero-rated goods', async () => {
    const all = await payload.find({ collection: 'products', limit: 200, depth: 0, overrideAccess: true })
    for (const p of all.docs) {
      if (p.price !== null && p.price !== undefined) expect(Number.isSafeInteger(p.price), p.name).toBe(true)
      expect([0, 5, 20]).toContain(p.vatRate)
    }
    expect(all.docs.some((p) => p.vatRate === 0)).toBe(true)
    expect(all.docs.some((p) => p.price === null || p.price === undefined)).toBe(true) // price on application
  })

  it('seeds pages, posts, the spec’s redirects and site settings', async () => {
    expect(await count('pages')).toBe(PAGES.length)
    expect(await count('posts')).toBe(POSTS.length)
    expect(await count('redirects')).toBe(LEGACY_BRAND_PATHS.length + LEGACY_CATEGORY_PATHS.length + LEGACY_PRODUCT_IDS.length)
    const brandRedirect = await payload.find({ collection: 'redirects', where: { from: { equals: '/brands/honda' } }, overrideAccess: true })
    expect(brandRedirect.docs[0]).toMatchObject({ type: '302', to: { type: 'custom', url: '/all-bikes' } })
    const productRedirect = await payload.find({ collection: 'redirects', where: { from: { equals: `/products/${LEGACY_PRODUCT_IDS[0]}` } }, depth: 1, overrideAccess: true })
    expect(productRedirect.docs[0]?.type).toBe('301')
    expect(productRedirect.docs[0]?.to?.reference?.relationTo).toBe('products')
    const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
    expect(settings.finance?.fcaFirmReference).toBeTruthy()
    expect(settings.seededAt).toBeTruthy()
  })

  it('creates one admin and prints a generated password once', async () => {
    const admins = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, overrideAccess: true })
    expect(admins.docs).toHaveLength(1)
    expect(generated).toHaveLength(1)
    const login = await payload.login({ collection: 'users', data: { email: 'admin@int.test', password: generated[0]! } })
    expect(login.token).toBeTruthy()
  })

  it('does nothing on a second run', async () => {
    const before = await count('products')
    const media = await count('media')
    const result = await seedDemoShop(payload, { adminEmail: 'admin@int.test', onGeneratedPassword: (_e, p) => generated.push(p) })
    expect(result.seeded).toBe(false)
    expect(await count('products')).toBe(before)
    expect(await count('media')).toBe(media)
    expect(generated).toHaveLength(1)
  })

  it('answers a health ping', async () => {
    await expect(pingDatabase(payload)).resolves.toBeUndefined()
  })

  it('clears the health check’s deadline once the database answers', async () => {
    // Left running, each check's two-second timer held its request's context: a flood of checks held thousands.
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    try {
      const res = await health.handler({ payload } as unknown as PayloadRequest)
      expect(res.status).toBe(200)
      const deadlines = set.mock.calls.flatMap((call, i) => (call[1] === HEALTH_TIMEOUT_MS ? [set.mock.results[i]!.value] : []))
      expect(deadlines).toHaveLength(1)
      expect(clear.mock.calls.map((call) => call[0])).toContain(deadlines[0])
    } finally {
      set.mockRestore()
      clear.mockRestore()
    }
  })
})

describe('catalogue model', () => {
  it('keeps a variable product’s price at its cheapest variant', async () => {
    const category = (await payload.find({ collection: 'categories', where: { slug: { equals: 'gloves' } }, overrideAccess: true })).docs[0]!
    const s = uniqueSuffix()
    const product = await payload.create({
      collection: 'products',
      data: buildProduct({ name: `Test Glove ${s}`, category: category.id, pricePence: null, productType: 'variable' }),
      overrideAccess: true,
    })
    await payload.create({ collection: 'variants', data: buildVariant({ product: product.id, sku: `TG-${s}-M`, size: 'M', pricePence: 4_500, stock: 2 }), overrideAccess: true })
    const cheap = await payload.create({ collection: 'variants', data: buildVariant({ product: product.id, sku: `TG-${s}-S`, size: 'S', pricePence: 3_900, stock: 2 }), overrideAccess: true })
    expect((await payload.findByID({ collection: 'products', id: product.id, overrideAccess: true })).price).toBe(3_900)
    await payload.delete({ collection: 'variants', id: cheap.id, overrideAccess: true })
    expect((await payload.findByID({ collection: 'products', id: product.id, overrideAccess: true })).price).toBe(4_500)
  })

  it('refuses fractional pence, negative stock and unknown VAT rates', async () => {
    const category = (await payload.find({ collection: 'categories', where: { slug: { equals: 'locks' } }, overrideAccess: true })).docs[0]!
    const s = uniqueSuffix()
    const base = buildProduct({ name: `Bad ${s}`, category: category.id, pricePence: 100 })
    await expect(payload.create({ collection: 'products', data: { ...base, price: 10.5 }, overrideAccess: true })).rejects.toThrow()
    await expect(payload.create({ collection: 'products', data: { ...base, stockQuantity: -1 }, overrideAccess: true })).rejects.toThrow()
    await expect(payload.create({ collection: 'products', data: { ...base, vatRate: 17.5 }, overrideAccess: true })).rejects.toThrow()
    expect(await count('products', { slug: { equals: base.slug } })).toBe(0)
  })

  it('refuses to clear the CAP code of a new bike offered on finance, with a field error staff can act on', async () => {
    const bike = (await payload.find({ collection: 'products', where: { slug: { equals: 'honda-cb650r' } }, overrideAccess: true, depth: 0 })).docs[0]!
    const error = await payload
      .update({ collection: 'products', id: bike.id, data: { vehicle: { ...bike.vehicle, capCode: '' } }, overrideAccess: true })
      .then(() => null, (e: unknown) => e as { data?: { errors?: { path: string; message: string }[] } })
    expect(error?.data?.errors).toEqual([expect.objectContaining({ path: 'vehicle.capCode', message: expect.stringContaining('needs its CAP code') })])
    expect((await payload.findByID({ collection: 'products', id: bike.id, overrideAccess: true, depth: 0 })).vehicle?.capCode).toBe('HOCB650R24')
    // Not offered on finance, it may go without one.
    const untick = await payload.update({ collection: 'products', id: bike.id, data: { vehicle: { ...bike.vehicle, capCode: '', financeable: false } }, overrideAccess: true, depth: 0 })
    expect(untick.vehicle?.financeable).toBe(false)
    await payload.update({ collection: 'products', id: bike.id, data: { vehicle: bike.vehicle }, overrideAccess: true, depth: 0 })
  })
})

describe('access rules', () => {
  async function userWithRole(role: 'customer' | 'staff') {
    const email = `${role}-${uniqueSuffix()}@int.test`
    const user = await payload.create({ collection: 'users', data: { email, password: 'correct horse battery', role }, overrideAccess: true })
    return { ...user, collection: 'users' as const }
  }

  it('hides draft products from visitors and customers but not from staff', async () => {
    const category = (await payload.find({ collection: 'categories', where: { slug: { equals: 'locks' } }, overrideAccess: true })).docs[0]!
    const draft = await payload.create({ collection: 'products', data: { ...buildProduct({ name: `Draft ${uniqueSuffix()}`, category: category.id, pricePence: 100 }), status: 'draft' }, overrideAccess: true })
    const visitor = await payload.find({ collection: 'products', where: { id: { equals: draft.id } }, overrideAccess: false })
    expect(visitor.docs).toHaveLength(0)
    const customer = await userWithRole('customer')
    expect((await payload.find({ collection: 'products', where: { id: { equals: draft.id } }, overrideAccess: false, user: customer })).docs).toHaveLength(0)
    const staff = await userWithRole('staff')
    expect((await payload.find({ collection: 'products', where: { id: { equals: draft.id } }, overrideAccess: false, user: staff })).docs).toHaveLength(1)
  })

  it('lets only staff change the catalogue', async () => {
    const category = (await payload.find({ collection: 'categories', where: { slug: { equals: 'locks' } }, overrideAccess: true })).docs[0]!
    const data = buildProduct({ name: `Staff only ${uniqueSuffix()}`, category: category.id, pricePence: 100 })
    await expect(payload.create({ collection: 'products', data, overrideAccess: false })).rejects.toThrow()
    const customer = await userWithRole('customer')
    await expect(payload.create({ collection: 'products', data, overrideAccess: false, user: customer })).rejects.toThrow()
    const staff = await userWithRole('staff')
    const created = await payload.create({ collection: 'products', data, overrideAccess: false, user: staff })
    expect(created.id).toBeTruthy()
  })

  it('shows a customer only their own account and never lets them raise their role', async () => {
    const a = await userWithRole('customer')
    const b = await userWithRole('customer')
    const seen = await payload.find({ collection: 'users', overrideAccess: false, user: a, limit: 100 })
    expect(seen.docs.map((u) => u.id)).toEqual([a.id])
    await expect(payload.findByID({ collection: 'users', id: b.id, overrideAccess: false, user: a })).rejects.toThrow()
    const updated = await payload.update({ collection: 'users', id: a.id, data: { role: 'admin', firstName: 'Ada' }, overrideAccess: false, user: a })
    expect(updated).toMatchObject({ role: 'customer', firstName: 'Ada' })
  })

  it('answers a customer 404, not 403, for changing or deleting another account or an order out of reach', async () => {
    const a = await userWithRole('customer')
    const b = await userWithRole('customer')
    const status = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status)
    await expect(status(payload.update({ collection: 'users', id: b.id, data: { firstName: 'Hacked' }, overrideAccess: false, user: a }))).resolves.toBe(404)
    await expect(status(payload.delete({ collection: 'users', id: b.id, overrideAccess: false, user: a }))).resolves.toBe(404)
    await expect(status(payload.update({ collection: 'users', id: 999_999, data: { firstName: 'X' }, overrideAccess: false, user: a }))).resolves.toBe(404)
    await expect(status(payload.update({ collection: 'orders', id: 999_999, data: { staffNotes: 'x' }, overrideAccess: false, user: a }))).resolves.toBe(404)
    expect((await payload.findByID({ collection: 'users', id: b.id, overrideAccess: true })).firstName).not.toBe('Hacked')
    // Their own account they can read, so a forbidden change to it is still a 403 (deleting is admin-only).
    await expect(status(payload.delete({ collection: 'users', id: a.id, overrideAccess: false, user: a }))).resolves.toBe(403)
  })

  it('registers visitors as customers whatever role they ask for', async () => {
    const created = await payload.create({
      collection: 'users',
      data: { email: `new-${uniqueSuffix()}@int.test`, password: 'correct horse battery', role: 'admin' },
      overrideAccess: false,
    })
    expect(created.role).toBe('customer')
  })

  it('keeps redirects and user lists away from visitors', async () => {
    await expect(payload.find({ collection: 'users', overrideAccess: false })).rejects.toThrow(/not allowed/)
    await expect(payload.find({ collection: 'redirects', overrideAccess: false })).rejects.toThrow(/not allowed/)
  })

  it('reads product cards in one statement that show what Payload reads: headline prices, brand, picture sizes, vehicle facts', async () => {
    const docs = (await payload.find({ collection: 'products', where: { status: { equals: 'active' } }, depth: 1, pagination: false, sort: 'id', overrideAccess: true })).docs as Product[]
    const draft = await payload.create({ collection: 'products', data: { ...buildProduct({ name: `Card draft ${uniqueSuffix()}`, pricePence: 10_000, category: typeof docs[0]!.category === 'object' ? docs[0]!.category.id : docs[0]!.category }), status: 'draft' }, overrideAccess: true })
    const ids = [draft.id, ...docs.map((d) => d.id).reverse()]
    const cards = await readCards(payload, ids)
    expect(cards.map((c) => c.id)).toEqual(docs.map((d) => d.id).reverse()) // in the order asked for; never a draft
    const byId = new Map(cards.map((c) => [c.id, c]))
    let withFee = 0
    let used = 0
    const highest = await highestOfferedPence(payload, null, docs.map((d) => d.id))
    for (const d of docs) {
      const card = byId.get(d.id)!
      const media = typeof d.featuredImage === 'object' ? (d.featuredImage as Media | null) : null
      const fee = d.beforeAddToBasketNotification?.extraFee
      if (fee?.feeValue) withFee++
      if (d.condition === 'used') used++
      expect(card).toEqual({
        id: d.id,
        name: d.name,
        slug: d.slug,
        sku: d.sku ?? null,
        pricePence: d.listPrice ?? null, // the stored headline price (products' beforeChange hook)
        compareAtPricePence: wasPricePence(d.compareAtPrice, d.listPrice ?? null, highest.get(d.id)), // as entered, and never above its price record (ADR 075)
        condition: d.condition,
        kind: d.kind,
        brandName: typeof d.brand === 'object' && d.brand ? d.brand.name : null,
        stockQuantity: shownStock(d.stockQuantity),
        productType: d.productType,
        image: media
          ? {
              url: media.url,
              alt: media.alt,
              width: media.width,
              height: media.height,
              sizes: Object.fromEntries(Object.entries(media.sizes ?? {}).flatMap(([size, s]) => (s?.url ? [[size, { url: s.url, width: s.width ?? null, height: s.height ?? null }]] : []))),
            }
          : null,
        mileage: d.vehicle?.mileage ?? null,
        registrationYear: d.vehicle?.registrationDate ? new Date(d.vehicle.registrationDate).getUTCFullYear() : null,
        writeOffCategory: d.usedBike?.historyCheck?.writeOffCategory ?? null,
        eapc: d.ebike?.eapc ?? null,
      })
    }
    // the seed has pictures, on-the-road charges and used bikes, so each part of a card was compared
    expect(docs.filter((d) => typeof d.featuredImage === 'object' && d.featuredImage).length).toBeGreaterThan(20)
    expect(withFee).toBeGreaterThan(0)
    expect(used).toBeGreaterThan(0)
  })
})
