// The search index, kept in step with the catalogue: SQLite FTS5 table `search_index` (rowid = the
// product's id) or PostgreSQL table `search_index` (a weighted tsvector), both made by committed migrations.
// Every product write reindexes that product (the hooks below); a brand or category rename reindexes its
// products; a bulk import calls reindexProducts once per batch. Only active products are indexed, and search
// joins the products table for status and stock, so a draft never shows even while its row is being dropped.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, Payload, PayloadRequest, Where } from 'payload'
import type { Product } from '../../payload-types'
import { SPEC_SHEET_PARTS } from '../../domain/catalogue/spec-sheet'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { soldAsMotorVehicle } from '../../domain/vehicles/eapc'
import { searchDocument, type SearchDocument } from '../../domain/search/document'
import { execute, isPostgres, placeholders, sqliteBatch, type Stmt, type TransactionId } from '../sql.server'

/**
 * Bumped on every index write in this process: the vocabulary copy of features/search follows it. On globalThis:
 * Turbopack instantiates this module once per route group (ADR 032), and the write (an admin save, an import) and
 * the search (a page) are in different groups.
 */
const INDEX_STATE = '__wheelhouseSearchIndex'
const indexState = (): { generation: number; elsewhere: number } => ((globalThis as { [INDEX_STATE]?: { generation: number; elsewhere: number } })[INDEX_STATE] ??= { generation: 0, elsewhere: 0 })
export const searchIndexGeneration = (): number => indexState().generation

/**
 * Bumped when another process (an instance, the command line's import) announces that it wrote the index (a storefront
 * change with `index`, revalidate-storefront.ts): this process's vocabulary is read again, while the old copy answers.
 */
export const searchIndexChangedElsewhere = (): number => indexState().elsewhere
export function noteSearchIndexChangedElsewhere(): void {
  indexState().elsewhere++
}

const BATCH = 200

/** Plain text of a Lexical rich-text value. */
export function richTextToPlain(value: unknown): string {
  const out: string[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const n = node as { text?: unknown; children?: unknown; root?: unknown }
    if (typeof n.text === 'string') out.push(n.text)
    if (n.root) walk(n.root)
    if (Array.isArray(n.children)) n.children.forEach(walk)
  }
  walk(value)
  return out.join(' ')
}

const idOf = (v: unknown): number | null => (typeof v === 'object' && v ? ((v as { id?: number }).id ?? null) : typeof v === 'number' ? v : null)

async function documentsFor(payload: Payload, products: Product[], req?: Partial<PayloadRequest>): Promise<Map<number, SearchDocument>> {
  const brandIds = [...new Set(products.map((p) => idOf(p.brand)).filter((id): id is number => id !== null))]
  // One after another: inside a transaction the three share one connection, and node-postgres deprecates a query
  // sent while another is running on it (pg 9 refuses it).
  const brands = brandIds.length ? await payload.find({ collection: 'brands', where: { id: { in: brandIds } }, pagination: false, depth: 0, select: { name: true }, overrideAccess: true, req }) : { docs: [] }
  const categories = await payload.find({ collection: 'categories', pagination: false, depth: 0, select: { name: true, parent: true }, overrideAccess: true, req })
  const variants = await payload.find({ collection: 'variants', where: { product: { in: products.map((p) => p.id) } }, pagination: false, depth: 0, select: { product: true, sku: true }, overrideAccess: true, req })
  const brandName = new Map(brands.docs.map((b) => [b.id, b.name]))
  const category = new Map(categories.docs.map((c) => [c.id, { name: c.name, parent: idOf(c.parent) }]))
  const trail = (id: number | null): string[] => {
    const names: string[] = []
    for (let at = id, guard = 0; at !== null && guard < 10; guard++) {
      const c = category.get(at)
      if (!c) break
      names.push(c.name)
      at = c.parent
    }
    return names
  }
  const variantSkus = new Map<number, string[]>()
  for (const v of variants.docs) {
    const pid = idOf(v.product)
    if (pid !== null) variantSkus.set(pid, [...(variantSkus.get(pid) ?? []), v.sku])
  }
  const docs = new Map<number, SearchDocument>()
  for (const p of products) {
    const spec = (p.specSheet ?? {}) as Record<string, string | null | undefined>
    docs.set(
      p.id,
      searchDocument({
        name: p.name,
        brand: brandName.get(idOf(p.brand) ?? -1) ?? null,
        codes: [p.sku, p.vehicle?.capCode, ...(variantSkus.get(p.id) ?? [])],
        categories: trail(idOf(p.category)),
        kind: (p.kind ?? null) as ProductKind | null,
        motorVehicle: soldAsMotorVehicle({ kind: p.kind ?? null, eapc: p.ebike?.eapc }),
        body: [p.shortDescription, richTextToPlain(p.description), ...SPEC_SHEET_PARTS.map((part) => spec[part.key])],
      }),
    )
  }
  return docs
}

