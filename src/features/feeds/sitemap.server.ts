// The storefront's sitemap as an index and numbered files (the plan is src/domain/seo/sitemap.ts).
// Every URL a visitor may open appears once: the fixed pages, then categories, brands, pages, posts and products,
// each read through Payload with the visitor's access rules (active products, published pages and posts), in id
// order. A file is streamed: it finds where its slice of a section starts with one single-row read, then reads
// PAGE_SIZE rows at a time by keyset (id > the last one), writing each page out before it reads the next.
import 'server-only'
import type { Payload, Where } from 'payload'
import { paths } from '../../config/paths'
import { ON_SALE_STATUS } from '../../domain/catalogue/on-sale'
import { sitemapFileCount, sitemapFileSlices, sitemapIndexXml, sitemapUrlXml, SITEMAP_URLS_PER_FILE, URLSET_HEAD, URLSET_TAIL, type SectionCount, type SitemapSlice, type SitemapUrl } from '../../domain/seo/sitemap'

const PAGE_SIZE = 500

type Collection = 'categories' | 'brands' | 'pages' | 'posts' | 'products'
type Section = 'fixed' | Collection

interface CollectionSection {
  readonly where: Where
  readonly select: Record<string, true>
  readonly path: (doc: Record<string, unknown>) => string
}

// In the order the sitemap lists them; each one's `where` is what its count and its reads share.
const COLLECTIONS: Record<Collection, CollectionSection> = {
  categories: { where: { path: { exists: true } }, select: { path: true, updatedAt: true }, path: (d) => paths.category(String(d.path)) },
  brands: { where: {}, select: { slug: true, updatedAt: true }, path: (d) => paths.brand(String(d.slug)) },
  pages: { where: {}, select: { slug: true, updatedAt: true }, path: (d) => paths.page(String(d.slug)) },
  posts: { where: {}, select: { slug: true, updatedAt: true }, path: (d) => paths.post(String(d.slug)) },
  // Said here as well as by the visitor's access rule: the feed and the product page go by the same rule.
  products: { where: { status: { equals: ON_SALE_STATUS } }, select: { slug: true, updatedAt: true }, path: (d) => paths.product(String(d.slug)) },
}
const ORDER: readonly Collection[] = ['categories', 'brands', 'pages', 'posts', 'products']

/** The storefront's own pages that no collection lists. */
const FIXED: readonly string[] = [paths.home(), paths.allBikes(), paths.blog()]

export interface SitemapOptions {
  readonly siteUrl: string
  /** URLs per file; tests make it small to see the index split. */
  readonly perFile?: number
  readonly pageSize?: number
  /** The sections as counted once for a whole build, so the index and every file agree. */
  readonly counts?: readonly SectionCount<Section>[]
}

/** As a visitor reads the collection: access rules apply (overrideAccess: false), never a staff view. */
const visitor = { depth: 0, overrideAccess: false } as const

export async function sectionCounts(payload: Payload): Promise<SectionCount<Section>[]> {
  const counted = await Promise.all(ORDER.map(async (collection) => ({ section: collection, count: (await payload.count({ collection, where: COLLECTIONS[collection].where, ...visitor })).totalDocs })))
  return [{ section: 'fixed', count: FIXED.length }, ...counted]
}

/** The sitemap index: one entry per file. */
export async function sitemapIndex(payload: Payload, options: SitemapOptions): Promise<string> {
  const files = sitemapFileCount(options.counts ?? (await sectionCounts(payload)), options.perFile ?? SITEMAP_URLS_PER_FILE)
  return sitemapIndexXml(Array.from({ length: files }, (_, i) => ({ loc: new URL(paths.sitemapFile(i + 1), options.siteUrl).toString() })))
}

/** The id just before a slice's first row (0 for a slice from the start): one single-row read by offset. */
async function idBefore(payload: Payload, collection: Collection, offset: number): Promise<number | null> {
  if (offset === 0) return 0
  const found = await payload.find({ collection, where: COLLECTIONS[collection].where, sort: 'id', limit: 1, page: offset, pagination: false, select: { updatedAt: true }, ...visitor })
  const id = found.docs[0]?.id
  return typeof id === 'number' ? id : null
}

/** Reads a slice by keyset, a page at a time; each page goes to `emit` before the next is read. */
async function* sliceUrls(payload: Payload, slice: SitemapSlice<Section>, options: SitemapOptions): AsyncGenerator<SitemapUrl[]> {
  const abs = (path: string) => new URL(path, options.siteUrl).toString()
  if (slice.section === 'fixed') {
    yield FIXED.slice(slice.offset, slice.offset + slice.count).map((p) => ({ loc: abs(p) }))
    return
  }
  const collection = slice.section
  const section = COLLECTIONS[collection]
  let after = await idBefore(payload, collection, slice.offset)
  let left = slice.count
  // A section that shrank since it was counted ends early: the file is then a little short, never wrong.
  while (after !== null && left > 0) {
    const limit = Math.min(left, Math.max(1, options.pageSize ?? PAGE_SIZE))
    const where: Where = { and: [section.where, { id: { greater_than: after } }] }
    const { docs } = await payload.find({ collection, where, sort: 'id', limit, pagination: false, select: section.select, ...visitor })
    if (docs.length === 0) return
    left -= docs.length
    after = Number(docs[docs.length - 1]!.id)
    yield docs.map((d) => ({ loc: abs(section.path(d as unknown as Record<string, unknown>)), lastmod: (d as { updatedAt?: string }).updatedAt ?? null }))
  }
}

/** A sitemap file's text, a page of URLs at a time. */
async function* fileText(payload: Payload, slices: SitemapSlice<Section>[], options: SitemapOptions): AsyncGenerator<string> {
  yield URLSET_HEAD
  for (const slice of slices) for await (const urls of sliceUrls(payload, slice, options)) yield urls.map(sitemapUrlXml).join('')
  yield URLSET_TAIL
}

/** Sitemap file `n` (from 1) as a stream, or null when the sitemap has no such file. */
export async function sitemapFileStream(payload: Payload, n: number, options: SitemapOptions): Promise<ReadableStream<Uint8Array> | null> {
  const slices = sitemapFileSlices(options.counts ?? (await sectionCounts(payload)), n, options.perFile ?? SITEMAP_URLS_PER_FILE)
  if (slices === null) return null
  const encoder = new TextEncoder()
  const source = fileText(payload, slices, options)
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await source.next()
          if (next.done) controller.close()
          else controller.enqueue(encoder.encode(next.value))
        } catch (error) {
          payload.logger.error({ err: error, file: n }, 'sitemap: reading a file failed; it was cut short')
          controller.error(error)
        }
      },
      async cancel() {
        await source.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
}
