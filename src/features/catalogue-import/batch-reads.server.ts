// What the importer's planner needs from the shop: its categories, brands and SKUs once per import, and for each
// batch the rows it touches (products by SKU or by a used bike's registration, their variants, on-hand counts,
// galleries, the pictures the feed names and the slugs new products could take), read with a few SELECTs.
import 'server-only'
import type { Payload } from 'payload'
import { readRows } from '../../cms/sql.server'
import { slugify } from '../../lib/text/slugify'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { compactVrm, type FeedContext, type FeedRow } from '../../domain/catalogue/import/feed-rows'
import type { ExistingRows, Group, ShopMaps } from '../../domain/catalogue-import/batch-plan'
import type { StoredRow } from '../../domain/catalogue-import/stored-fields'
import { catalogueSkus, readBatchRows, readGalleries, selectIn, takenSlugs } from '../catalogue-rows/import-reads.server'
import { onHandOf } from '../stock/stock-ledger.server'
import { highestOfferedPence } from '../catalogue/price-history'
import { mediaNamesFor } from './zip-images.server'

export interface ShopCatalogue extends ShopMaps {
  readonly context: FeedContext
  readonly categoryPaths: ReadonlyMap<number, string>
  readonly brandIds: Map<string, number>
}

export async function readCatalogue(payload: Payload): Promise<ShopCatalogue> {
  const categories = await readRows(payload, { sql: 'SELECT id, path, kind FROM categories', args: [] })
  const brands = await readRows(payload, { sql: 'SELECT id, name FROM brands', args: [] })
  const { products, variantSkus } = await catalogueSkus(payload)
  const categoryIds = new Map(categories.filter((c) => c.path).map((c) => [String(c.path), { id: Number(c.id), kind: String(c.kind) as ProductKind }]))
  const vrms = new Map<string, string>()
  for (const p of products) if (p.vrm && p.sku) vrms.set(compactVrm(String(p.vrm)), String(p.sku))
  return {
    context: {
      categories: new Map([...categoryIds].map(([path, c]) => [path, c.kind])),
      productSkus: new Set(products.map((p) => p.sku).filter(Boolean).map(String)),
      variantSkus: new Set(variantSkus),
    },
    categoryIds,
    categoryPaths: new Map(categories.map((c) => [Number(c.id), String(c.path)])),
    brandIds: new Map(brands.map((b) => [String(b.name).toLowerCase(), Number(b.id)])),
    vrms,
  }
}

/** Brands the feed names that the shop lacks are created through Payload (few, and their hooks apply). */
export async function createBrands(payload: Payload, rows: readonly FeedRow[], shop: ShopCatalogue): Promise<void> {
  for (const row of rows) {
    const name = row.type === 'product' ? row.values.get('brand') : null
    if (typeof name !== 'string' || shop.brandIds.has(name.toLowerCase())) continue
    const doc = await payload.create({ collection: 'brands', data: { name, slug: slugify(name) }, overrideAccess: true })
    shop.brandIds.set(name.toLowerCase(), doc.id)
  }
}

/** The rows a batch touches, as the shop holds them now. */
export async function readExisting(payload: Payload, groups: readonly Group[], shop: ShopCatalogue, images: ReadonlyMap<string, number> | undefined): Promise<ExistingRows> {
  const skus = new Set<string>()
  for (const g of groups) {
    skus.add(g.sku)
    const vrm = g.product?.values.get('vrm')
    const found = typeof vrm === 'string' ? shop.vrms.get(compactVrm(vrm)) : undefined
    if (found) skus.add(found)
  }
  const variantSkus = groups.flatMap((g) => g.variants.map((v) => v.sku))
  const rows = await readBatchRows(payload, [...skus], variantSkus)
  const products = new Map(rows.products.map((r) => [String(r.sku), r]))
  const productIds = [...new Set(rows.products.map((r) => Number(r.id)))]
  const variantsBySku = new Map(rows.variants.map((r) => [String(r.sku), r]))
  const variantsOf = new Map<number, StoredRow[]>()
  for (const v of variantsBySku.values()) {
    const list = variantsOf.get(Number(v.product_id)) ?? []
    list.push(v)
    variantsOf.set(Number(v.product_id), list)
  }
  const variantIds = [...variantsBySku.values()].map((v) => Number(v.id))
  const onHand = await onHandOf(payload, { products: productIds, variants: variantIds })
  const galleries = await readGalleries(payload, productIds, variantIds)
  const names = new Set<string>()
  for (const g of groups) for (const row of [g.product, ...g.variants]) for (const n of (row?.values.get('images') as string[] | undefined) ?? []) names.add(n)
  const media = new Map<string, number>()
  const stored = new Map<string, number>()
  for (const r of await selectIn(payload, (list) => `SELECT id, filename FROM media WHERE filename IN (${list})`, [...new Set([...names].flatMap(mediaNamesFor))])) stored.set(String(r.filename), Number(r.id))
  for (const name of names) {
    const id = mediaNamesFor(name).map((n) => stored.get(n)).find((x) => x !== undefined)
    if (id !== undefined) media.set(name, id)
  }
  for (const [name, id] of images ?? []) media.set(name, id)
  const newNames = groups.filter((g) => g.product && !products.has(g.sku)).map((g) => slugify(String(g.product!.values.get('name') ?? '')))
  const taken = await takenSlugs(payload, [...new Set(newNames)])
  const highestOffered = await highestOfferedPence(payload, null, productIds)
  return { products, variantsBySku, variantsOf, onHand, galleries, highestOffered, media, takenSlugs: taken }
}
