// Catalogue reads for the storefront. Reads go through access rules (overrideAccess: false), so the
// shop shows exactly what a visitor may see; only the fields a page renders are selected. Cards are read by one
// statement (readCards, card-row.ts) whose rule is that access for a visitor: products on sale.
import 'server-only'
import { unstable_cache } from 'next/cache'
import { CATALOGUE_TAG } from '../../config/cache-tags'
import type { Payload, Where } from 'payload'
import { inIdList, readRows } from '../../cms/sql.server'
import { CARD_COLUMNS, cardFromRow, type ProductCard } from './card-row'
import { payloadClient } from '../../cms/payload-client.server'
import { ON_SALE_STATUS } from '../../domain/catalogue/on-sale'

/** The product on sale at this address (slugs are stored lower-case): what every product read by slug asks for. */
export function onSaleBySlug(slug: string): Where {
  return { and: [{ slug: { equals: slug.toLowerCase() } }, { status: { equals: ON_SALE_STATUS } }] }
}

export type { ProductCard } from './card-row'

/**
 * The cards of the products on sale among `ids`, in the order given (any not on sale is left out): one statement of
 * the product, its brand's name and its picture (card-row.ts). The rule is the products' read access for a visitor
 * (on sale only); brands and pictures are public.
 */
export async function readCards(payload: Payload, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return []
  const only = inIdList(payload, 'p.id', ids)
  const rows = await readRows(payload, {
    sql: `SELECT ${CARD_COLUMNS} FROM products p LEFT JOIN brands b ON b.id = p.brand_id LEFT JOIN media m ON m.id = p.featured_image_id WHERE p.status = 'active' AND ${only.sql}`,
    args: only.args,
  })
  const byId = new Map(rows.map((r) => [Number(r.id), cardFromRow(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** Ids of the products a visitor may read that pass `where`, in `sort` order (Payload's access rules and sort). */
async function visibleProductIds(where: Where, sort: string, limit: number): Promise<number[]> {
  const payload = await payloadClient()
  const result = await payload.find({ collection: 'products', where, sort, limit, depth: 0, select: {}, overrideAccess: false })
  return result.docs.map((d) => d.id)
}

export async function featuredProducts(limit = 12): Promise<ProductCard[]> {
  return readCards(await payloadClient(), await visibleProductIds({ featured: { equals: true } }, '-price', limit))
}

/** Cards for the products named, in the order named; any not on sale is left out (compare and saved lists). */
export async function cardsBySlugs(slugs: readonly string[]): Promise<ProductCard[]> {
  if (slugs.length === 0) return []
  const payload = await payloadClient()
  const result = await payload.find({ collection: 'products', where: { slug: { in: [...slugs] }, status: { equals: 'active' } }, limit: slugs.length, pagination: false, depth: 0, select: { slug: true }, overrideAccess: false })
  const idBySlug = new Map(result.docs.map((d) => [d.slug, d.id]))
  return readCards(payload, slugs.flatMap((s) => idBySlug.get(s) ?? []))
}

async function topCategoriesUncached() {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'categories',
    where: { parent: { exists: false } },
    sort: 'position',
    limit: 20,
    depth: 0,
    select: { name: true, slug: true, description: true, kind: true },
    overrideAccess: false,
  })
  return result.docs
}

export async function latestPosts(limit = 3) {
  const payload = await payloadClient()
  const result = await payload.find({
    collection: 'posts',
    sort: '-publishedAt',
    limit,
    depth: 1,
    select: { title: true, slug: true, excerpt: true, publishedAt: true, heroImage: true },
    populate: { media: { filename: true, url: true, alt: true, width: true, height: true, sizes: true } },
    overrideAccess: false,
  })
  return result.docs
}

async function siteSettingsUncached() {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: false })
}

// Read by the layout of every page, including per-request ones (listings), so cached between staff changes.
export const topCategories = unstable_cache(topCategoriesUncached, ['top-categories-v1'], { revalidate: 300, tags: [CATALOGUE_TAG] })
export const siteSettings = unstable_cache(siteSettingsUncached, ['site-settings-v1'], { revalidate: 300, tags: [CATALOGUE_TAG] })
