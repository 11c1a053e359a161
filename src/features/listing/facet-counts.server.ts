// Facet counts in one SQL statement on either database (issue 25 §4): the listing's visible products in its scope are
// read once into a narrow materialised set with one 0/1 flag per chosen filter, then each facet is one GROUP BY over
// that set, keeping the rows that pass every filter but the facet's own. Never one count per option.
import type { Payload } from 'payload'
import { isPostgres, placeholders, readRows, type Arg } from '../../lib/db/sql.server'
import type { Interval } from '../../domain/catalogue/listing-bands'
import {
  conditionsFor,
  type CountedFacet,
  type FacetGrouping,
  type FilterCondition,
  type FilterField,
  type FilterTest,
  type GroupRow,
} from '../../domain/catalogue/listing-facets'

/** The listing's scope as one condition on products, or null for every product on sale (a search with no words). */
export type ScopeCondition = { field: 'kind' | 'brandId' | 'categoryId' | 'id'; values: readonly (string | number)[] } | null

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
export function scopeSql(payload: Payload, scope: ScopeCondition): Fragment {
  if (scope === null) return { sql: '1 = 1', args: [] }
  if (scope.field !== 'id') return testSql(COLUMNS[scope.field], { kind: 'in', values: scope.values })
  const ids = scope.values.map(Number).filter((n) => Number.isSafeInteger(n))
  if (!ids.length) return { sql: '1 = 0', args: [] }
  return isPostgres(payload)
    ? { sql: 'p.id = ANY(CAST(? AS integer[]))', args: [`{${ids.join(',')}}`] }
    : { sql: 'p.id IN (SELECT value FROM json_each(?))', args: [JSON.stringify(ids)] }
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

export interface ScopePresence {
  /** products on sale in the scope, whatever is chosen */
  total: number
  kinds: string[]
  brandIds: number[]
  categoryIds: number[]
}

export interface FacetRead {
  presence: ScopePresence
  rows: GroupRow[]
}

/**
 * The statement: scope presence (which kinds, brands and categories the scope holds at all, so an option left
 * with nothing is shown disabled rather than dropped) and each facet's groups under the other facets' filters.
 */
export function facetStatement(payload: Payload, scope: ScopeCondition, conditions: FilterCondition[], groupings: FacetGrouping[]): Fragment {
  const args: Arg[] = []
  const groups = groupings.map((g, i) => {
    const e = groupExpression(g)
    args.push(...e.args)
    return `${e.sql} AS g${i}`
  })
  const flags = conditions.map((c, i) => {
    const t = testSql(COLUMNS[c.field], c.test)
    args.push(...t.args)
    return `CASE WHEN ${t.sql} THEN 1 ELSE 0 END AS f${i}`
  })
  const where = scopeSql(payload, scope)
  args.push(...where.args)
  // both databases materialise a CTE read more than once; saying so keeps PostgreSQL from inlining it into each branch
  const branches = [
    `SELECT 'scope:kind' AS facet, CAST(kind AS TEXT) AS value, COUNT(*) AS n FROM s GROUP BY kind`,
    `SELECT 'scope:brand', CAST(brand AS TEXT), COUNT(*) FROM s GROUP BY brand`,
    `SELECT 'scope:category', CAST(category AS TEXT), COUNT(*) FROM s GROUP BY category`,
    ...groupings.map((g, i) => {
      const others = conditionsFor(g.facet, conditions).map((c) => `f${conditions.indexOf(c)} = 1`)
      return `SELECT '${g.facet}', CAST(g${i} AS TEXT), COUNT(*) FROM s${others.length ? ` WHERE ${others.join(' AND ')}` : ''} GROUP BY g${i}`
    }),
  ]
  return {
    sql: `WITH s AS MATERIALIZED (
        SELECT p.kind AS kind, p.brand_id AS brand, p.category_id AS category, ${[...groups, ...flags].join(', ')}
        FROM products p WHERE p.status = 'active' AND ${where.sql})
      ${branches.join('\n      UNION ALL ')}`,
    args,
  }
}

/** Reads scope presence and every facet's groups with one statement. */
export async function readFacetGroups(payload: Payload, scope: ScopeCondition, conditions: FilterCondition[], groupings: FacetGrouping[]): Promise<FacetRead> {
  const stmt = facetStatement(payload, scope, conditions, groupings)
  const rows = await readRows(payload, stmt)
  const presence: ScopePresence = { total: 0, kinds: [], brandIds: [], categoryIds: [] }
  const out: GroupRow[] = []
  const counted = new Set<string>(groupings.map((g) => g.facet))
  for (const r of rows) {
    const facet = String(r.facet)
    const value = r.value === null || r.value === undefined ? null : String(r.value)
    const n = Number(r.n)
    if (facet === 'scope:kind') {
      presence.total += n
      if (value !== null) presence.kinds.push(value)
    } else if (facet === 'scope:brand') {
      if (value !== null) presence.brandIds.push(Number(value))
    } else if (facet === 'scope:category') {
      if (value !== null) presence.categoryIds.push(Number(value))
    } else if (counted.has(facet)) {
      out.push({ facet: facet as CountedFacet, value: value === null ? null : canonicalValue(value), count: n })
    }
  }
  return { presence, rows: out }
}

/** SQLite gives a numeric column's text as "5.0" when it holds a real; ids and categories are integers. */
function canonicalValue(value: string): string {
  return /^-?\d+\.0+$/.test(value) ? value.replace(/\.0+$/, '') : value
}
