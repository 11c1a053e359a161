// The dealer stock feed: one row is a product or a variant (a variant names its product in
// `parent_sku`). Reads the CSV (or the same rows sent as JSON) into checked rows, and refuses each bad row
// with its line number and a reason. Pure: what the shop already holds comes in as `FeedContext`.
//
// A column missing from the header leaves that field of existing products as it is; a column present but
// empty clears the field (or sets its default: new, active, 20% VAT, no stock).
import { LICENCE_CATEGORIES, PRODUCT_KINDS, type ProductKind } from '../product-kind'
import { SPEC_SHEET_PARTS, type SpecSheetKey } from '../spec-sheet'
import { parseCsv, type CsvRecord } from '../../../lib/text/csv'
import { parsePounds } from './money'
import { isSellingPrice, ZERO_PRICE_MESSAGE } from '../product-price'

export const SPEC_COLUMNS: readonly SpecSheetKey[] = SPEC_SHEET_PARTS.map((p) => p.key)
/** An e-bike's facts the EAPC rules turn on (domain/vehicles/eapc.ts); ignored on any other kind of product. */
export const EBIKE_COLUMNS = ['motor_power_w', 'assisted_speed_mph', 'has_pedals'] as const
export const isEbikeColumn = (column: string): boolean => (EBIKE_COLUMNS as readonly string[]).includes(column)

/** Columns a product row uses. */
export const PRODUCT_COLUMNS = [
  'name', 'kind', 'condition', 'brand', 'category', 'price', 'compare_at_price', 'vat_rate', 'stock', 'status', 'short_description', 'description',
  'vrm', 'mileage', 'first_registered', 'keepers', 'cap_code', 'engine_cc', 'licence', 'model_year', 'images',
  'purchase_price', 'purchase_date', 'purchase_seller', ...EBIKE_COLUMNS,
] as const
/** Columns a variant row uses (others are ignored on a variant row). */
export const VARIANT_COLUMNS = ['price', 'stock', 'size', 'colour', 'images'] as const

/** Every column of the feed, in the order the export and the template write them. */
export const FEED_COLUMNS: readonly string[] = [
  'sku', 'parent_sku', 'name', 'kind', 'condition', 'brand', 'category', 'price', 'compare_at_price', 'vat_rate', 'stock', 'status', 'description', 'short_description',
  'size', 'colour', 'vrm', 'mileage', 'first_registered', 'keepers', 'cap_code', 'engine_cc', 'licence', 'model_year', 'images', ...SPEC_COLUMNS,
  // A used bike's purchase, for the margin scheme's stock book: staff only, never shown in the shop (ADR 049).
  'purchase_price', 'purchase_date', 'purchase_seller',
  // An e-bike's motor power, assisted top speed and pedals: whether it is a bicycle in law, and the speed Google asks.
  ...EBIKE_COLUMNS,
]

export type FeedValue = string | number | string[] | null
export type FeedValues = ReadonlyMap<string, FeedValue>

export interface FeedProductRow {
  readonly type: 'product'
  readonly line: number
  readonly sku: string
  /** Only the columns present in the feed, parsed. */
  readonly values: FeedValues
}

export interface FeedVariantRow {
  readonly type: 'variant'
  readonly line: number
  readonly sku: string
  readonly parentSku: string
  readonly values: FeedValues
}

export type FeedRow = FeedProductRow | FeedVariantRow

export interface RefusedRow {
  readonly line: number
  readonly sku: string
  readonly reason: string
}

/** What the shop already holds, for the checks that need it. */
export interface FeedContext {
  /** Category path (e.g. "motorcycles/naked") → the kind it sells. */
  readonly categories: ReadonlyMap<string, ProductKind>
  readonly productSkus: ReadonlySet<string>
  readonly variantSkus: ReadonlySet<string>
}

export interface CheckedFeed {
  readonly rows: FeedRow[]
  readonly refused: RefusedRow[]
  /** Rows read, refused ones included. */
  readonly total: number
  /** The SKU of every product row (no parent_sku), refused ones included: what a full feed keeps from archiving. */
  readonly productSkusNamed: ReadonlySet<string>
}

/** A raw row: its line and its cells by column name (CSV) or its JSON object's properties. */
export interface RawRow {
  readonly line: number
  readonly cells: Readonly<Record<string, string>>
}

