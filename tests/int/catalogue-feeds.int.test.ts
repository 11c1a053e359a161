// On a real database: the Google Merchant Center feed lists every offer on sale (variants as
// one item group, headline prices in GBP, stock as availability, text escaped) and nothing in draft or archived,
// the same whatever the page size of its keyset reads; the sitemap index splits into files of at most the limit
// and every published URL appears exactly once across them. Through the route handlers too (headers, 404s).
// The routes serve a stored copy (ADR 042): built once, by the first request or the rebuild job a catalogue change
// queues, and read from files after that; the feed, the sitemap and the product page agree on what is on sale.
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { decimalPounds } from '../../src/domain/money'
import { MOTOR_VEHICLE_KINDS } from '../../src/domain/catalogue/merchant-feed'
import type { ProductKind } from '../../src/domain/catalogue/product-kind'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { execute } from '../../src/cms/sql.server'
import { importFeed } from '../../src/features/catalogue-import/import-feed.server'
import { merchantFeedStream } from '../../src/features/feeds/merchant-feed.server'
import { buildFeeds, FEEDS_MAX_AGE_MS, readFeedsManifest } from '../../src/features/feeds/stored-feeds.server'
import { FEEDS_SETTLE_MS } from '../../src/features/feeds/rebuild-feeds'
import { sitemapFileStream, sitemapIndex } from '../../src/features/feeds/sitemap.server'
import { productBySlug } from '../../src/features/product/queries.server'
import { buildPage, buildProduct, buildVariant } from '../../src/setup/seed/factories'
import type { Product } from '../../src/payload-types'
import { testPayload } from './payload'

// The stored copies go to a folder of this file's own (DATA_DIR), set before the shop's configuration is read.
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'wh-feeds-int-'))
  return process.env.DATA_DIR
})
const feedsDir = path.join(dataDir, 'feeds')

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const SITE = 'https://shop.example.co.uk'
const db = process.env.TEST_DB ?? 'sqlite'
let payload: Payload

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  expect(stream).not.toBeNull()
  return new Response(stream).text()
}

/** Well-formed for the XML we write: every element closed in order, no bare `&` or `<` in text. */
function expectWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml version="1.0" encoding="UTF-8"\?>\n/, '')
  const stack: string[] = []
  const tokens = body.split(/(<[^>]*>)/)
  for (const token of tokens) {
    if (token.startsWith('<')) {
      const close = /^<\/([\w:]+)>$/.exec(token)
      const open = /^<([\w:]+)(\s[^<>]*)?>$/.exec(token)
      if (close) expect(stack.pop(), token).toBe(close[1])
      else if (open) stack.push(open[1]!)
      else throw new Error(`not a tag: ${token}`)
    } else {
      expect(token, 'text').not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|</)
    }
  }
  expect(stack).toEqual([])
}

interface Item {
  readonly [name: string]: string
}

function itemsOf(xml: string): Item[] {
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((m) => Object.fromEntries([...m[1]!.matchAll(/<([\w:]+)>(.*?)<\/\1>/gs)].map((f) => [f[1]!, f[2]!])))
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!)

let draftSku = ''
let archivedSku = ''
let futurePage = ''
let ebikes: { id: number }

let some: Product

function make(over: Partial<Parameters<typeof buildProduct>[0]>, status: 'active' | 'draft' | 'archived' = 'active') {
  return payload.create({
    collection: 'products',
    data: { ...buildProduct({ name: 'x', category: some.category as number, brand: some.brand as number, pricePence: 4_999, stock: 2, featuredImage: some.featuredImage as number, ...over }), status },
    overrideAccess: true,
    depth: 0,
  })
}

