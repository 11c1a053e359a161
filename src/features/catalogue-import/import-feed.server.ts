// The stock feed importer: checked rows (src/domain/catalogue/import) become products and variants,
// set-based: each batch reads the rows it touches with a few SELECTs by SKU and writes its changes in one
// atomic unit of work (a libsql batch on SQLite, a transaction on PostgreSQL) together with its audit rows and
// the import's progress marker. It stores exactly what Payload's own create and update would (the hooks'
// derived fields: slug, kind, listPrice, a variable product's price, a variant's title), and nothing for a row
// whose values are already there, so importing the same file twice changes nothing the second time.
// Stock goes through the ledger (ADR 007): the feed's count is on-hand, and held units stay held.
import 'server-only'
import type { Payload } from 'payload'
import { slugify } from '../../cms/fields/slug'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { reindexProducts } from '../search/search.server'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import { chargesFromExtraFee, headlinePricePence, wasPriceProblem } from '../../domain/catalogue/product-price'
import { checkFeed, compactVrm, FEED_COLUMNS, isEbikeColumn, SPEC_COLUMNS, type FeedContext, type FeedProductRow, type FeedRow, type FeedValue, type FeedVariantRow, type RawRow, type RefusedRow } from '../../domain/catalogue/import/feed-rows'
import { formatPounds } from '../../domain/catalogue/import/money'
import { richTextFromText, textFromRichText } from '../../domain/catalogue/import/rich-text'
import { isPostgres, pgUnit, placeholders, readRows, sqliteBatch, Abort, type Arg, type Stmt } from '../../cms/sql.server'
import { onHandOf, overHeldOf, setOnHandStatements, WITHDRAWN_REF } from '../stock/stock-ledger.server'
import { endWithdrawnOrders, flagOverHeld } from '../orders/order-lifecycle.server'
import { queueJobStatement } from '../jobs/queue.server'
import { queueFeedsRebuild } from '../feeds/rebuild-feeds'
import { SEND_SAVED_BIKE_ALERTS } from '../jobs/task-names'
import { queueMonthlyRefresh } from '../finance-figures/monthly-figures.server'
import { savedBikeChange, type SavedBikeChangeKind } from '../../domain/catalogue/saved-bikes'
import { mediaNamesFor } from './zip-images.server'
import { HISTORY_CHECK_COLUMNS, importPublicationProblem } from '../used-bikes/import-rule'
import { highestOfferedPence, recordImportedPrices } from '../catalogue/price-history'
import { eapcVerdict } from '../../domain/vehicles/eapc'

export interface ImportCounts {
  created: number
  updated: number
  unchanged: number
  refused: number
  archived: number
}

export interface ImportReport extends ImportCounts {
  /** Rows read from the feed. */
  readonly total: number
  /** Accepted rows processed (written, or looked at in a dry run). */
  readonly done: number
  readonly refusedRows: RefusedRow[]
  readonly dryRun: boolean
}

/** Where an import records its progress (the imports collection), so a job can resume after its last batch. */
export interface ImportProgress {
  readonly importId: number
  /** Accepted rows already written by an earlier run of this import; they are skipped. */
  readonly done: number
  readonly counts: ImportCounts
  /** Refused rows found by planning in earlier runs (unknown images, variants of another product). */
  readonly refusedSoFar: readonly RefusedRow[]
}

export interface ImportOptions {
  readonly dryRun?: boolean
  /** Archive (never delete) products whose SKU is not in the feed. */
  readonly fullFeed?: boolean
  /** The author of the audit rows, e.g. "import #12" or "catalogue:import command". */
  readonly actor: string
  readonly progress?: ImportProgress
  /** Accepted rows per batch (whole products with their variants). */
  readonly batchSize?: number
  readonly now?: () => Date
  /** Media ids of pictures that came with the feed (a zip), by file name; others are looked up in the media library. */
  readonly images?: ReadonlyMap<string, number>
  /** Called after each batch commits (tests use it to stop an import half way). */
  readonly afterBatch?: (done: number) => Promise<void> | void
}

/* ------------------------------------------------------------------------------------------------ */
/* The shop's side                                                                                   */

type Row = Record<string, unknown>

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Feed column → products column, for the plain values (text, whole numbers, a date, rich text). */
const PRODUCT_FIELDS: Record<string, { column: string; type: 'text' | 'number' | 'date' | 'rich' }> = {
  name: { column: 'name', type: 'text' },
  condition: { column: 'condition', type: 'text' },
  status: { column: 'status', type: 'text' },
  compare_at_price: { column: 'compare_at_price', type: 'number' },
  vat_rate: { column: 'vat_rate', type: 'number' },
  short_description: { column: 'short_description', type: 'text' },
  description: { column: 'description', type: 'rich' },
  vrm: { column: 'vehicle_vrm', type: 'text' },
  cap_code: { column: 'vehicle_cap_code', type: 'text' },
  first_registered: { column: 'vehicle_registration_date', type: 'date' },
  mileage: { column: 'vehicle_mileage', type: 'number' },
  keepers: { column: 'vehicle_keepers', type: 'number' },
  engine_cc: { column: 'attributes_engine_cc', type: 'number' },
  licence: { column: 'attributes_licence_category', type: 'text' },
  model_year: { column: 'attributes_model_year', type: 'number' },
  ...Object.fromEntries(SPEC_COLUMNS.map((key) => [key, { column: `spec_sheet_${snake(key)}`, type: 'text' as const }])),
  // Staff only (field access on the products collection): the margin scheme's stock book (ADR 049).
  purchase_price: { column: 'purchase_price_pence', type: 'number' },
  purchase_date: { column: 'purchase_date', type: 'date' },
  purchase_seller: { column: 'purchase_seller', type: 'text' },
  motor_power_w: { column: 'ebike_motor_power_w', type: 'number' },
  assisted_speed_mph: { column: 'ebike_assisted_speed_mph', type: 'number' },
  has_pedals: { column: 'ebike_has_pedals', type: 'number' },
}

