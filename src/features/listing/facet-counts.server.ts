// Facet counts with one grouped SQL statement on either database (issue 25 §4): the scope's products on sale, grouped
// by every facet's value at once (bands as CASE buckets, typed ranges as 0/1 flags). Each facet's counts are then
// summed from those combinations in domain/catalogue/listing-facets.ts. Never one count per option.
import type { Payload } from 'payload'
import { inIdList, isPostgres, placeholders, readRows, type Arg } from '../../cms/sql.server'
import type { Interval } from '../../domain/catalogue/listing-bands'
import {
  COUNTED_FACETS,
  flagConditions,
  type Combination,
  type CountedFacet,
  type FacetGrouping,
  type FilterCondition,
  type FilterField,
  type FilterTest,
} from '../../domain/catalogue/listing-facets'

/** One condition of a listing's scope (its kinds, brand or categories; a search's matches). A scope is a list, all holding. */
export interface ScopeCondition {
  field: 'kind' | 'brandId' | 'categoryId' | 'id'
  values: readonly (string | number)[]
}

export const COLUMNS: Record<FilterField | 'kind' | 'id', string> = {
  id: 'p.id',
  kind: 'p.kind',
  categoryId: 'p.category_id',
  brandId: 'p.brand_id',
  condition: 'p.condition',
  listPrice: 'p.list_price',
  engineCc: 'p.attributes_engine_cc',
  licence: 'p.attributes_licence_category',
  frameSize: 'p.attributes_frame_size',
  bikeType: 'p.attributes_bike_type',
  batteryRangeMiles: 'p.attributes_battery_range_miles',
}

interface Fragment {
  sql: string
  args: Arg[]
}

function join(parts: Fragment[], separator: string): Fragment {
  return { sql: parts.map((p) => p.sql).join(separator), args: parts.flatMap((p) => p.args) }
}

function intervalSql(column: string, i: Interval): Fragment {
  const parts: Fragment[] = []
  if (i.atLeast !== undefined) parts.push({ sql: `${column} >= ?`, args: [i.atLeast] })
  if (i.above !== undefined) parts.push({ sql: `${column} > ?`, args: [i.above] })
  if (i.below !== undefined) parts.push({ sql: `${column} < ?`, args: [i.below] })
  if (i.atMost !== undefined) parts.push({ sql: `${column} <= ?`, args: [i.atMost] })
  if (!parts.length) return { sql: `${column} IS NOT NULL`, args: [] }
  return join(parts, ' AND ')
}

/** A filter test as a SQL predicate on `column` (NULL never passes, as with Payload's where). */
export function testSql(column: string, test: FilterTest): Fragment {
  if (test.kind === 'in') {
    if (!test.values.length) return { sql: '1 = 0', args: [] }
    return { sql: `${column} IN (${placeholders(test.values.length)})`, args: [...test.values] }
  }
  if (!test.ranges.length) return { sql: '1 = 0', args: [] }
  const each = test.ranges.map((r) => intervalSql(column, r))
  return { sql: `(${each.map((f) => `(${f.sql})`).join(' OR ')})`, args: each.flatMap((f) => f.args) }
}

/** The scope as a predicate; a product id list (a search's matches) travels as one array argument. */
export function scopeSql(payload: Payload, scope: readonly ScopeCondition[]): Fragment {
  if (!scope.length) return { sql: '1 = 1', args: [] }
  return join(scope.map((c) => scopeConditionSql(payload, c)), ' AND ')
}

function scopeConditionSql(payload: Payload, scope: ScopeCondition): Fragment {
  if (scope.field !== 'id') return testSql(COLUMNS[scope.field], { kind: 'in', values: scope.values })
  return inIdList(payload, 'p.id', scope.values)
}

const BUCKET_ID = /^[a-z0-9-]+$/

/** The value a facet groups by: the column itself, or the id of the bucket (band) it falls in. */
function groupExpression(grouping: FacetGrouping): Fragment {
  const column = COLUMNS[grouping.field]
  if (!grouping.buckets) return { sql: column, args: [] }
  const whens = grouping.buckets.map((b) => {
    if (!BUCKET_ID.test(b.id)) throw new Error(`facet bucket id ${JSON.stringify(b.id)} is not a plain id`)
    const test = intervalSql(column, b.interval)
    return { sql: `WHEN ${test.sql} THEN '${b.id}'`, args: test.args }
  })
  return { sql: `CASE ${whens.map((w) => w.sql).join(' ')} END`, args: whens.flatMap((w) => w.args) }
}

/**
 * The statement: the scope's products on sale grouped by kind, every facet's group value and each flag condition.
 * Positional GROUP BY, so each CASE is written (and its arguments passed) once.
 */