beforeAll(async () => {
  payload = await testPayload('demo shop')
  some = (await payload.find({ collection: 'products', where: { featuredImage: { exists: true } }, depth: 0, limit: 1, overrideAccess: true })).docs[0] as Product
  await make({ name: 'R&D <Café> "Special" Gloves', sku: 'FEED-AMP', description: 'Tough & light <b>not html</b>' })
  draftSku = (await make({ name: 'Draft Feed Bike', sku: 'FEED-DRAFT' }, 'draft')).sku!
  archivedSku = (await make({ name: 'Archived Feed Bike', sku: 'FEED-ARCHIVED' }, 'archived')).sku!
  const group = await make({ name: 'Feed Group Jacket', sku: 'FEED-GRP', productType: 'variable', stock: 0 })
  await payload.create({ collection: 'variants', data: buildVariant({ product: group.id, sku: 'FEED-GRP-M', size: 'M', colour: 'Black', pricePence: 12_999, stock: 4 }), overrideAccess: true })
  await payload.create({ collection: 'variants', data: buildVariant({ product: group.id, sku: 'FEED-GRP-L', size: 'L', colour: 'Red', pricePence: 13_999, stock: 0, position: 1 }), overrideAccess: true })
  // A used e-bike with a compulsory charge (assembly and delivery): in the feed at its headline price.
  ebikes = (await payload.find({ collection: 'categories', where: { kind: { equals: 'e-bike' } }, depth: 0, limit: 1, overrideAccess: true })).docs[0]!
  await make({ name: 'Feed Trekking E-bike', sku: 'FEED-EBIKE-FEE', category: ebikes.id, pricePence: 249_900, condition: 'used', extraFee: { feeValuePence: 9_900, label: 'Assembly and delivery' }, ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 } })
  // A speed pedelec on sale: a motor vehicle in law (EAPC verdict false), so never in the Merchant feed.
  await make({ name: 'Feed Speed Pedelec', sku: 'FEED-EBIKE-45', category: ebikes.id, pricePence: 599_900, ebike: { motorPowerW: 500, assistedSpeedMph: 28 } })
  futurePage = (await payload.create({ collection: 'pages', data: { ...buildPage({ title: 'Not yet published', paragraphs: ['Soon.'] }), publishedAt: new Date(Date.now() + 86_400_000).toISOString() }, overrideAccess: true })).slug
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
  await rm(dataDir, { recursive: true, force: true })
})