const PRODUCT_READ = [
  'id', 'sku', 'slug', 'product_type', 'price', 'list_price', 'stock_quantity', 'category_id', 'kind', 'brand_id', 'featured_image_id',
  'before_add_to_basket_notification_extra_fee_fee_value', 'before_add_to_basket_notification_extra_fee_label',
  ...new Set(Object.values(PRODUCT_FIELDS).map((f) => f.column)),
  ...HISTORY_CHECK_COLUMNS,
  'ebike_eapc',
]
const VARIANT_READ = ['id', 'product_id', 'sku', 'size', 'colour', 'title', 'price', 'position', 'featured_image_id', 'stock_quantity']

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v))
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))

/** A date as the day it is (the feed's YYYY-MM-DD), however the database hands it back. */
function day(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  const d = v instanceof Date ? v : new Date(String(v))
  return Number.isNaN(d.getTime()) ? String(v).slice(0, 10) : d.toISOString().slice(0, 10)
}

/** The stored value of a field, compared in the feed's terms. */
function stored(row: Row, field: { column: string; type: 'text' | 'number' | 'date' | 'rich' }): FeedValue {
  const v = row[field.column]
  if (field.type === 'number') return num(v)
  if (field.type === 'date') return day(v)
  if (field.type === 'rich') return textFromRichText(typeof v === 'string' ? safeJson(v) : v)
  return str(v)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The value written for a field (Payload stores a date as an ISO timestamp, rich text as Lexical JSON). */
function toColumn(type: 'text' | 'number' | 'date' | 'rich', value: FeedValue): Arg {
  if (value === null || value === undefined) return null
  if (type === 'date') return `${String(value)}T00:00:00.000Z`
  if (type === 'rich') return JSON.stringify(richTextFromText(String(value)))
  return value as Arg
}

function same(field: string, a: FeedValue, b: FeedValue): boolean {
  if (field === 'vrm') return (a === null ? null : compactVrm(String(a))) === (b === null ? null : compactVrm(String(b)))
  return a === b
}

async function selectIn(payload: Payload, sql: (list: string) => string, values: readonly Arg[], extra: readonly Arg[] = []): Promise<Row[]> {
  const out: Row[] = []
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500)
    out.push(...(await readRows(payload, { sql: sql(placeholders(chunk.length)), args: [...extra, ...chunk] })))
  }
  return out
}

interface ShopCatalogue {
  readonly context: FeedContext
  readonly categoryIds: ReadonlyMap<string, { id: number; kind: ProductKind }>
  readonly categoryPaths: ReadonlyMap<number, string>
  readonly brandIds: Map<string, number>
  /** Registration (compact) → product SKU, for used bikes found by VRM. */
  readonly vrms: ReadonlyMap<string, string>
}

async function readCatalogue(payload: Payload): Promise<ShopCatalogue> {
  const categories = await readRows(payload, { sql: 'SELECT id, path, kind FROM categories', args: [] })
  const brands = await readRows(payload, { sql: 'SELECT id, name FROM brands', args: [] })
  const products = await readRows(payload, { sql: 'SELECT sku, vehicle_vrm FROM products', args: [] })
  const variants = await readRows(payload, { sql: 'SELECT sku FROM variants', args: [] })
  const categoryIds = new Map(categories.filter((c) => c.path).map((c) => [String(c.path), { id: Number(c.id), kind: String(c.kind) as ProductKind }]))
  const vrms = new Map<string, string>()
  for (const p of products) if (p.vehicle_vrm && p.sku) vrms.set(compactVrm(String(p.vehicle_vrm)), String(p.sku))
  return {
    context: {
      categories: new Map([...categoryIds].map(([path, c]) => [path, c.kind])),
      productSkus: new Set(products.map((p) => p.sku).filter(Boolean).map(String)),
      variantSkus: new Set(variants.map((v) => String(v.sku))),
    },
    categoryIds,
    categoryPaths: new Map(categories.map((c) => [Number(c.id), String(c.path)])),
    brandIds: new Map(brands.map((b) => [String(b.name).toLowerCase(), Number(b.id)])),
    vrms,
  }
}

