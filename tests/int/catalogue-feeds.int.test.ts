// Issue 28 §3 and §4 on a real database: the Google Merchant Center feed lists every offer on sale (variants as
// one item group, headline prices in GBP, stock as availability, text escaped) and nothing in draft or archived,
// the same whatever the page size of its keyset reads; the sitemap index splits into files of at most the limit
// and every published URL appears exactly once across them. Through the route handlers too (headers, 404s).
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { decimalPounds } from '../../src/domain/money'
import { merchantFeedStream } from '../../src/features/feeds/merchant-feed.server'
import { sitemapFileStream, sitemapIndex } from '../../src/features/feeds/sitemap.server'
import { seedDemoShop } from '../../src/setup/seed/seed'
import { buildPage, buildProduct, buildVariant } from '../../src/setup/seed/factories'
import type { Product } from '../../src/payload-types'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))
vi.mock('../../src/cms/payload-client.server', () => ({ payloadClient: () => testPayload() }))

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

beforeAll(async () => {
  payload = await testPayload()
  await seedDemoShop(payload, { adminEmail: 'admin@int.test' })
  const some = (await payload.find({ collection: 'products', where: { featuredImage: { exists: true } }, depth: 0, limit: 1, overrideAccess: true })).docs[0] as Product
  const make = (over: Partial<Parameters<typeof buildProduct>[0]>, status: 'active' | 'draft' | 'archived' = 'active') =>
    payload.create({
      collection: 'products',
      data: { ...buildProduct({ name: 'x', category: some.category as number, brand: some.brand as number, pricePence: 4_999, stock: 2, featuredImage: some.featuredImage as number, ...over }), status },
      overrideAccess: true,
      depth: 0,
    })
  await make({ name: 'R&D <Café> "Special" Gloves', sku: 'FEED-AMP', description: 'Tough & light <b>not html</b>' })
  draftSku = (await make({ name: 'Draft Feed Bike', sku: 'FEED-DRAFT' }, 'draft')).sku!
  archivedSku = (await make({ name: 'Archived Feed Bike', sku: 'FEED-ARCHIVED' }, 'archived')).sku!
  const group = await make({ name: 'Feed Group Jacket', sku: 'FEED-GRP', productType: 'variable', stock: 0 })
  await payload.create({ collection: 'variants', data: buildVariant({ product: group.id, sku: 'FEED-GRP-M', size: 'M', colour: 'Black', pricePence: 12_999, stock: 4 }), overrideAccess: true })
  await payload.create({ collection: 'variants', data: buildVariant({ product: group.id, sku: 'FEED-GRP-L', size: 'L', colour: 'Red', pricePence: 13_999, stock: 0, position: 1 }), overrideAccess: true })
  futurePage = (await payload.create({ collection: 'pages', data: { ...buildPage({ title: 'Not yet published', paragraphs: ['Soon.'] }), publishedAt: new Date(Date.now() + 86_400_000).toISOString() }, overrideAccess: true })).slug
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
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
    const all = (await payload.find({ collection: 'products', depth: 0, limit: 0, pagination: false, overrideAccess: true, select: { sku: true, status: true, price: true, featuredImage: true, productType: true, condition: true } })).docs as Product[]
    const variable = new Set((await payload.find({ collection: 'variants', depth: 0, limit: 0, pagination: false, overrideAccess: true, select: { product: true } })).docs.map((v) => v.product as number))
    const grouped = new Set(items.map((i) => i['g:item_group_id']).filter(Boolean))
    const single = new Set(items.filter((i) => !i['g:item_group_id']).map((i) => i['g:id']))
    for (const p of all) {
      const listed = p.productType === 'variable' && variable.has(p.id) ? grouped.has(p.sku!) : single.has(p.sku!)
      const expected = p.status === 'active' && p.price != null && p.featuredImage != null
      expect(listed, `${p.sku} (${p.status})`).toBe(expected)
    }
    expect(xml).not.toContain(draftSku)
    expect(xml).not.toContain(archivedSku)
    expect(all.some((p) => p.status === 'active' && p.condition === 'used')).toBe(true)
    expect(items.some((i) => i['g:condition'] === 'used')).toBe(true)
  })

  it('prices each offer at its headline price from pence, and says whether it is in stock', async () => {
    const bike = (await payload.find({ collection: 'products', where: { and: [{ status: { equals: 'active' } }, { productType: { equals: 'simple' } }, { 'beforeAddToBasketNotification.extraFee.feeValue': { greater_than: 0 } }] }, depth: 0, limit: 1, overrideAccess: true })).docs[0] as Product
    expect(bike, 'a seeded bike with on-the-road charges').toBeTruthy()
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
