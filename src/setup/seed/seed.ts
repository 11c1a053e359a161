// The demo shop: an idempotent seed (each document is looked up by slug before it is created, so a run
// that stopped half way resumes) that runs once per database, marked by site-settings.seededAt.
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import {
  buildBrand,
  buildCategory,
  buildPage,
  buildPost,
  buildProduct,
  buildVariant,
  slugOf,
} from './factories'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import {
  BRANDS,
  CATEGORIES,
  LEGACY_BRAND_PATHS,
  LEGACY_CATEGORY_PATHS,
  LEGACY_PRODUCT_IDS,
  PAGES,
  POSTS,
  PRODUCTS,
  SITE_SETTINGS,
  TEST_RIDE_FACTS,
} from './catalogue-data'
import { drawPicture, type PictureSpec } from './images'
import { seedLenders } from './lenders'
import { ensureDemoCoupons } from './coupons'
import { ensureServiceOptions } from './service-options'
import { ensureDemoCustomer } from './demo-customer'
import { ensureAccessibilityStatement } from './accessibility-statement'

type Slugged = 'products' | 'categories' | 'brands' | 'pages' | 'posts'

const COLOUR_HEX: Record<string, string> = {
  'Matt Black': '#1f1f1f', Black: '#222222', White: '#d9dde2', 'Off White': '#e8e2d0', 'Tech Grey': '#6b7280',
  'Black/Red': '#b91c1c', 'Black/White': '#4b5563', 'Basalt Grey': '#52525b', Blue: '#2563eb', Pink: '#db2777',
}

export interface SeedOptions {
  adminEmail: string
  adminPassword?: string
  /** called with the generated admin password, when one had to be generated */
  onGeneratedPassword?: (email: string, password: string) => void
  log?: (message: string) => void
  /**
   * `each` (the default): every product, colour and post gets pictures of its own, drawn with its name, as a demo
   * shop should look. `shared`: one picture per kind of drawing, which every product of that kind uses. For the
   * integration suites, which seed a database per test file and test nothing about the pictures themselves: their
   * sizes (seven encodes each) were most of a seed's time.
   */
  pictures?: 'each' | 'shared'
}

export interface SeedResult {
  seeded: boolean
  products: number
}

async function findIdBySlug(payload: Payload, collection: Slugged, slug: string): Promise<number | undefined> {
  const found = await payload.find({ collection, where: { slug: { equals: slug } }, limit: 1, depth: 0, overrideAccess: true, pagination: false })
  return found.docs[0]?.id as number | undefined
}

async function upload(payload: Payload, name: string, alt: string, spec: PictureSpec): Promise<number> {
  const existing = await payload.find({ collection: 'media', where: { filename: { in: [`${name}.webp`, `${name}.png`] } }, limit: 1, depth: 0, overrideAccess: true })
  if (existing.docs[0]) return existing.docs[0].id as number
  const data = await drawPicture(spec)
  const doc = await payload.create({
    collection: 'media',
    data: { alt },
    file: { data, mimetype: 'image/png', name: `${name}.png`, size: data.length },
    overrideAccess: true,
  })
  return doc.id as number
}

export async function ensureAdmin(payload: Payload, options: SeedOptions): Promise<void> {
  const admins = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1, depth: 0, overrideAccess: true })
  if (admins.docs.length > 0) return
  const password = options.adminPassword ?? randomBytes(12).toString('base64url')
  await payload.create({
    collection: 'users',
    data: { email: options.adminEmail, password, role: 'admin', firstName: 'Shop', lastName: 'Admin' },
    overrideAccess: true,
  })
  if (!options.adminPassword) options.onGeneratedPassword?.(options.adminEmail, password)
}

export async function isSeeded(payload: Payload): Promise<boolean> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
  return Boolean(settings.seededAt)
}