const STATUSES = ['active', 'draft', 'archived'] as const
const CONDITIONS = ['new', 'used'] as const
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,59}$/
const VRM = /^[A-Z0-9]{2,8}$/

type Parsed = { ok: true; value: FeedValue } | { ok: false; reason: string }
const ok = (value: FeedValue): Parsed => ({ ok: true, value })
const bad = (reason: string): Parsed => ({ ok: false, reason })

function text(max: number, label: string) {
  return (raw: string): Parsed => {
    const v = raw.trim()
    if (v.length > max) return bad(`${label} is longer than ${max} characters`)
    return ok(v === '' ? null : v)
  }
}

function whole(label: string, min: number, max: number, empty: number | null = null) {
  return (raw: string): Parsed => {
    const v = raw.trim()
    if (v === '') return ok(empty)
    if (!/^-?\d+$/.test(v)) return bad(`${label} "${raw}" is not a whole number`)
    const n = Number(v)
    if (n < min) return bad(min === 0 ? `${label} ${n} is negative` : `${label} ${n} is less than ${min}`)
    if (n > max) return bad(`${label} ${n} is more than ${max}`)
    return ok(n)
  }
}

/** A number with at most one decimal place (an assisted speed of 15.5 mph), between min and max. */
function tenths(label: string, min: number, max: number) {
  return (raw: string): Parsed => {
    const v = raw.trim()
    if (v === '') return ok(null)
    if (!/^\d+(\.\d)?$/.test(v)) return bad(`${label} "${raw}" is not a number with at most one decimal place`)
    const n = Number(v)
    if (n < min) return bad(`${label} ${n} is less than ${min}`)
    if (n > max) return bad(`${label} ${n} is more than ${max}`)
    return ok(n)
  }
}

/** yes or no (also y/n, true/false, 1/0), stored as 1 or 0; empty leaves it as it is. */
function yesNo(label: string) {
  return (raw: string): Parsed => {
    const v = raw.trim().toLowerCase()
    if (v === '') return ok(null)
    if (['yes', 'y', 'true', '1'].includes(v)) return ok(1)
    if (['no', 'n', 'false', '0'].includes(v)) return ok(0)
    return bad(`${label} "${raw}" is not yes or no`)
  }
}

function oneOf(label: string, options: readonly string[], empty: string | null) {
  return (raw: string): Parsed => {
    const v = raw.trim()
    if (v === '') return ok(empty)
    const found = options.find((o) => o.toLowerCase() === v.toLowerCase())
    return found ? ok(found) : bad(`${label} "${raw}" is not one of ${options.join(', ')}`)
  }
}

/** A money column; `selling` (the price itself) refuses 0, which dealer systems write for a price they do not know. */
function price(label: string, selling: boolean) {
  return (raw: string): Parsed => {
    if (raw.trim() === '') return ok(null)
    const money = parsePounds(raw)
    if (!money.ok) return bad(money.reason.replace(/^price/, label))
    if (selling && !isSellingPrice(money.pence)) return bad(`${label} "${raw}" is zero: ${ZERO_PRICE_MESSAGE}`)
    return ok(money.pence)
  }
}

const isoDay = (label: string) => (raw: string): Parsed => {
  const v = raw.trim()
  if (v === '') return ok(null)
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null
  if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) return bad(`${label} "${raw}" is not a date (YYYY-MM-DD)`)
  return ok(v)
}

/** A registration without its spaces, for matching ("YD21 KXP" is "YD21KXP"). */
export function compactVrm(vrm: string): string {
  return vrm.replace(/\s+/g, '').toUpperCase()
}

/** File names of pictures, separated by "|" or ";", in order (the first is the main picture). */
function images(raw: string): Parsed {
  const names = raw.split(/[|;]/).map((s) => s.trim()).filter(Boolean)
  if (names.length > 20) return bad('more than 20 images')
  const wrong = names.find((n) => n.length > 200 || /[\\/]/.test(n))
  return wrong ? bad(`image "${wrong}" is not a plain file name`) : ok(names)
}