function writeStatements(postgres: boolean, ids: number[], docs: Map<number, SearchDocument>): Stmt[] {
  const stmts: Stmt[] = [{ sql: postgres ? `DELETE FROM search_index WHERE product_id IN (${placeholders(ids.length)})` : `DELETE FROM search_index WHERE rowid IN (${placeholders(ids.length)})`, args: ids }]
  for (const [id, d] of docs) {
    stmts.push(
      postgres
        ? {
            sql: `INSERT INTO search_index (product_id, title, doc) VALUES (?, ?, setweight(to_tsvector('simple', ?), 'A') || setweight(to_tsvector('simple', ?), 'B') || setweight(to_tsvector('simple', ?), 'C'))`,
            args: [id, d.title, `${d.name} ${d.brand} ${d.model}`, d.category, d.body],
          }
        : { sql: 'INSERT INTO search_index (rowid, title, name, brand, model, category, body) VALUES (?, ?, ?, ?, ?, ?, ?)', args: [id, d.title, d.name, d.brand, d.model, d.category, d.body] },
    )
  }
  return stmts
}

/**
 * Brings the index in step with the products `ids` as they are now: active ones (re)indexed, others (drafts,
 * archived, deleted) removed. For a bulk import, call once per batch after the batch is written. In a
 * PostgreSQL transaction, pass its `req` so the index changes with it.
 */
export async function reindexProducts(payload: Payload, ids: readonly number[], options: { req?: Partial<PayloadRequest> } = {}): Promise<void> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  const postgres = isPostgres(payload)
  const transactionID = (options.req?.transactionID ?? null) as TransactionId
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH)
    const found = await payload.find({ collection: 'products', where: { and: [{ id: { in: slice } }, { status: { equals: 'active' } }] }, pagination: false, depth: 0, overrideAccess: true, req: options.req })
    const docs = await documentsFor(payload, found.docs, options.req)
    const stmts = writeStatements(postgres, slice, docs)
    if (postgres) for (const stmt of stmts) await execute(payload, transactionID, stmt)
    else await sqliteBatch(payload, stmts)
  }
  indexState().generation++
}

/** Reindexes every product matching `where` (all of them by default), a batch at a time. */
export async function reindexAllProducts(payload: Payload, where: Where = {}, options: { req?: Partial<PayloadRequest> } = {}): Promise<number> {
  let page = 1
  let total = 0
  for (;;) {
    const ids = await payload.find({ collection: 'products', where, page, limit: BATCH, depth: 0, select: {}, sort: 'id', overrideAccess: true, req: options.req })
    await reindexProducts(payload, ids.docs.map((d) => d.id), options)
    total += ids.docs.length
    if (!ids.hasNextPage) return total
    page++
  }
}

/** Counts of indexed rows and active products: equal when the index is whole. */
export async function searchIndexCoverage(payload: Payload): Promise<{ indexed: number; active: number }> {
  const rows = await execute(payload, null, { sql: 'SELECT COUNT(*) AS n FROM search_index', args: [] })
  const active = await payload.count({ collection: 'products', where: { status: { equals: 'active' } }, overrideAccess: true })
  return { indexed: Number(rows.rows[0]?.n ?? 0), active: active.totalDocs }
}

/** Fills the index on a database that has products but no index yet (one migrated before search existed). */
export async function ensureSearchIndex(payload: Payload): Promise<number> {
  const { indexed, active } = await searchIndexCoverage(payload)
  return indexed === active ? 0 : reindexAllProducts(payload)
}

export const reindexProductAfterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await reindexProducts(req.payload, [doc.id as number], { req })
  return doc
}

export const unindexProductAfterDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  await reindexProducts(req.payload, [Number(id)], { req })
}

/** A variant's SKU is indexed with its product. */
export const reindexVariantProductAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const ids = [idOf(doc.product), idOf(previousDoc?.product)].filter((id): id is number => id !== null)
  if (doc.sku !== previousDoc?.sku || ids.length > 1) await reindexProducts(req.payload, ids, { req })
  return doc
}

/** A brand renamed: its products are found by its new name. */
export const reindexBrandProductsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && doc.name !== previousDoc?.name) await reindexAllProducts(req.payload, { brand: { equals: doc.id } }, { req })
  return doc
}

/** A category renamed or moved: its products (and those of categories below it) follow. */
export const reindexCategoryProductsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || (doc.name === previousDoc?.name && idOf(doc.parent) === idOf(previousDoc?.parent))) return doc
  const path = String(doc.path ?? doc.slug)
  const below = await req.payload.find({ collection: 'categories', where: { or: [{ id: { equals: doc.id } }, { path: { like: `${path}/` } }] }, pagination: false, depth: 0, select: { path: true }, overrideAccess: true, req })
  const ids = below.docs.filter((c) => c.id === doc.id || (c.path ?? '').startsWith(`${path}/`)).map((c) => c.id)
  await reindexAllProducts(req.payload, { category: { in: ids } }, { req })
  return doc
}