/** Creates the demo catalogue unless this database has already been seeded. */
export async function seedDemoShop(payload: Payload, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {})
  await ensureAdmin(payload, options)
  await ensureDemoCoupons(payload) // also on an already-seeded shop: creates only the missing ones
  await ensureServiceOptions(payload) // likewise the workshop's bookable services
  if (await isSeeded(payload)) {
    await ensureDemoCustomer(payload, log) // databases seeded before the demo customer existed get one too
    await ensureAccessibilityStatement(payload, log) // and the accessibility statement, when they have none
    return { seeded: false, products: 0 }
  }

  log('seeding brands and categories')
  const brandIds = new Map<string, number>()
  const brandColour = new Map<string, string>()
  for (const brand of BRANDS) {
    brandColour.set(brand.slug, brand.colour)
    const id =
      (await findIdBySlug(payload, 'brands', brand.slug)) ??
      ((await payload.create({ collection: 'brands', data: buildBrand(brand), overrideAccess: true })).id as number)
    brandIds.set(brand.slug, id)
  }

  const categoryIds = new Map<string, number>()
  const categoryKind = new Map<string, ProductKind>()
  let position = 0
  for (const top of CATEGORIES) {
    position += 10
    const topId =
      (await findIdBySlug(payload, 'categories', top.slug)) ??
      ((await payload.create({ collection: 'categories', data: buildCategory({ ...top, position }), overrideAccess: true })).id as number)
    categoryIds.set(top.slug, topId)
    categoryKind.set(top.slug, top.kind)
    for (const [i, child] of (top.children ?? []).entries()) {
      const childId =
        (await findIdBySlug(payload, 'categories', child.slug)) ??
        ((await payload.create({
          collection: 'categories',
          data: buildCategory({ ...child, kind: top.kind, parent: topId, position: i + 1 }),
          overrideAccess: true,
        })).id as number)
      categoryIds.set(child.slug, childId)
      categoryKind.set(child.slug, top.kind)
    }
  }

  const picture = (name: string, alt: string, spec: PictureSpec): Promise<number> =>
    options.pictures === 'shared'
      ? upload(payload, `demo-${spec.kind}`, `A ${spec.kind} (a demo picture)`, { kind: spec.kind, title: 'Wheelhouse', colour: '#0d1927' })
      : upload(payload, name, alt, spec)

  log(`seeding ${PRODUCTS.length} products with pictures`)
  const productIds = new Map<string, number>()
  for (const seed of PRODUCTS) {
    const slug = slugOf(seed.name)
    const existing = await findIdBySlug(payload, 'products', slug)
    if (existing) {
      productIds.set(slug, existing)
      continue
    }
    const kind = categoryKind.get(seed.category)
    const category = categoryIds.get(seed.category)
    const brand = brandIds.get(seed.brand)
    if (!kind || !category || !brand) throw new Error(`Seed data for ${seed.name} names an unknown category or brand`)
    const colour = brandColour.get(seed.brand) ?? '#0d1927'
    const subtitle = seed.condition === 'used' ? `Used · ${seed.vehicle?.registrationDate?.slice(0, 4) ?? ''}` : (seed.attributes?.engineCc ? `${seed.attributes.engineCc}cc` : undefined)
    // What the picture shows: helmets and locks get their own drawings, everything else its kind's
    const art = seed.category === 'helmets' ? 'helmet' : seed.category === 'locks' ? 'lock' : kind
    const image = await picture(slug, seed.name, { kind: art, title: seed.name, subtitle, colour })
    const detail = await picture(`${slug}-detail`, `${seed.name}, another view`, { kind: art, title: seed.name, subtitle, colour, variant: 1 })
    const doc = await payload.create({
      collection: 'products',
      data: buildProduct({
        name: seed.name,
        slug,
        category,
        brand,
        pricePence: seed.pricePence,
        stock: seed.stock,
        condition: seed.condition ?? 'new',
        productType: seed.variants ? 'variable' : 'simple',
        featured: seed.featured,
        vatRate: seed.vatRate,
        shortDescription: seed.shortDescription,
        description: `${seed.shortDescription} Available from our Leeds showroom, with delivery or collection.`,
        featuredImage: image,
        gallery: [image, detail],
        attributes: { ...seed.attributes, ...TEST_RIDE_FACTS[seed.name] } as never,
        vehicle: seed.vehicle,
        extraFee: seed.otrFeePence ? { feeValuePence: seed.otrFeePence, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' } : undefined,
        financeOffer: seed.financeOffer,
        specSheet: seed.specSheet,
        ebike: seed.ebike,
        usedBike: seed.usedBike,
      }),
      overrideAccess: true,
    })
    const productId = doc.id as number
    productIds.set(slug, productId)

    if (seed.variants) {
      let pos = 0
      for (const colourName of seed.variants.colours) {
        const colourImage = await picture(`${slug}-${slugOf(colourName)}`, `${seed.name} in ${colourName}`, {
          kind: art,
          title: seed.name,
          subtitle: colourName,
          colour: COLOUR_HEX[colourName] ?? colour,
        })
        for (const size of seed.variants.sizes) {
          pos += 1
          const soldOut = seed.variants.outOfStock?.includes(`${size}/${colourName}`) ?? false
          await payload.create({
            collection: 'variants',
            data: buildVariant({
              product: productId,
              sku: `${slug.slice(0, 24).toUpperCase()}-${slugOf(colourName).toUpperCase()}-${size}`,
              size,
              colour: colourName,
              // Bigger sizes of jackets cost a little more, as they do in shops
              pricePence: seed.variants.pricePence + (size === 'XXL' ? 1_000 : 0),
              stock: soldOut ? 0 : seed.variants.stockEach,
              position: pos,
              featuredImage: colourImage,
            }),
            overrideAccess: true,
          })
        }
      }
    }
  }

  log('linking related accessories')
  for (const seed of PRODUCTS) {
    if (!seed.related?.length) continue
    const id = productIds.get(slugOf(seed.name))
    const related = seed.related.map((s) => productIds.get(s)).filter((v): v is number => typeof v === 'number')
    if (id && related.length) await payload.update({ collection: 'products', id, data: { relatedProducts: related }, overrideAccess: true, depth: 0 })
  }

  log('seeding pages and posts')
  for (const page of PAGES) {
    if (!(await findIdBySlug(payload, 'pages', page.slug))) {
      await payload.create({ collection: 'pages', data: buildPage(page), overrideAccess: true })
    }
  }
  for (const [i, post] of POSTS.entries()) {
    if (await findIdBySlug(payload, 'posts', post.slug)) continue
    const heroImage = await picture(`post-${post.slug}`, post.title, { kind: 'post', title: post.title, colour: '#2f6f4f', variant: i })
    await payload.create({ collection: 'posts', data: buildPost({ ...post, heroImage }), overrideAccess: true })
  }

  log('seeding redirects')
  const ordered = [...productIds.values()]
  const redirects: { from: string; to: { type: 'reference' | 'custom'; url?: string; reference?: { relationTo: 'products'; value: number } }; type: '301' | '302' }[] = [
    ...LEGACY_BRAND_PATHS.map((b) => ({ from: `/brands/${b}`, to: { type: 'custom' as const, url: '/all-bikes' }, type: '302' as const })),
    ...LEGACY_CATEGORY_PATHS.map((from) => ({ from, to: { type: 'custom' as const, url: '/all-bikes' }, type: '302' as const })),
    ...LEGACY_PRODUCT_IDS.map((legacyId, i) => ({
      from: `/products/${legacyId}`,
      to: { type: 'reference' as const, reference: { relationTo: 'products' as const, value: ordered[i % ordered.length]! } },
      type: '301' as const,
    })),
  ]
  for (const redirect of redirects) {
    const found = await payload.find({ collection: 'redirects', where: { from: { equals: redirect.from } }, limit: 1, depth: 0, overrideAccess: true })
    if (!found.docs[0]) await payload.create({ collection: 'redirects', data: redirect as never, overrideAccess: true })
  }

  log('seeding the finance lender panel')
  await seedLenders(payload)
  log('seeding the demo customer and its orders')
  await ensureDemoCustomer(payload, log)

  await payload.updateGlobal({
    slug: 'site-settings',
    data: { ...SITE_SETTINGS, seededAt: new Date().toISOString() },
    overrideAccess: true,
  })
  log('seed complete')
  return { seeded: true, products: productIds.size }
}
