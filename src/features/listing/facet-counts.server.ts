// Facet counts: the scope's products on sale grouped by every facet's value at once (bands as buckets,
// typed ranges as pass/fail flags), counted from the facet index of the products on sale (domain/catalogue/
// facet-index.ts, ADR 034), which is read in one statement and kept until the catalogue changes. Each facet's counts
// are then summed from those combinations in domain/catalogue/listing-facets.ts. Never one count per option.
// The listing's own pages are read with SQL built here from the same conditions (scopeSql, testSql).
import type { Payload } from 'payload'
import { inIdList, isPostgres, placeholders, readRows, type Arg } from '../../cms/sql.server'
import type { Interval } from '../../domain/catalogue/listing-bands'
import { flagConditions, type Combination, type FacetGrouping, type FilterCondition, type FilterTest } from '../../domain/catalogue/listing-facets'
import type { ScopeCondition } from '../../domain/catalogue/facet-index'
import { COLUMNS, LISTED_AS_CYCLE_SQL, facetIndex, isCycleFact } from '../catalogue/facet-index.server'

export type { ScopeCondition }


export interface Fragment {
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

/**
 * A test of one of the listing's facts: a cycle fact (a category, frame, bicycle type, range) never lists an e-bike
 * sold as a motor vehicle (ADR 069); the column's own test is kept as it is, so its index still serves.
 */
export function factTestSql(field: keyof typeof COLUMNS, test: FilterTest): Fragment {
  const tested = testSql(COLUMNS[field], test)
  return isCycleFact(field) ? { sql: `(${tested.sql} AND ${LISTED_AS_CYCLE_SQL})`, args: tested.args } : tested
}

/** The scope as a predicate; a product id list (a search's matches) travels as one array argument. */
export function scopeSql(payload: Payload, scope: readonly ScopeCondition[]): Fragment {
  if (!scope.length) return { sql: '1 = 1', args: [] }
  return join(scope.map((c) => scopeConditionSql(payload, c)), ' AND ')
}

function scopeConditionSql(payload: Payload, scope: ScopeCondition): Fragment {
  if (scope.field !== 'id') return factTestSql(scope.field, { kind: 'in', values: scope.values })
  return inIdList(payload, 'p.id', scope.values)
}

/** Ids of the products on sale in the scope that pass every condition: the listing's own rule. */
export async function filteredProductIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[]): Promise<number[]> {
  return (await facetIndex(payload)).filteredIds(scope, conditions)
}

/**
 * From this many matches, SQLite reads a page by walking the listing's order index and stops once the page is full.
 * Its planner otherwise reads the matches through the kind and price index and sorts them all: for words that only set
 * filters (`under 5000`: 20,017 accessories and riderwear at 100,000 variants) that sort was 30-40 ms of every such
 * search, where the walk takes 1-2 ms. Below it the sort of a few matches is the cheaper.
 */
export const WALK_ORDER_FROM = 2_000

/** The statement of one page in the listing's default order, given how many products match (`total`). */
export function orderedPageStatement(payload: Payload, where: Fragment, total: number, offset: number, limit: number): { sql: string; args: Arg[] } {
  const from = !isPostgres(payload) && total >= WALK_ORDER_FROM ? 'products p INDEXED BY products_listing_all_idx' : 'products p'
  return { sql: `SELECT p.id AS id FROM ${from} WHERE ${where.sql} ORDER BY p.featured DESC, p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, args: [...where.args, limit, offset] }
}

/**
 * One page of ids of the products on sale in the scope that pass every condition, in the listing's default order
 * (featured, newest: Payload's `-featured, -createdAt, -id`), and how many there are. The status is named in the SQL,
 * not bound, so that SQLite can use its partial indexes (migration 20261127_110000_listing_all_and_facets_indexes).
 * How many is counted in the facet index, by the same rule as the facets beside it: SQLite's planner counted the
 * accessories and riderwear under a price through the kind and price index, looking up each of 20,017 rows' status
 * (23 ms of every `under 5000` search at 100,000 variants). The count then chooses the page's statement.
 */
export async function orderedProductIds(payload: Payload, scope: readonly ScopeCondition[], conditions: readonly FilterCondition[], offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const total = (await facetIndex(payload)).filteredCount(scope, conditions)
  if (limit <= 0 || offset >= total) return { ids: [], total }
  const parts = [{ sql: `p.status = 'active'`, args: [] }, scopeSql(payload, scope), ...conditions.map((c) => factTestSql(c.field, c.test))]
  const rows = await readRows(payload, orderedPageStatement(payload, join(parts, ' AND '), total, offset, limit))
  return { ids: rows.map((r) => Number(r.id)), total }
}

/**
 * The scope's combinations: its products on sale grouped by kind, every facet's value at once (bands as buckets) and
 * each typed range as a pass/fail flag, counted from the facet index.
 */
export async function readCombinations(payload: Payload, scope: readonly ScopeCondition[], groupings: readonly FacetGrouping[], conditions: readonly FilterCondition[]): Promise<readonly Combination[]> {
  return (await facetIndex(payload)).combinations(scope, groupings, flagConditions(conditions))
}