/** Brands the feed names that the shop lacks are created through Payload (few, and their hooks apply). */
async function createBrands(payload: Payload, rows: readonly FeedRow[], shop: ShopCatalogue): Promise<void> {
  for (const row of rows) {
    const name = row.type === 'product' ? row.values.get('brand') : null
    if (typeof name !== 'string' || shop.brandIds.has(name.toLowerCase())) continue
    const doc = await payload.create({ collection: 'brands', data: { name, slug: slugify(name) }, overrideAccess: true })
    shop.brandIds.set(name.toLowerCase(), doc.id)
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Groups and batches                                                                                */

/** A product's rows: its own (if in the feed) and its variants', handled in one batch. */
interface Group {
  readonly sku: string
  readonly product: FeedProductRow | null
  readonly variants: FeedVariantRow[]
}

function groupRows(rows: readonly FeedRow[]): Group[] {
  const groups = new Map<string, { sku: string; product: FeedProductRow | null; variants: FeedVariantRow[] }>()
  for (const row of rows) {
    const sku = row.type === 'product' ? row.sku : row.parentSku
    let g = groups.get(sku)
    if (!g) groups.set(sku, (g = { sku, product: null, variants: [] }))
    if (row.type === 'product') g.product = row
    else g.variants.push(row)
  }
  return [...groups.values()]
}

const groupSize = (g: Group) => (g.product ? 1 : 0) + g.variants.length

/* ------------------------------------------------------------------------------------------------ */
/* Planning one batch                                                                                */

interface AuditRow {
  readonly field: 'created' | 'price' | 'stock' | 'status'
  readonly sku: string
  readonly product?: { id: number } | { sku: string }
  readonly variant?: { id: number } | { sku: string }
  readonly from: string | null
  readonly to: string | null
}

/** A change customers who saved the bike asked to hear about, queued with the batch that makes it. */
interface AlertPlan {
  readonly productId: number
  readonly kind: SavedBikeChangeKind
  readonly key: string
}

interface BatchPlan {
  readonly stmts: Stmt[]
  readonly counts: Omit<ImportCounts, 'archived'>
  readonly refused: RefusedRow[]
  readonly slugs: string[]
  readonly audit: AuditRow[]
  readonly alerts: AlertPlan[]
  /** Stock set below the units held: holds beyond it are withdrawn (see setOnHandStatements). */
  readonly lowered: { readonly products: Map<number, number>; readonly variants: Map<number, number> }
}

interface Existing {
  readonly products: Map<string, Row>
  readonly productsById: Map<number, Row>
  readonly variantsBySku: Map<string, Row>
  readonly variantsOf: Map<number, Row[]>
  readonly onHand: { products: Map<number, number>; variants: Map<number, number> }
  readonly galleries: Map<string, number[]>
  /** The highest headline each product was offered at, by its price history (ADR 075). */
  readonly highestOffered?: ReadonlyMap<number, number>
  readonly media: Map<string, number>
  readonly mediaNames: Map<number, string>
  readonly takenSlugs: Set<string>
}

async function readExisting(payload: Payload, groups: readonly Group[], shop: ShopCatalogue, images: ReadonlyMap<string, number> | undefined): Promise<Existing> {
  const skus = new Set<string>()
  for (const g of groups) {
    skus.add(g.sku)
    const vrm = g.product?.values.get('vrm')
    const found = typeof vrm === 'string' ? shop.vrms.get(compactVrm(vrm)) : undefined
    if (found) skus.add(found)
  }
  const productRows = await selectIn(payload, (list) => `SELECT ${PRODUCT_READ.map((c) => `"${c}"`).join(', ')} FROM products WHERE sku IN (${list})`, [...skus])
  const products = new Map(productRows.map((r) => [String(r.sku), r]))
  const productsById = new Map(productRows.map((r) => [Number(r.id), r]))
  const productIds = [...productsById.keys()]
  const variantSkus = groups.flatMap((g) => g.variants.map((v) => v.sku))
  const variantRows = [
    ...(await selectIn(payload, (list) => `SELECT ${VARIANT_READ.join(', ')} FROM variants WHERE product_id IN (${list})`, productIds)),
    ...(await selectIn(payload, (list) => `SELECT ${VARIANT_READ.join(', ')} FROM variants WHERE sku IN (${list})`, variantSkus)),
  ]
  const variantsBySku = new Map(variantRows.map((r) => [String(r.sku), r]))
  const variantsOf = new Map<number, Row[]>()
  for (const v of variantsBySku.values()) {
    const list = variantsOf.get(Number(v.product_id)) ?? []
    list.push(v)
    variantsOf.set(Number(v.product_id), list)
  }
  const variantIds = [...variantsBySku.values()].map((v) => Number(v.id))
  const onHand = await onHandOf(payload, { products: productIds, variants: variantIds })
  const galleries = new Map<string, number[]>()
  const rels = [
    ...(await selectIn(payload, (list) => `SELECT parent_id, media_id, "order" FROM products_rels WHERE path = 'gallery' AND parent_id IN (${list}) ORDER BY "order"`, productIds)),
  ].map((r) => ({ key: `p${String(r.parent_id)}`, media: Number(r.media_id) }))
  rels.push(...(await selectIn(payload, (list) => `SELECT parent_id, media_id, "order" FROM variants_rels WHERE path = 'galleryImages' AND parent_id IN (${list}) ORDER BY "order"`, variantIds)).map((r) => ({ key: `v${String(r.parent_id)}`, media: Number(r.media_id) })))
  for (const r of rels) galleries.set(r.key, [...(galleries.get(r.key) ?? []), r.media])
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
  const taken = await selectIn(payload, (list) => `SELECT slug FROM products WHERE slug IN (${list})`, [...new Set(newNames.flatMap((s) => [s]))])
  const highestOffered = await highestOfferedPence(payload, null, productIds)
  return { products, productsById, variantsBySku, variantsOf, onHand, galleries, highestOffered, media, mediaNames: new Map([...media].map(([n, id]) => [id, n])), takenSlugs: new Set(taken.map((t) => String(t.slug))) }
}

/** The pictures as the feed lists them: the main picture first, then the rest of the gallery. */
function pictureList(featured: number | null, gallery: readonly number[]): number[] {
  const list = featured != null ? [featured] : []
  for (const id of gallery) if (!list.includes(id)) list.push(id)
  return list
}

interface PlanState {
  readonly payload: Payload
  readonly now: string
  readonly usedSlugs: Set<string>
}

function uniqueSlug(name: string, sku: string, existing: Existing, state: PlanState): string {
  const free = (s: string) => s && !existing.takenSlugs.has(s) && !state.usedSlugs.has(s)
  let slug = slugify(name)
  if (!free(slug)) slug = slugify(`${name} ${sku}`)
  for (let n = 2; !free(slug); n++) slug = `${slugify(`${name} ${sku}`).slice(0, 110)}-${n}`
  state.usedSlugs.add(slug)
  return slug
}

const ref = (table: 'products' | 'variants', key: { id: number } | { sku: string }): { sql: string; args: Arg[] } =>
  'id' in key ? { sql: '?', args: [key.id] } : { sql: `(SELECT id FROM ${table} WHERE sku = ?)`, args: [key.sku] }

function insert(table: string, values: Record<string, Arg | { sql: string; args: Arg[] }>): Stmt {
  const cols = Object.keys(values)
  const parts: string[] = []
  const args: Arg[] = []
  for (const c of cols) {
    const v = values[c]
    if (v !== null && typeof v === 'object') {
      parts.push(v.sql)
      args.push(...v.args)
    } else {
      parts.push('?')
      args.push(v as Arg)
    }
  }
  return { sql: `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${parts.join(', ')})`, args }
}

function update(table: string, id: number, values: Record<string, Arg>): Stmt {
  const cols = Object.keys(values)
  return { sql: `UPDATE ${table} SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE id = ?`, args: [...cols.map((c) => values[c]!), id] }
}

function galleryStmts(table: 'products' | 'variants', owner: { id: number } | { sku: string }, path: string, media: readonly number[], replace: boolean): Stmt[] {
  const parent = ref(table, owner)
  const stmts: Stmt[] = []
  if (replace) stmts.push({ sql: `DELETE FROM ${table}_rels WHERE path = ? AND parent_id = ${parent.sql}`, args: [path, ...parent.args] })
  media.forEach((id, i) => stmts.push(insert(`${table}_rels`, { order: i + 1, parent_id: parent, path, media_id: id })))
  return stmts
}

const money = (v: number | null) => (v == null ? null : formatPounds(v))

/** The order a batch's statements run in (see planBatch). */
const PHASE = { productInsert: 0, update: 1, variantInsert: 2, rels: 3, stock: 4 } as const

const MAX_ARGS = 30_000 // under SQLite's 32,766 bound parameters per statement (PostgreSQL allows 65,535)

/** Neighbouring INSERTs into the same columns become one multi-row INSERT: far fewer round trips for a batch. */
export function mergeInserts(stmts: readonly Stmt[]): Stmt[] {
  const out: Stmt[] = []
  let head: string | null = null
  let rows: string[] = []
  let args: Arg[] = []
  const flush = () => {
    if (head !== null) out.push({ sql: `${head}${rows.join(', ')}`, args })
    head = null
    rows = []
    args = []
  }
  for (const stmt of stmts) {
    const at = stmt.sql.startsWith('INSERT INTO ') ? stmt.sql.indexOf(' VALUES (') : -1
    if (at < 0) {
      flush()
      out.push(stmt)
      continue
    }
    const prefix = stmt.sql.slice(0, at + ' VALUES '.length)
    if (prefix !== head || rows.length >= 500 || args.length + stmt.args.length > MAX_ARGS) {
      flush()
      head = prefix
    }
    rows.push(stmt.sql.slice(at + ' VALUES '.length))
    args.push(...stmt.args)
  }
  flush()
  return out
}

function planBatch(groups: readonly Group[], shop: ShopCatalogue, existing: Existing, state: PlanState): BatchPlan {
  const phased: { phase: number; stmt: Stmt }[] = []
  const emit = (phase: number, ...list: Stmt[]) => {
    for (const stmt of list) phased.push({ phase, stmt })
  }
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 }
  const refused: RefusedRow[] = []
  const slugs: string[] = []
  const audit: AuditRow[] = []
  const alerts: AlertPlan[] = []
  const lowered = { products: new Map<number, number>(), variants: new Map<number, number>() }
  const now = state.now
  /** On-hand set for a row: the ledger's statements, and a note when it is below the units held right now. */
  const setOnHand = (table: 'products' | 'variants', id: number, onHand: number, onHandNow: number, shelf: unknown) => {
    if (onHand < onHandNow - Math.max(0, num(shelf) ?? 0)) lowered[table].set(id, onHand)
    return setOnHandStatements(state.payload, table, id, onHand, now)
  }
  /** Units a customer can buy once on-hand becomes `onHand`: what is held stays held (setOnHandStatements). */
  const availableAfter = (shelf: unknown, onHandNow: number, onHand: number | null) => (onHand === null ? Math.max(0, num(shelf) ?? 0) : Math.max(0, onHand - (onHandNow - (num(shelf) ?? 0))))

  for (const group of groups) {
    const p = group.product
    const vrm = p?.values.get('vrm')
    const bySku = existing.products.get(group.sku)
    const byVrm = !bySku && p && typeof vrm === 'string' ? existing.products.get(shop.vrms.get(compactVrm(vrm)) ?? '') : undefined
    const current = bySku ?? byVrm ?? null

    // Pictures must be known (in the media library or the feed's zip).
    const pictures = (row: FeedRow | null): number[] | 'none' | { missing: string } => {
      const names = row?.values.get('images') as string[] | undefined
      if (!names) return 'none'
      const ids: number[] = []
      for (const n of names) {
        const id = existing.media.get(n)
        if (id === undefined) return { missing: n }
        ids.push(id)
      }
      return ids
    }
    const productPictures = pictures(p)
    if (typeof productPictures === 'object' && !Array.isArray(productPictures)) {
      refused.push({ line: p!.line, sku: p!.sku, reason: `image ${productPictures.missing} is neither in the media library nor in the zip` })
      for (const v of group.variants) refused.push({ line: v.line, sku: v.sku, reason: `its product ${group.sku} was refused` })
      continue
    }

    // A bike its history check says may not be sold stays off sale, whatever the row says.
    const unsellable = p ? importPublicationProblem(current, p.values.has('status') ? p.values.get('status') : current?.status) : null
    if (unsellable) {
      refused.push({ line: p!.line, sku: p!.sku, reason: unsellable })
      for (const v of group.variants) refused.push({ line: v.line, sku: v.sku, reason: `its product ${group.sku} was refused` })
      continue
    }

    // The variants as they will be.
    const keep = current ? [...(existing.variantsOf.get(Number(current.id)) ?? [])] : []
    const finalPrices: (number | null)[] = keep.filter((v) => !group.variants.some((f) => f.sku === v.sku)).map((v) => num(v.price))
    const variantPlans: { row: FeedVariantRow; current: Row | null; pictures: number[] | 'none' }[] = []
    for (const v of group.variants) {
      const cur = existing.variantsBySku.get(v.sku) ?? null
      if (cur && (!current || Number(cur.product_id) !== Number(current.id))) {
        refused.push({ line: v.line, sku: v.sku, reason: `variant ${v.sku} belongs to another product` })
        if (cur) finalPrices.push(num(cur.price))
        continue
      }
      const pics = pictures(v)
      if (typeof pics === 'object' && !Array.isArray(pics)) {
        refused.push({ line: v.line, sku: v.sku, reason: `image ${pics.missing} is neither in the media library nor in the zip` })
        if (cur) finalPrices.push(num(cur.price))
        continue
      }
      finalPrices.push(v.values.has('price') ? (v.values.get('price') as number | null) : num(cur?.price))
      variantPlans.push({ row: v, current: cur, pictures: pics })
    }

    // The product.
    const variable = keep.length > 0 || variantPlans.length > 0 || current?.product_type === 'variable'
    const productKey: { id: number } | { sku: string } = current ? { id: Number(current.id) } : { sku: group.sku }
    let productChanged = false
    if (p || current) {
      const values = p?.values ?? new Map<string, FeedValue>()
      const category = values.has('category') ? shop.categoryIds.get(String(values.get('category')))! : current ? { id: Number(current.category_id), kind: String(current.kind) as ProductKind } : null
      const brandName = values.get('brand')
      const brandId = values.has('brand') ? (typeof brandName === 'string' ? (shop.brandIds.get(brandName.toLowerCase()) ?? -1) : null) : num(current?.brand_id)
      const vat = values.has('vat_rate') ? (values.get('vat_rate') as number) : num(current?.vat_rate) ?? 20
      const lowest = finalPrices.filter((x): x is number => x !== null).reduce<number | null>((m, x) => (m === null || x < m ? x : m), null)
      const price = variable ? lowest : values.has('price') ? (values.get('price') as number | null) : num(current?.price)
      const fee = current ? { feeValue: num(current.before_add_to_basket_notification_extra_fee_fee_value), label: str(current.before_add_to_basket_notification_extra_fee_label) } : null
      const listPrice = headlinePricePence({ basePricePence: price, vatRatePercent: vat, charges: chargesFromExtraFee(fee) })
      // A was-price above every price the product was offered at (its history, or this row's own) is refused (ADR 075).
      const was = values.get('compare_at_price')
      const wasProblem = p && was != null && num(current?.compare_at_price) !== was ? wasPriceProblem(was, Math.max(existing.highestOffered?.get(Number(current?.id)) ?? 0, listPrice ?? 0) || null) : null
      if (wasProblem) {
        refused.push({ line: p!.line, sku: p!.sku, reason: `compare_at_price: ${wasProblem}` })
        for (const v of group.variants) refused.push({ line: v.line, sku: v.sku, reason: `its product ${group.sku} was refused` })
        continue
      }
      const kind = category ? category.kind : current ? String(current.kind) : null
      const want: Record<string, Arg> = {}
      for (const [column, field] of Object.entries(PRODUCT_FIELDS)) {
        if (!values.has(column)) continue
        // An e-bike's facts are ignored on any other kind of product (the export leaves them empty there).
        if (kind !== 'e-bike' && isEbikeColumn(column)) continue
        const value = values.get(column) ?? null
        if (current && same(column, stored(current, field), value)) continue
        want[field.column] = toColumn(field.type, value)
      }
      const derived: Record<string, Arg> = {
        product_type: variable ? 'variable' : 'simple',
        price,
        list_price: listPrice,
        ...(category ? { category_id: category.id, kind: category.kind } : {}),
        brand_id: brandId === -1 ? null : brandId,
      }
      if (byVrm) derived.sku = group.sku
      // An e-bike's EAPC verdict follows its facts by the rule the products collection's hook applies; any other kind
      // has none.
      const fact = (name: string, column: string) => (values.has(name) ? num(values.get(name)) : num(current?.[column]))
      const pedals = fact('has_pedals', 'ebike_has_pedals')
      const verdict = kind === 'e-bike' ? eapcVerdict({ hasPedals: pedals === null ? null : pedals === 1, motorPowerW: fact('motor_power_w', 'ebike_motor_power_w'), assistedSpeedMph: fact('assisted_speed_mph', 'ebike_assisted_speed_mph') }).eapc : null
      const eapc = verdict === null ? null : verdict ? 1 : 0
      if (current ? num(current.ebike_eapc) !== eapc : eapc !== null) want.ebike_eapc = eapc
      for (const [column, value] of Object.entries(derived)) {
        const before = current ? (['price', 'list_price', 'category_id', 'brand_id'].includes(column) ? num(current[column]) : str(current[column])) : undefined
        if (!current || before !== value) want[column] = value
      }
      const pics = productPictures === 'none' ? null : productPictures
      const currentPictures = current ? pictureList(num(current.featured_image_id), existing.galleries.get(`p${String(current.id)}`) ?? []) : []
      const picturesChanged = pics !== null && pics.join(',') !== currentPictures.join(',')
      if (picturesChanged) want.featured_image_id = pics[0] ?? null

      const stock = values.has('stock') ? (values.get('stock') as number) : null
      const onHandNow = current ? (existing.onHand.products.get(Number(current.id)) ?? 0) : 0

      if (!current) {
        const slug = uniqueSlug(String(values.get('name')), group.sku, existing, state)
        slugs.push(slug)
        const row: Record<string, Arg> = {
          name: String(values.get('name')),
          slug,
          status: 'active',
          featured: 0,
          sku: group.sku,
          vat_rate: 20,
          stock_quantity: stock ?? 0,
          condition: 'new',
          vehicle_financeable: 0,
          featured_image_id: pics?.[0] ?? null,
          ...want,
          created_at: now,
          updated_at: now,
        }
        emit(PHASE.productInsert, insert('products', row))
        if (pics?.length) emit(PHASE.rels, ...galleryStmts('products', productKey, 'gallery', pics, false))
        audit.push({ field: 'created', sku: group.sku, product: productKey, from: null, to: String(row.status) })
        if (price != null) audit.push({ field: 'price', sku: group.sku, product: productKey, from: null, to: money(price) })
        if (stock) audit.push({ field: 'stock', sku: group.sku, product: productKey, from: null, to: String(stock) })
        counts.created++
        productChanged = true
      } else {
        const id = Number(current.id)
        const stockChanged = stock !== null && stock !== onHandNow
        if (Object.keys(want).length > 0) emit(PHASE.update, update('products', id, { ...want, updated_at: now }))
        if (picturesChanged) emit(PHASE.rels, ...galleryStmts('products', productKey, 'gallery', pics, true))
        if (stockChanged) emit(PHASE.stock, ...setOnHand('products', id, stock, onHandNow, current.stock_quantity))
        if ('price' in want) audit.push({ field: 'price', sku: group.sku, product: productKey, from: money(num(current.price)), to: money(price) })
        if ('status' in want) audit.push({ field: 'status', sku: group.sku, product: productKey, from: str(current.status), to: String(want.status) })
        if (stockChanged) audit.push({ field: 'stock', sku: group.sku, product: productKey, from: String(onHandNow), to: String(stock) })
        productChanged = Object.keys(want).length > 0 || picturesChanged || stockChanged
        if (productChanged) {
          // The same rule as the products hook (saved-bike-hooks.ts); a variable product's stock is its variants'.
          const status = 'status' in want ? String(want.status) : str(current.status)
          const before = { pricePence: num(current.list_price), available: variable ? 1 : availableAfter(current.stock_quantity, onHandNow, null), onSale: current.status === 'active' }
          const after = { pricePence: listPrice, available: variable ? 1 : availableAfter(current.stock_quantity, onHandNow, stockChanged ? stock : null), onSale: status === 'active' }
          const change = savedBikeChange(before, after, now)
          if (change) alerts.push({ productId: id, ...change })
        }
        if (p) {
          if (productChanged) counts.updated++
          else counts.unchanged++
        }
        if (productChanged) slugs.push(String(current.slug))
      }
    }

    // The variants.
    let position = keep.reduce((m, v) => Math.max(m, num(v.position) ?? 0), 0)
    for (const { row, current: cur, pictures: pics } of variantPlans) {
      const values = row.values
      const want: Record<string, Arg> = {}
      for (const column of ['size', 'colour', 'price'] as const) {
        if (!values.has(column)) continue
        const value = (values.get(column) ?? null) as Arg
        const before = column === 'price' ? num(cur?.price) : str(cur?.[column])
        if (!cur || before !== value) want[column] = value
      }
      const size = values.has('size') ? values.get('size') : str(cur?.size)
      const colour = values.has('colour') ? values.get('colour') : str(cur?.colour)
      const title = [size, colour].filter(Boolean).join(' / ') || row.sku
      if (!cur || str(cur.title) !== title) want.title = title
      const picList = pics === 'none' ? null : pics
      const currentPictures = cur ? pictureList(num(cur.featured_image_id), existing.galleries.get(`v${String(cur.id)}`) ?? []) : []
      const picturesChanged = picList !== null && picList.join(',') !== currentPictures.join(',')
      if (picturesChanged) want.featured_image_id = picList[0] ?? null
      const stock = values.has('stock') ? (values.get('stock') as number) : null
      const variantKey: { id: number } | { sku: string } = cur ? { id: Number(cur.id) } : { sku: row.sku }
      if (!cur) {
        position += 1
        emit(PHASE.variantInsert, insert('variants', { product_id: ref('products', productKey), sku: row.sku, stock_quantity: stock ?? 0, position, size: null, colour: null, price: null, featured_image_id: null, ...want, created_at: now, updated_at: now }))
        if (picList?.length) emit(PHASE.rels, ...galleryStmts('variants', variantKey, 'galleryImages', picList, false))
        audit.push({ field: 'created', sku: row.sku, product: productKey, variant: variantKey, from: null, to: null })
        if (values.get('price') != null) audit.push({ field: 'price', sku: row.sku, product: productKey, variant: variantKey, from: null, to: money(values.get('price') as number) })
        if (stock) audit.push({ field: 'stock', sku: row.sku, product: productKey, variant: variantKey, from: null, to: String(stock) })
        counts.created++
        productChanged = true
        continue
      }
      const id = Number(cur.id)
      const onHandNow = existing.onHand.variants.get(id) ?? 0
      const stockChanged = stock !== null && stock !== onHandNow
      if (Object.keys(want).length > 0) emit(PHASE.update, update('variants', id, { ...want, updated_at: now }))
      if (picturesChanged) emit(PHASE.rels, ...galleryStmts('variants', variantKey, 'galleryImages', picList, true))
      if (stockChanged) emit(PHASE.stock, ...setOnHand('variants', id, stock, onHandNow, cur.stock_quantity))
      if ('price' in want) audit.push({ field: 'price', sku: row.sku, product: productKey, variant: variantKey, from: money(num(cur.price)), to: money(want.price as number | null) })
      if (stockChanged) audit.push({ field: 'stock', sku: row.sku, product: productKey, variant: variantKey, from: String(onHandNow), to: String(stock) })
      if (Object.keys(want).length > 0 || picturesChanged || stockChanged) {
        counts.updated++
        productChanged = true
      } else counts.unchanged++
      // A size or colour back in stock, as the variants hook tells it (a price change shows on the bike's own price).
      const productActive = (p?.values.has('status') ? p.values.get('status') : current?.status) === 'active'
      if (stockChanged && current && productActive && (num(cur.stock_quantity) ?? 0) <= 0 && availableAfter(cur.stock_quantity, onHandNow, stock) > 0) {
        alerts.push({ productId: Number(current.id), kind: 'back-in-stock', key: `back-in-stock:variant-${id}:${now}` })
      }
    }
    if (productChanged && current && !slugs.includes(String(current.slug))) slugs.push(String(current.slug))
  }
  counts.refused = refused.length
  // Products before their variants, parents before their pictures (rows removed before rows added), then stock.
  const stmts = mergeInserts(phased.sort((a, b) => a.phase - b.phase).map((p) => p.stmt))
  return { stmts, counts, refused, slugs, audit, alerts, lowered }
}

function auditStmts(audit: readonly AuditRow[], actor: string, importId: number | null, now: string): Stmt[] {
  return audit.map((a) =>
    insert('catalogue_changes', {
      at: now,
      actor,
      import_id: importId,
      sku: a.sku,
      product_id: a.product ? ref('products', a.product) : null,
      variant_id: a.variant ? ref('variants', a.variant) : null,
      field: a.field,
      from: a.from,
      to: a.to,
      created_at: now,
      updated_at: now,
    }),
  )
}

/** The alert jobs, each queued only if someone who saved the bike asked for alerts (commits with the batch). */
function alertStmts(payload: Payload, alerts: readonly AlertPlan[], now: string): Stmt[] {
  const at = new Date(now)
  return alerts.map((a) => queueJobStatement(payload, SEND_SAVED_BIKE_ALERTS, { productId: a.productId, kind: a.kind, key: a.key }, at, { sql: 'EXISTS (SELECT 1 FROM saved_bikes WHERE product_id = ? AND alerts IS TRUE)', args: [a.productId] }))
}

/* ------------------------------------------------------------------------------------------------ */
/* Writing                                                                                           */

/** The marker that a batch is done, written with it: it changes one row only if no one else wrote the batch first. */
function markerStmt(progress: ImportProgress, done: number, counts: ImportCounts, refused: readonly RefusedRow[], now: string): Stmt {
  return {
    sql: 'UPDATE catalogue_imports SET done = ?, created = ?, updated = ?, unchanged = ?, refused_count = ?, archived = ?, refused = ?, status = ?, updated_at = ? WHERE id = ? AND done = ?',
    args: [done, counts.created, counts.updated, counts.unchanged, counts.refused, counts.archived, JSON.stringify(refused), 'running', now, progress.importId, progress.done],
  }
}

class BatchRaced extends Error {
  constructor() {
    super('catalogue import: another run wrote this batch first')
  }
}

/** Writes a batch, all or nothing; answers the refs of the holds it withdrew (see setOnHandStatements). */
async function writeBatch(payload: Payload, stmts: readonly Stmt[], marker: Stmt | null): Promise<string[]> {
  const withdrawn = (rows: readonly Record<string, unknown>[]) => rows.flatMap((r) => (r[WITHDRAWN_REF] == null ? [] : [String(r[WITHDRAWN_REF])]))
  if (isPostgres(payload)) {
    const written = await pgUnit<string[] | false>(payload, null, async (exec) => {
      if (marker && (await exec(marker)).rowCount !== 1) return new Abort<string[] | false>(false)
      const refs: string[] = []
      for (const stmt of stmts) refs.push(...withdrawn((await exec(stmt)).rows))
      return refs
    })
    if (!written) throw new BatchRaced()
    return written
  }
  // SQLite: one batch, all or nothing. A marker that changed nothing makes the next statement violate a
  // NOT NULL constraint, which rolls the whole batch back.
  const guard: Stmt[] = marker ? [marker, { sql: "INSERT INTO catalogue_changes (at, actor, field, created_at, updated_at) SELECT NULL, 'guard', 'created', '', '' WHERE changes() <> 1", args: [] }] : []
  try {
    return (await sqliteBatch(payload, [...guard, ...stmts])).flatMap((r) => withdrawn(r.rows))
  } catch (error) {
    if (marker && /NOT NULL constraint failed: catalogue_changes\.at/i.test(String((error as Error)?.message ?? error))) throw new BatchRaced()
    throw error
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The import                                                                                        */

/** Imports checked rows. Throws FeedError (from the domain) for a feed that cannot be read at all. */
export async function importFeed(payload: Payload, raw: Iterable<RawRow>, options: ImportOptions): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false
  const clock = options.now ?? (() => new Date())
  const batchSize = Math.max(1, options.batchSize ?? 500)
  const shop = await readCatalogue(payload)
  const checked = checkFeed(raw, shop.context)
  if (!dryRun) await createBrands(payload, checked.rows, shop)
  const groups = groupRows(checked.rows)
  const progress = options.progress
  const counts: ImportCounts = progress ? { ...progress.counts } : { created: 0, updated: 0, unchanged: 0, refused: checked.refused.length, archived: 0 }
  if (progress && progress.done === 0) counts.refused = checked.refused.length
  // Rows refused when an earlier run planned its batches (the feed's own refusals are found again above).
  const checkedLines = new Set(checked.refused.map((r) => r.line))
  const planRefused: RefusedRow[] = (progress?.refusedSoFar ?? []).filter((r) => !checkedLines.has(r.line))
  const state: PlanState = { payload, now: clock().toISOString(), usedSlugs: new Set() }
  let done = progress?.done ?? 0
  let marker = progress

  // Skip the groups an earlier run of this import wrote (a group is never split, so `done` is a group boundary).
  let start = 0
  for (let seen = 0; start < groups.length && seen < done; start++) seen += groupSize(groups[start]!)

  for (let i = start; i < groups.length; ) {
    const batch: Group[] = []
    let rows = 0
    while (i < groups.length && (batch.length === 0 || rows + groupSize(groups[i]!) <= batchSize)) {
      rows += groupSize(groups[i]!)
      batch.push(groups[i++]!)
    }
    const existing = await readExisting(payload, batch, shop, options.images)
    const now = clock().toISOString()
    const plan = planBatch(batch, shop, existing, { ...state, now })
    counts.created += plan.counts.created
    counts.updated += plan.counts.updated
    counts.unchanged += plan.counts.unchanged
    counts.refused += plan.counts.refused
    planRefused.push(...plan.refused)
    done += rows
    if (!dryRun) {
      const stmts = [...plan.stmts, ...recordImportedPrices(batch.map((g) => g.sku), now), ...mergeInserts(auditStmts(plan.audit, options.actor, marker?.importId ?? null, now)), ...alertStmts(payload, plan.alerts, now)]
      const refusedAll = [...checked.refused, ...planRefused].sort((a, b) => a.line - b.line)
      const markerStatement = marker ? markerStmt(marker, done, counts, refusedAll, now) : null
      const withdrawn = stmts.length > 0 || markerStatement ? await writeBatch(payload, stmts, markerStatement) : []
      if (marker) marker = { ...marker, done }
      // The feed counted fewer units than were held: the orders whose units were withdrawn end now (their
      // payments closed), and holds that could not be withdrawn are flagged for staff on their records.
      if (withdrawn.length > 0) await endWithdrawnOrders(payload, withdrawn)
      if (plan.lowered.products.size + plan.lowered.variants.size > 0) {
        const over = await overHeldOf(payload, { products: [...plan.lowered.products.keys()], variants: [...plan.lowered.variants.keys()] }, plan.lowered)
        if (over.length > 0) await flagOverHeld(payload, over)
      }
      if (plan.slugs.length > 0) {
        // Search sees the batch at once (ADR 028): its products are indexed again together, then their pages go stale.
        const batchIds = await productIdsBySlug(payload, plan.slugs)
        await reindexProducts(payload, batchIds)
        // Their listing cards' monthly figures are quoted again by one job per batch (ADR 030), never per row.
        await queueMonthlyRefresh(payload, batchIds)
        await revalidateStorefront('catalogue import batch', payload.logger, plan.slugs.length <= 500 ? { kind: 'products', slugs: plan.slugs, index: true } : { kind: 'all' })
        // The sitemap and the Merchant feed are built again once the batches stop coming (ADR 042).
        await queueFeedsRebuild(payload)
      }
      await options.afterBatch?.(done)
    }
  }

  if (options.fullFeed) counts.archived += await archiveMissing(payload, checked.productSkusNamed, { dryRun, actor: options.actor, importId: marker?.importId ?? null, now: clock().toISOString() })
  const refusedRows = [...checked.refused, ...planRefused].sort((a, b) => a.line - b.line)
  return { ...counts, total: checked.total, done, refusedRows, dryRun }
}

async function productIdsBySlug(payload: Payload, slugs: readonly string[]): Promise<number[]> {
  const rows = await selectIn(payload, (list) => `SELECT id FROM products WHERE slug IN (${list})`, slugs)
  return rows.map((r) => Number(r.id))
}

/** Products not named by any row of a full feed are archived (never deleted); answers how many. */
async function archiveMissing(payload: Payload, named: ReadonlySet<string>, options: { dryRun: boolean; actor: string; importId: number | null; now: string }): Promise<number> {
  const live = await readRows(payload, { sql: "SELECT id, sku, slug, status FROM products WHERE status <> 'archived'", args: [] })
  const missing = live.filter((p) => !named.has(String(p.sku ?? '')))
  if (options.dryRun || missing.length === 0) return missing.length
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500)
    const ids = chunk.map((p) => Number(p.id))
    const stmts: Stmt[] = [
      { sql: `UPDATE products SET status = 'archived', updated_at = ? WHERE status <> 'archived' AND id IN (${placeholders(ids.length)})`, args: [options.now, ...ids] },
      ...auditStmts(chunk.map((p) => ({ field: 'status', sku: String(p.sku ?? ''), product: { id: Number(p.id) }, from: String(p.status), to: 'archived' })), options.actor, options.importId, options.now),
    ]
    await writeBatch(payload, stmts, null)
    await reindexProducts(payload, ids) // archived: out of search
  }
  await revalidateStorefront('catalogue import archived products', payload.logger, { kind: 'all' })
  await queueFeedsRebuild(payload)
  return missing.length
}