const PARSERS: Record<string, (raw: string) => Parsed> = {
  name: text(160, 'name'),
  kind: oneOf('kind', PRODUCT_KINDS, null),
  condition: oneOf('condition', CONDITIONS, 'new'),
  brand: text(80, 'brand'),
  category: (raw) => ok(raw.trim().replace(/^\/+|\/+$/g, '').toLowerCase() || null),
  price: price('price', true),
  compare_at_price: price('compare_at_price', false),
  vat_rate: (raw) => {
    const r = whole('vat_rate', 0, 20, 20)(raw)
    return r.ok && ![20, 5, 0].includes(r.value as number) ? bad(`vat_rate "${raw}" is not 20, 5 or 0`) : r
  },
  stock: whole('stock', 0, 1_000_000, 0),
  status: oneOf('status', STATUSES, 'active'),
  short_description: text(400, 'short_description'),
  description: (raw) => (raw.length > 20_000 ? bad('description is longer than 20000 characters') : ok(raw.trim() === '' ? null : raw.replace(/\r\n?/g, '\n').trim())),
  size: text(30, 'size'),
  colour: text(40, 'colour'),
  vrm: (raw) => {
    const v = raw.trim().replace(/\s+/g, ' ').toUpperCase()
    if (v === '') return ok(null)
    return VRM.test(compactVrm(v)) && v.length <= 10 ? ok(v) : bad(`vrm "${raw}" is not a UK registration`)
  },
  mileage: whole('mileage', 0, 1_000_000),
  first_registered: isoDay('first_registered'),
  keepers: whole('keepers', 0, 50),
  cap_code: text(20, 'cap_code'),
  engine_cc: whole('engine_cc', 0, 3000),
  licence: oneOf('licence', LICENCE_CATEGORIES, null),
  model_year: whole('model_year', 1950, 2100),
  images,
  ...Object.fromEntries(SPEC_COLUMNS.map((key) => [key, text(200, key)])),
  purchase_price: price('purchase_price', false),
  purchase_date: isoDay('purchase_date'),
  purchase_seller: text(120, 'purchase_seller'),
  motor_power_w: whole('motor_power_w', 1, 20_000),
  assisted_speed_mph: tenths('assisted_speed_mph', 1, 100),
  has_pedals: yesNo('has_pedals'),
}

/** The header's problems: unknown or repeated columns, or no sku column. Null when it is fine. */
export function headerProblem(header: readonly string[]): string | null {
  if (!header.includes('sku')) return 'the header has no "sku" column'
  const known = new Set(FEED_COLUMNS)
  const unknown = header.filter((h) => !known.has(h))
  if (unknown.length) return `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}`
  const seen = new Set<string>()
  for (const h of header) {
    if (seen.has(h)) return `column "${h}" appears twice`
    seen.add(h)
  }
  return null
}

/** CSV text to raw rows; the header is line 1. Throws FeedError for a file that cannot be read at all. */
export function csvRows(csv: string): RawRow[] {
  let records: CsvRecord[]
  try {
    records = parseCsv(csv)
  } catch (error) {
    throw new FeedError((error as Error).message)
  }
  if (records.length === 0) throw new FeedError('the file is empty')
  const canonical = new Map(FEED_COLUMNS.map((c) => [c.toLowerCase(), c]))
  const header = records[0]!.fields.map((h) => canonical.get(h.trim().toLowerCase()) ?? h.trim())
  const problem = headerProblem(header)
  if (problem) throw new FeedError(problem)
  return records.slice(1).map((r) => ({
    line: r.line,
    cells: Object.fromEntries(header.map((h, i) => [h, r.fields[i] ?? ''])),
  }))
}

/** A file or request that cannot be imported at all (as opposed to a refused row). */
export class FeedError extends Error {}

/**
 * Checks every row: parses its cells, and refuses bad values, duplicate SKUs, unknown categories, a kind the
 * category does not sell, repeated registrations, and variants whose product is neither in the feed nor in
 * the shop (or was itself refused).
 */
