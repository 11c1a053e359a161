// The stock importer's reads of the products and variants tables and their gallery relations, and the export's:
// each row by column name, with the shelf count and headline price under the names the planner uses (ROW_ON_HAND,
// ROW_LIST_PRICE), as catalogue-rows.ts alone spells their columns.
import 'server-only'
import type { Payload } from 'payload'
import { placeholders, readRows, type Arg } from '../../cms/sql.server'
import type { LiveProduct } from '../../domain/catalogue-import/plan-batch'
import { HISTORY_CHECK_COLUMNS } from '../../domain/catalogue-import/publication'
import { PRODUCT_FIELDS, ROW_LIST_PRICE, ROW_ON_HAND, type StoredRow } from '../../domain/catalogue-import/stored-fields'
import { LIST_PRICE, ON_HAND } from './catalogue-rows'

const PRODUCT_READ = [
  'id', 'sku', 'slug', 'product_type', 'price', LIST_PRICE, ON_HAND, 'category_id', 'kind', 'brand_id', 'featured_image_id',
  'before_add_to_basket_notification_extra_fee_fee_value', 'before_add_to_basket_notification_extra_fee_label',
  ...new Set(Object.values(PRODUCT_FIELDS).map((f) => f.column)),
  ...HISTORY_CHECK_COLUMNS,
  'ebike_eapc',
]
const VARIANT_READ = ['id', 'product_id', 'sku', 'size', 'colour', 'title', 'price', 'position', 'featured_image_id', ON_HAND]

const PRODUCT_COLUMNS = PRODUCT_READ.map((c) => `"${c}"`).join(', ')
const VARIANT_COLUMNS = VARIANT_READ.join(', ')

const PLANNED_NAME: Record<string, string> = { [ON_HAND]: ROW_ON_HAND, [LIST_PRICE]: ROW_LIST_PRICE }

/** A row as the planner reads it. */
const planned = (row: Record<string, unknown>): StoredRow => Object.fromEntries(Object.entries(row).map(([k, v]) => [PLANNED_NAME[k] ?? k, v]))

/** Rows whose `IN (…)` list is `values`, 500 at a time. */
export async function selectIn(payload: Payload, sql: (list: string) => string, values: readonly Arg[], extra: readonly Arg[] = []): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = []
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500)
    out.push(...(await readRows(payload, { sql: sql(placeholders(chunk.length)), args: [...extra, ...chunk] })))
  }
  return out
}

/** Every product's SKU and registration, and every variant's SKU: what the feed's checks and VRM matching need. */
export async function catalogueSkus(payload: Payload): Promise<{ products: { sku: unknown; vrm: unknown }[]; variantSkus: string[] }> {
  const products = await readRows(payload, { sql: 'SELECT sku, vehicle_vrm FROM products', args: [] })
  const variants = await readRows(payload, { sql: 'SELECT sku FROM variants', args: [] })
  return { products: products.map((p) => ({ sku: p.sku, vrm: p.vehicle_vrm })), variantSkus: variants.map((v) => String(v.sku)) }
}

/** The products with these SKUs, and the variants of those products or with these variant SKUs. */
export async function readBatchRows(payload: Payload, skus: readonly string[], variantSkus: readonly string[]): Promise<{ products: StoredRow[]; variants: StoredRow[] }> {
  const products = (await selectIn(payload, (list) => `SELECT ${PRODUCT_COLUMNS} FROM products WHERE sku IN (${list})`, skus)).map(planned)
  const productIds = products.map((r) => Number(r.id))
  const variants = [
    ...(await selectIn(payload, (list) => `SELECT ${VARIANT_COLUMNS} FROM variants WHERE product_id IN (${list})`, productIds)),
    ...(await selectIn(payload, (list) => `SELECT ${VARIANT_COLUMNS} FROM variants WHERE sku IN (${list})`, variantSkus)),
  ].map(planned)
  return { products, variants }
}

/** Gallery media ids in order, by `p<product id>` and `v<variant id>`. */
export async function readGalleries(payload: Payload, productIds: readonly number[], variantIds: readonly number[]): Promise<Map<string, number[]>> {
  const galleries = new Map<string, number[]>()
  const rels = (await selectIn(payload, (list) => `SELECT parent_id, media_id, "order" FROM products_rels WHERE path = 'gallery' AND parent_id IN (${list}) ORDER BY "order"`, productIds)).map((r) => ({ key: `p${String(r.parent_id)}`, media: Number(r.media_id) }))
  rels.push(...(await selectIn(payload, (list) => `SELECT parent_id, media_id, "order" FROM variants_rels WHERE path = 'galleryImages' AND parent_id IN (${list}) ORDER BY "order"`, variantIds)).map((r) => ({ key: `v${String(r.parent_id)}`, media: Number(r.media_id) })))
  for (const r of rels) galleries.set(r.key, [...(galleries.get(r.key) ?? []), r.media])
  return galleries
}

/** Which of these slugs products already have. */
export async function takenSlugs(payload: Payload, slugs: readonly string[]): Promise<Set<string>> {
  return new Set((await selectIn(payload, (list) => `SELECT slug FROM products WHERE slug IN (${list})`, slugs)).map((t) => String(t.slug)))
}

export async function productIdsBySlug(payload: Payload, slugs: readonly string[]): Promise<number[]> {
  return (await selectIn(payload, (list) => `SELECT id FROM products WHERE slug IN (${list})`, slugs)).map((r) => Number(r.id))
}

/** Every product not archived, as a full feed's archiving sees it. */
export async function liveProducts(payload: Payload): Promise<LiveProduct[]> {
  const rows = await readRows(payload, { sql: "SELECT id, sku, status FROM products WHERE status <> 'archived'", args: [] })
  return rows.map((p) => ({ id: Number(p.id), sku: p.sku == null ? null : String(p.sku), status: String(p.status) }))
}

/** Every product with a SKU, in id order, for the export. */
export async function productsToExport(payload: Payload): Promise<StoredRow[]> {
  return (await readRows(payload, { sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE sku IS NOT NULL ORDER BY id`, args: [] })).map(planned)
}

/** These products' variants in their order, for the export. */
export async function variantsToExport(payload: Payload, productIds: readonly number[]): Promise<StoredRow[]> {
  return (await selectIn(payload, (list) => `SELECT ${VARIANT_COLUMNS} FROM variants WHERE product_id IN (${list}) ORDER BY position, id`, productIds)).map(planned)
}