/** The export: every product and its variants, in the feed's own format, so importing it again changes nothing. */
export async function exportFeedRows(payload: Payload): Promise<string[][]> {
  const shop = await readCatalogue(payload)
  const brands = new Map([...shop.brandIds].map(([, id]) => [id, '']))
  for (const b of await readRows(payload, { sql: 'SELECT id, name FROM brands', args: [] })) brands.set(Number(b.id), String(b.name))
  const out: string[][] = [[...FEED_COLUMNS]]
  const products = await readRows(payload, { sql: `SELECT ${PRODUCT_READ.map((c) => `"${c}"`).join(', ')} FROM products WHERE sku IS NOT NULL ORDER BY id`, args: [] })
  for (let i = 0; i < products.length; i += 500) {
    const chunk = products.slice(i, i + 500)
    const ids = chunk.map((p) => Number(p.id))
    const variants = await selectIn(payload, (list) => `SELECT ${VARIANT_READ.join(', ')} FROM variants WHERE product_id IN (${list}) ORDER BY position, id`, ids)
    const onHand = await onHandOf(payload, { products: ids, variants: variants.map((v) => Number(v.id)) })
    const galleries = new Map<string, number[]>()
    for (const r of await selectIn(payload, (list) => `SELECT parent_id, media_id FROM products_rels WHERE path = 'gallery' AND parent_id IN (${list}) ORDER BY "order"`, ids)) galleries.set(`p${String(r.parent_id)}`, [...(galleries.get(`p${String(r.parent_id)}`) ?? []), Number(r.media_id)])
    for (const r of await selectIn(payload, (list) => `SELECT parent_id, media_id FROM variants_rels WHERE path = 'galleryImages' AND parent_id IN (${list}) ORDER BY "order"`, variants.map((v) => Number(v.id)))) galleries.set(`v${String(r.parent_id)}`, [...(galleries.get(`v${String(r.parent_id)}`) ?? []), Number(r.media_id)])
    const mediaIds = new Set<number>()
    for (const p of chunk) if (p.featured_image_id != null) mediaIds.add(Number(p.featured_image_id))
    for (const v of variants) if (v.featured_image_id != null) mediaIds.add(Number(v.featured_image_id))
    for (const list of galleries.values()) for (const id of list) mediaIds.add(id)
    const names = new Map((await selectIn(payload, (list) => `SELECT id, filename FROM media WHERE id IN (${list})`, [...mediaIds])).map((m) => [Number(m.id), String(m.filename)]))
    const pics = (featured: unknown, key: string) => pictureList(num(featured), galleries.get(key) ?? []).map((id) => names.get(id) ?? '').filter(Boolean).join('|')
    const byProduct = new Map<number, Row[]>()
    for (const v of variants) byProduct.set(Number(v.product_id), [...(byProduct.get(Number(v.product_id)) ?? []), v])
    for (const p of chunk) {
      const id = Number(p.id)
      const cells: Record<string, string> = {
        sku: String(p.sku),
        name: str(p.name) ?? '',
        kind: str(p.kind) ?? '',
        brand: p.brand_id != null ? (brands.get(Number(p.brand_id)) ?? '') : '',
        category: shop.categoryPaths.get(Number(p.category_id)) ?? '',
        price: p.product_type === 'variable' ? '' : money(num(p.price)) ?? '',
        stock: String(onHand.products.get(id) ?? 0),
        images: pics(p.featured_image_id, `p${id}`),
      }
      for (const [column, field] of Object.entries(PRODUCT_FIELDS)) {
        // An e-bike's facts belong to e-bikes: every other product's pedals column holds the table's default.
        const value = isEbikeColumn(column) && p.kind !== 'e-bike' ? null : stored(p, field)
        cells[column] = value == null ? '' : column === 'compare_at_price' ? formatPounds(value as number) : column === 'has_pedals' ? (value ? 'yes' : 'no') : String(value)
      }
      out.push(FEED_COLUMNS.map((c) => cells[c] ?? ''))
      for (const v of byProduct.get(id) ?? []) {
        const vc: Record<string, string> = {
          sku: String(v.sku),
          parent_sku: String(p.sku),
          price: money(num(v.price)) ?? '',
          stock: String(onHand.variants.get(Number(v.id)) ?? 0),
          size: str(v.size) ?? '',
          colour: str(v.colour) ?? '',
          images: pics(v.featured_image_id, `v${String(v.id)}`),
        }
        out.push(FEED_COLUMNS.map((c) => vc[c] ?? ''))
      }
    }
  }
  return out
}