export function checkFeed(raw: Iterable<RawRow>, context: FeedContext): CheckedFeed {
  // `raw` may be a generator over a stored feed: each raw row is looked at once and only its checked values kept.
  let total = 0
  const productSkusNamed = new Set<string>()
  const refused: RefusedRow[] = []
  const parsedRows: FeedRow[] = []
  const firstLineOfSku = new Map<string, number>()
  const firstLineOfVrm = new Map<string, number>()
  const refuse = (row: RawRow, sku: string, reason: string) => refused.push({ line: row.line, sku, reason })

  for (const row of raw) {
    total += 1
    const sku = (row.cells.sku ?? '').trim()
    const parentSku = (row.cells.parent_sku ?? '').trim()
    if (!parentSku) productSkusNamed.add(sku)
    if (sku === '') {
      refuse(row, sku, 'the sku is empty')
      continue
    }
    if (!SKU.test(sku)) {
      refuse(row, sku, `sku "${sku}" may hold only letters, digits and . _ / - (at most 60)`)
      continue
    }
    const earlier = firstLineOfSku.get(sku)
    if (earlier !== undefined) {
      refuse(row, sku, `duplicate sku: also on line ${earlier}`)
      continue
    }
    firstLineOfSku.set(sku, row.line)

    const type = parentSku ? 'variant' : 'product'
    const columns: readonly string[] = type === 'variant' ? VARIANT_COLUMNS : PRODUCT_COLUMNS.concat(SPEC_COLUMNS as never)
    const values = new Map<string, FeedValue>()
    let problem: string | null = null
    for (const column of columns) {
      if (!(column in row.cells)) continue
      const result = PARSERS[column]!(row.cells[column] ?? '')
      if (!result.ok) {
        problem = result.reason
        break
      }
      values.set(column, result.value)
    }
    if (problem) {
      refuse(row, sku, problem)
      continue
    }

    if (type === 'variant') {
      if (parentSku === sku) refuse(row, sku, 'a variant cannot be its own parent')
      else if (context.productSkus.has(sku)) refuse(row, sku, `sku ${sku} is a product in the shop, not a variant`)
      else parsedRows.push({ type, line: row.line, sku, parentSku, values })
      continue
    }

    if (context.variantSkus.has(sku)) {
      refuse(row, sku, `sku ${sku} is a variant in the shop, not a product`)
      continue
    }
    if (!context.productSkus.has(sku) && (!values.get('name') || !values.get('category'))) {
      refuse(row, sku, 'a new product needs a name and a category')
      continue
    }
    const category = values.get('category')
    if (values.has('category') && !category) {
      refuse(row, sku, 'the category is empty')
      continue
    }
    const categoryKind = typeof category === 'string' ? context.categories.get(category) : undefined
    if (typeof category === 'string' && !categoryKind) {
      refuse(row, sku, `unknown category "${category}"`)
      continue
    }
    const kind = values.get('kind')
    if (kind && categoryKind && kind !== categoryKind) {
      refuse(row, sku, `kind "${String(kind)}" does not match category "${String(category)}", which sells ${categoryKind}`)
      continue
    }
    const vrm = values.get('vrm')
    if (typeof vrm === 'string') {
      const vrmLine = firstLineOfVrm.get(compactVrm(vrm))
      if (vrmLine !== undefined) {
        refuse(row, sku, `registration ${vrm} is also on line ${vrmLine}`)
        continue
      }
      firstLineOfVrm.set(compactVrm(vrm), row.line)
    }
    values.delete('kind') // checked against the category; the product takes its kind from the category
    parsedRows.push({ type, line: row.line, sku, values })
  }

  // A variant needs its product: a product row that was accepted, or one already in the shop.
  const accepted = new Set(parsedRows.filter((r) => r.type === 'product').map((r) => r.sku))
  const refusedSkus = new Set(refused.map((r) => r.sku))
  const rows = parsedRows.filter((r) => {
    if (r.type === 'product' || accepted.has(r.parentSku)) return true
    if (firstLineOfSku.has(r.parentSku) && refusedSkus.has(r.parentSku)) refused.push({ line: r.line, sku: r.sku, reason: `its product ${r.parentSku} was refused` })
    else if (firstLineOfSku.has(r.parentSku)) refused.push({ line: r.line, sku: r.sku, reason: `parent ${r.parentSku} is a variant, not a product` })
    else if (context.productSkus.has(r.parentSku)) return true
    else refused.push({ line: r.line, sku: r.sku, reason: `its product ${r.parentSku} is neither in the file nor in the shop` })
    return false
  })
  refused.sort((a, b) => a.line - b.line)
  return { rows, refused, total, productSkusNamed }
}

/** The refused rows as a CSV a manager can download: line, sku, reason. */
export function refusedCsvRows(refused: readonly RefusedRow[]): string[][] {
  return [['line', 'sku', 'reason'], ...refused.map((r) => [String(r.line), r.sku, r.reason])]
}