describe(`Google Merchant Center feed on ${db}`, () => {
  let xml = ''
  let items: Item[] = []

  beforeAll(async () => {
    xml = await text(await merchantFeedStream(payload, { siteUrl: SITE }))
    items = itemsOf(xml)
  })

  it('is RSS 2.0 with the g: namespace, well formed, each item with the attributes Google requires', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<title>')).toBe(true)
    expectWellFormed(xml)
    expect(items.length).toBeGreaterThan(60)
    for (const item of items) {
      for (const field of ['g:id', 'title', 'description', 'link', 'g:image_link', 'g:availability', 'g:price', 'g:condition']) expect(item[field], `${item['g:id']} ${field}`).toBeTruthy()
      expect(item['g:gtin'] ?? item['g:mpn'] ?? item['g:identifier_exists']).toBeTruthy()
      expect(item['link']).toMatch(/^https:\/\/shop\.example\.co\.uk\/products\//)
      expect(item['g:image_link']).toMatch(/^https:\/\/shop\.example\.co\.uk\/api\/media\/file\//)
      expect(item['g:availability']).toMatch(/^(in_stock|out_of_stock)$/)
      expect(item['g:price']).toMatch(/^\d+\.\d\d GBP$/)
      expect(item['g:condition']).toMatch(/^(new|used)$/)
    }
    expect(new Set(items.map((i) => i['g:id'])).size).toBe(items.length)
  })

  it('lists every priced, pictured product on sale, and never a draft or an archived one', async () => {
    const all = (await payload.find({ collection: 'products', depth: 0, limit: 0, pagination: false, overrideAccess: true, select: { sku: true, status: true, price: true, featuredImage: true, productType: true, condition: true, kind: true, ebike: true } })).docs as Product[]
    const variable = new Set((await payload.find({ collection: 'variants', depth: 0, limit: 0, pagination: false, overrideAccess: true, select: { product: true } })).docs.map((v) => v.product as number))
    const grouped = new Set(items.map((i) => i['g:item_group_id']).filter(Boolean))
    const single = new Set(items.filter((i) => !i['g:item_group_id']).map((i) => i['g:id']))
    for (const p of all) {
      const listed = p.productType === 'variable' && variable.has(p.id) ? grouped.has(p.sku!) : single.has(p.sku!)
      const motorVehicle = MOTOR_VEHICLE_KINDS.includes(p.kind as ProductKind) || (p.kind === 'e-bike' && p.ebike?.eapc === false)
      const expected = p.status === 'active' && p.price != null && p.featuredImage != null && !motorVehicle
      expect(listed, `${p.sku} (${p.status}, ${p.kind})`).toBe(expected)
    }
    // Google Shopping takes no motor vehicles: the seeded motorcycles and scooters on sale are all left out.
    expect(all.filter((p) => p.status === 'active' && (p.kind === 'motorcycle' || p.kind === 'scooter')).length).toBeGreaterThan(5)
    expect(all.some((p) => p.status === 'active' && p.kind === 'e-bike' && single.has(p.sku!))).toBe(true)
    expect(single.has('FEED-EBIKE-45')).toBe(false)
    // Every e-bike in the feed states its assisted top speed, as Google asks.
    const ebikeSkus = new Set(all.filter((p) => p.kind === 'e-bike').map((p) => p.sku))
    const ebikeItems = [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((m) => m[1]!).filter((item) => ebikeSkus.has(/<g:id>(.*?)<\/g:id>/.exec(item)?.[1]))
    expect(ebikeItems.length).toBeGreaterThan(5)
    for (const item of ebikeItems) expect(item, item.slice(0, 80)).toMatch(/<g:product_detail><g:section_name>E-bike<\/g:section_name><g:attribute_name>Assisted top speed<\/g:attribute_name><g:attribute_value>\d+(\.\d)? mph<\/g:attribute_value><\/g:product_detail>/)
    expect(xml).not.toContain(draftSku)
    expect(xml).not.toContain(archivedSku)
    expect(all.some((p) => p.status === 'active' && p.condition === 'used')).toBe(true)
    expect(items.some((i) => i['g:condition'] === 'used')).toBe(true)
  })

  it('prices each offer at its headline price from pence, and says whether it is in stock', async () => {
    const bike = (await payload.find({ collection: 'products', where: { sku: { equals: 'FEED-EBIKE-FEE' } }, depth: 0, limit: 1, overrideAccess: true })).docs[0] as Product
    const item = items.find((i) => i['g:id'] === bike.sku)!
    // listPrice is the price with the compulsory charges in it: what the product page shows.
    expect(item['g:price']).toBe(`${decimalPounds(bike.listPrice!)} GBP`)
    expect(bike.listPrice).toBeGreaterThan(bike.price!)
    expect(item['g:availability']).toBe((bike.stockQuantity ?? 0) > 0 ? 'in_stock' : 'out_of_stock')
  })

  it('lists variants as items of one group with their size, colour, price and stock', () => {
    const group = items.filter((i) => i['g:item_group_id'] === 'FEED-GRP')
    expect(group.map((i) => [i['g:id'], i['g:size'], i['g:color'], i['g:price'], i['g:availability'], i['title']])).toEqual([
      ['FEED-GRP-M', 'M', 'Black', '129.99 GBP', 'in_stock', 'Feed Group Jacket – M, Black'],
      ['FEED-GRP-L', 'L', 'Red', '139.99 GBP', 'out_of_stock', 'Feed Group Jacket – L, Red'],
    ])
    expect(items.some((i) => i['g:id'] === 'FEED-GRP')).toBe(false)
  })

  it('escapes text', () => {
    const item = items.find((i) => i['g:id'] === 'FEED-AMP')!
    expect(item['title']).toBe('R&amp;D &lt;Café&gt; &quot;Special&quot; Gloves')
    expect(item['description']).toBe('Tough &amp; light &lt;b&gt;not html&lt;/b&gt;')
  })

  it('writes the same document whatever the size of its pages', async () => {
    expect(await text(await merchantFeedStream(payload, { siteUrl: SITE, pageSize: 7 }))).toBe(xml)
    expect(await text(await merchantFeedStream(payload, { siteUrl: SITE, pageSize: 1 }))).toBe(xml)
  })

  it('is served at its URL as XML a shared cache may keep', async () => {
    const { GET } = await import('../../src/app/feeds/google-merchant.xml/route')
    const res = await GET()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/)
    expect(itemsOf(await res.text()).length).toBe(items.length)
  })
})

describe(`sitemap index on ${db}`, () => {
  async function allFiles(perFile: number, pageSize?: number): Promise<{ files: string[]; urls: string[][] }> {
    const index = await sitemapIndex(payload, { siteUrl: SITE, perFile })
    expectWellFormed(index)
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const files = locsOf(index)
    const urls: string[][] = []
    for (const [i, file] of files.entries()) {
      expect(file).toBe(`${SITE}/sitemaps/${i + 1}.xml`)
      const xml = await text(await sitemapFileStream(payload, i + 1, { siteUrl: SITE, perFile, pageSize }))
      expectWellFormed(xml)
      urls.push(locsOf(xml))
    }
    expect(await sitemapFileStream(payload, files.length + 1, { siteUrl: SITE, perFile })).toBeNull()
    return { files, urls }
  }

  it('lists every published product, category, brand, page and post once, in one file under the limit', async () => {
    const { files, urls } = await allFiles(45_000)
    expect(files).toHaveLength(1)
    const flat = urls.flat()
    expect(new Set(flat).size).toBe(flat.length)
    const active = (await payload.count({ collection: 'products', where: { status: { equals: 'active' } }, overrideAccess: true })).totalDocs
    expect(flat.filter((u) => u.includes('/products/'))).toHaveLength(active)
    for (const part of ['/products/feed-group-jacket', '/category/motorcycles/naked', '/brand/honda', '/returns', '/blog/winter-riding-kit', '/all-bikes']) {
      expect(flat.some((u) => u.endsWith(part)), part).toBe(true)
    }
    expect(flat).toContain(`${SITE}/`)
    for (const hidden of ['/products/draft-feed-bike', '/products/archived-feed-bike', `/${futurePage}`]) expect(flat.some((u) => u.endsWith(hidden)), hidden).toBe(false)
  })

  it('splits into several files past the limit, every URL in exactly one', async () => {
    const whole = (await allFiles(45_000)).urls.flat()
    const { files, urls } = await allFiles(3, 2)
    expect(files.length).toBe(Math.ceil(whole.length / 3))
    expect(files.length).toBeGreaterThan(10)
    for (const file of urls) expect(file.length).toBeLessThanOrEqual(3)
    expect(urls.flat()).toEqual(whole)
  })

  it('is served as an index at /sitemap.xml and as numbered files, with a 404 for any other', async () => {
    const index = await (await import('../../src/app/sitemap.xml/route')).GET()
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(index.headers.get('cache-control')).toMatch(/^public, /)
    expect(locsOf(await index.text())).toEqual(['http://localhost:3000/sitemaps/1.xml'])
    const { GET } = await import('../../src/app/sitemaps/[file]/route')
    const file = await GET(new Request('http://localhost:3000/sitemaps/1.xml'), { params: Promise.resolve({ file: '1.xml' }) })
    expect(file.status).toBe(200)
    expect(locsOf(await file.text()).length).toBeGreaterThan(60)
    for (const name of ['2.xml', '0.xml', 'x.xml', '1']) {
      const missing = await GET(new Request(`http://localhost:3000/sitemaps/${name}`), { params: Promise.resolve({ file: name }) })
      expect(missing.status, name).toBe(404)
    }
  })
})

describe(`the stored copy on ${db}`, () => {
  const LOCAL = 'http://localhost:3000'
  const sitemapFile = async (n: number) => (await import('../../src/app/sitemaps/[file]/route')).GET(new Request(`${LOCAL}/sitemaps/${n}.xml`), { params: Promise.resolve({ file: `${n}.xml` }) })
  const sitemapIndexRoute = async () => (await import('../../src/app/sitemap.xml/route')).GET()
  const merchantRoute = async () => (await import('../../src/app/feeds/google-merchant.xml/route')).GET()
  const body = async (answer: Promise<Response>) => {
    const res = await answer
    expect(res.status).toBe(200)
    return res.text()
  }
  const builds = async () => (await readdir(feedsDir, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('building-')).map((e) => e.name)
  const waitingRebuilds = async () =>
    (await payload.find({ collection: 'payload-jobs', where: { and: [{ taskSlug: { equals: 'rebuildFeeds' } }, { completedAt: { exists: false } }] }, depth: 0, overrideAccess: true, pagination: false })).docs
  const forgetRebuilds = () => payload.delete({ collection: 'payload-jobs', where: { taskSlug: { equals: 'rebuildFeeds' } }, overrideAccess: true })

  it('builds once for the first requests, however many arrive together, and gives each the whole document', async () => {
    await rm(feedsDir, { recursive: true, force: true })
    const live = await text(await sitemapFileStream(payload, 1, { siteUrl: LOCAL }))
    const answers = await Promise.all(Array.from({ length: 6 }, () => body(sitemapFile(1))))
    for (const answer of answers) expect(answer).toBe(live)
    expect(await builds()).toHaveLength(1)
    expect(existsSync(path.join(feedsDir, 'current.json'))).toBe(true)
    expect(itemsOf(await body(merchantRoute())).length).toBe(itemsOf(await text(await merchantFeedStream(payload, { siteUrl: LOCAL }))).length)
    expect(await builds()).toHaveLength(1)
  })

  it('answers later requests from the files alone: the catalogue is not read, so a change behind the shop’s back is not seen', async () => {
    const gloves = (await payload.find({ collection: 'products', where: { sku: { equals: 'FEED-AMP' } }, depth: 0, limit: 1, overrideAccess: true })).docs[0]!
    const before = { index: await body(sitemapIndexRoute()), file: await body(sitemapFile(1)), feed: await body(merchantRoute()) }
    expect(before.file).toContain(`/products/${gloves.slug}`)
    // Without Payload, so no hook hears of it: only a read of the catalogue would show it.
    await execute(payload, null, { sql: "UPDATE products SET slug = 'renamed-behind-the-back', name = 'Renamed Gloves' WHERE sku = 'FEED-AMP'", args: [] })
    const find = vi.spyOn(payload, 'find')
    const count = vi.spyOn(payload, 'count')
    try {
      for (let i = 0; i < 3; i++) {
        expect(await body(sitemapIndexRoute())).toBe(before.index)
        expect(await body(sitemapFile(1))).toBe(before.file)
        expect(await body(merchantRoute())).toBe(before.feed)
      }
      expect(find).not.toHaveBeenCalled()
      expect(count).not.toHaveBeenCalled()
    } finally {
      find.mockRestore()
      count.mockRestore()
      await execute(payload, null, { sql: "UPDATE products SET slug = ?, name = ? WHERE sku = 'FEED-AMP'", args: [gloves.slug!, gloves.name] })
    }
  })

  it('queues one rebuild for a run of staff changes, started once they settle; the new products appear after it runs', async () => {
    await forgetRebuilds()
    await make({ name: 'Feed New Arrival One', sku: 'FEED-NEW-1', category: ebikes.id, ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 } })
    const [first] = await waitingRebuilds()
    expect(first, 'a rebuild queued by the change').toBeTruthy()
    const firstStart = Date.parse(first!.waitUntil!)
    expect(firstStart).toBeGreaterThan(Date.now() + FEEDS_SETTLE_MS / 2)
    await make({ name: 'Feed New Arrival Two', sku: 'FEED-NEW-2', category: ebikes.id, ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 } })
    const again = await waitingRebuilds()
    expect(again.map((j) => j.id)).toEqual([first!.id])
    expect(Date.parse(again[0]!.waitUntil!)).toBeGreaterThanOrEqual(firstStart)
    // The runner leaves it until the changes settle; meanwhile the last build is served.
    await payload.jobs.run({ allQueues: true, where: { taskSlug: { equals: 'rebuildFeeds' } }, overrideAccess: true, silent: true })
    expect(await waitingRebuilds()).toHaveLength(1)
    expect(await body(sitemapFile(1))).not.toContain('/products/feed-new-arrival-one')
    expect(await body(merchantRoute())).not.toContain('FEED-NEW-1')
    // Once they have settled the runner runs it.
    await payload.jobs.runByID({ id: first!.id, overrideAccess: true, silent: true })
    expect(await waitingRebuilds()).toHaveLength(0)
    const file = await body(sitemapFile(1))
    expect(file).toContain(`${LOCAL}/products/feed-new-arrival-one`)
    expect(file).toContain(`${LOCAL}/products/feed-new-arrival-two`)
    const feed = itemsOf(await body(merchantRoute()))
    expect(feed.map((i) => i['g:id'])).toEqual(expect.arrayContaining(['FEED-NEW-1', 'FEED-NEW-2']))
  })

  it('skips a rebuild whose changes a build begun since already holds (a first request, start-up, another job)', async () => {
    await forgetRebuilds()
    await make({ name: 'Feed Held Already', sku: 'FEED-HELD', category: ebikes.id })
    const [job] = await waitingRebuilds()
    await new Promise((resolve) => setTimeout(resolve, 1_100)) // a build begun over a second after the change holds it
    const built = await buildFeeds(payload)
    await payload.jobs.runByID({ id: job!.id, overrideAccess: true, silent: true })
    expect(await waitingRebuilds()).toHaveLength(0)
    expect((await readFeedsManifest())!.generation).toBe(built.generation)
    expect(await body(sitemapFile(1))).toContain(`${LOCAL}/products/feed-held-already`)
  })

  it('queues the rebuild after a catalogue import (the endpoint, the admin upload and the command line all run one)', async () => {
    await forgetRebuilds()
    const csv = [
      'sku,parent_sku,name,kind,condition,brand,category,price,stock,status,description,size,colour,vrm,mileage,first_registered,keepers,cap_code,engine_cc,licence,images,engine',
      'FEED-IMPORTED,,Feed Imported Gloves,,new,Feedbrand,riderwear/jackets,49.99,3,active,,,,,,,,,,,,',
    ].join('\n')
    const report = await importFeed(payload, csvRows(csv), { actor: 'feeds test' })
    expect(report).toMatchObject({ created: 1, refused: 0 })
    const waiting = await waitingRebuilds()
    expect(waiting).toHaveLength(1)
    expect(await body(sitemapFile(1))).not.toContain('/products/feed-imported-gloves')
    await payload.jobs.runByID({ id: waiting[0]!.id, overrideAccess: true, silent: true })
    expect(await body(sitemapFile(1))).toContain(`${LOCAL}/products/feed-imported-gloves`)
  })

  it('serves a build over an hour old as it is, and queues a rebuild (sales change availability without a catalogue edit)', async () => {
    await forgetRebuilds()
    const manifestFile = path.join(feedsDir, 'current.json')
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { builtAt: string }
    await writeFile(manifestFile, JSON.stringify({ ...manifest, builtAt: new Date(Date.now() - FEEDS_MAX_AGE_MS - 60_000).toISOString() }))
    const before = await body(sitemapFile(1))
    expect(await body(sitemapFile(1))).toBe(before)
    await vi.waitFor(async () => expect(await waitingRebuilds()).toHaveLength(1))
  })

  it('agrees with the product page on what is on sale: a product is in the sitemap exactly when its page (and its JSON-LD) is shown, and in the feed only then', async () => {
    await forgetRebuilds()
    await payload.update({ collection: 'products', where: { sku: { equals: 'FEED-NEW-2' } }, data: { status: 'archived' }, overrideAccess: true })
    const [job] = await waitingRebuilds()
    await payload.jobs.runByID({ id: job!.id, overrideAccess: true, silent: true })
    const index = await body(sitemapIndexRoute())
    const urls = new Set<string>()
    for (const [i] of locsOf(index).entries()) for (const url of locsOf(await body(sitemapFile(i + 1)))) urls.add(url)
    const feedLinks = new Set(itemsOf(await body(merchantRoute())).map((i) => i['link']!))
    const all = (await payload.find({ collection: 'products', depth: 0, limit: 0, pagination: false, overrideAccess: true, select: { slug: true, status: true, kind: true } })).docs as Product[]
    expect(all.some((p) => p.status !== 'active')).toBe(true)
    for (const p of all) {
      const url = `${LOCAL}/products/${p.slug}`
      const page = await productBySlug(p.slug!)
      expect(page !== null, `${p.slug} (${p.status}) page`).toBe(p.status === 'active')
      expect(urls.has(url), `${p.slug} (${p.status}) in the sitemap`).toBe(page !== null)
      if (feedLinks.has(url)) expect(page, `${p.slug} in the feed`).not.toBeNull()
    }
    expect(urls.has(`${LOCAL}/products/feed-new-arrival-two`)).toBe(false)
    expect(feedLinks.has(`${LOCAL}/products/feed-new-arrival-two`)).toBe(false)
  })
})