export function combinationStatement(payload: Payload, scope: readonly ScopeCondition[], groupings: readonly FacetGrouping[], flags: readonly FilterCondition[]): Fragment {
  const columns: Fragment[] = [{ sql: 'p.kind AS kind', args: [] }]
  groupings.forEach((g, i) => {
    const e = groupExpression(g)
    columns.push({ sql: `${e.sql} AS g${i}`, args: e.args })
  })
  flags.forEach((c, i) => {
    const t = testSql(COLUMNS[c.field], c.test)
    columns.push({ sql: `CASE WHEN ${t.sql} THEN 1 ELSE 0 END AS f${i}`, args: t.args })
  })
  const where = scopeSql(payload, scope)
  const select = join(columns, ', ')
  // Nearly every product is active, so the scope's index (kind, brand, category, ids) is the one to read. SQLite without
  // statistics (no ANALYZE has run) reads the status index instead, all 22,000 rows at 100,000 variants (15 ms against 8):
  // its unary + keeps status off the index choice. PostgreSQL's planner has statistics and needs no help.
  const visible = isPostgres(payload) || !scope.length ? `p.status = 'active'` : `+p.status = 'active'`
  return {
    sql: `SELECT ${select.sql}, COUNT(*) AS n FROM products p WHERE ${visible} AND ${where.sql} GROUP BY ${columns.map((_, i) => i + 1).join(', ')}`,
    args: [...select.args, ...where.args],
  }
}

/** Ids of the products on sale in the scope that pass every condition: the listing's own rule, as one indexed read. */
export async function filteredProductIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[]): Promise<number[]> {
  const parts = [{ sql: `p.status = 'active'`, args: [] }, scopeSql(payload, scope), ...conditions.map((c) => testSql(COLUMNS[c.field], c.test))]
  const where = join(parts, ' AND ')
  const rows = await readRows(payload, { sql: `SELECT p.id AS id FROM products p WHERE ${where.sql}`, args: where.args })
  return rows.map((r) => Number(r.id))
}

/**
 * One page of ids of the products on sale in the scope that pass every condition, in the listing's default order
 * (featured, newest: Payload's `-featured, -createdAt, -id`), and how many there are. The status is named in the SQL,
 * not bound, so that SQLite can use its partial indexes (migration 20261127_110000_listing_all_and_facets_indexes).
 */
export async function orderedProductIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[], offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const parts = [{ sql: `p.status = 'active'`, args: [] }, scopeSql(payload, scope), ...conditions.map((c) => testSql(COLUMNS[c.field], c.test))]
  const where = join(parts, ' AND ')
  const [rows, counted] = await Promise.all([
    readRows(payload, { sql: `SELECT p.id AS id FROM products p WHERE ${where.sql} ORDER BY p.featured DESC, p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, args: [...where.args, limit, offset] }),
    readRows(payload, { sql: `SELECT COUNT(*) AS n FROM products p WHERE ${where.sql}`, args: where.args }),
  ])
  return { ids: rows.map((r) => Number(r.id)), total: Number(counted[0]?.n ?? 0) }
}

/** SQLite gives a numeric column's text as "5.0" when it holds a real; ids and categories are integers. */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const s = String(value)
  return /^-?\d+\.0+$/.test(s) ? s.replace(/\.0+$/, '') : s
}

/** Every counted facet without a value: each combination starts from a copy (one allocation, not one per facet). */
const NO_GROUPS = Object.fromEntries(COUNTED_FACETS.map((f) => [f, null])) as Record<CountedFacet, string | null>

/**
 * Reads the scope's combinations with one statement. A search of words that only set filters ("under 5000") has 1,230
 * combinations at 100,000 variants, so the rows are read with as few objects made per row as can be.
 */
export async function readCombinations(payload: Payload, scope: readonly ScopeCondition[], groupings: readonly FacetGrouping[], conditions: readonly FilterCondition[]): Promise<Combination[]> {
  const flags = flagConditions(conditions)
  const rows = await readRows(payload, combinationStatement(payload, scope, groupings, flags))
  const groupColumns = groupings.map((g, i) => [g.facet, `g${i}`] as const)
  const flagColumns = flags.map((c, i) => [c.facet, `f${i}`] as const)
  return rows.map((r) => {
    const groups = { ...NO_GROUPS }
    for (const [facet, column] of groupColumns) groups[facet] = text(r[column])
    const flagged: Combination['flags'] = {}
    for (const [facet, column] of flagColumns) flagged[facet] = Number(r[column]) === 1
    return { kind: text(r.kind), groups, flags: flagged, count: Number(r.n) }
  })
}
