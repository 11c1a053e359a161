// How many products a brand's or a category's page lists, counted by the listing's own scope SQL: a search
// suggestion that links to such a page says the count the page then shows (ADR 078).
import 'server-only'
import type { Payload } from 'payload'
import { catalogueMemo } from '../../cms/catalogue-memo.server'
import { readRows, type Arg } from '../../cms/sql.server'
import type { GroupPageTotals } from '../search/suggest.server'
import { scopeSql } from './facet-counts.server'
import { allCategories } from './categories-and-brands.server'
import { scopeConditions, type ListingScope } from './listing-conditions.server'

/** The page a group opens: a brand's, or a category's with its descendants. */
type Group = { kind: 'brand' | 'category'; id: number }
const groupKey = (g: Group) => `${g.kind === 'brand' ? 'b' : 'c'}${g.id}`

/**
 * The products on sale in each brand's and each category's scope, as its page counts them with no filter (a category
 * with its descendants, an e-bike sold as a motor vehicle under no cycle category). Each group's count is kept until
 * the catalogue changes (catalogueMemo): a rider's every keystroke asks for the same few brands and categories, and
 * counting a large category at 100,000 variants costs milliseconds each time. The groups not yet counted are
 * counted in one statement, each by the listing's indexes.
 */
export const groupPageTotals: GroupPageTotals = async (payload: Payload, groups) => {
  const wanted: Group[] = [...groups.brands.map((id) => ({ kind: 'brand' as const, id })), ...groups.categories.map((id) => ({ kind: 'category' as const, id }))]
  const totals = { brands: new Map<number, number>(), categories: new Map<number, number>() }
  if (!wanted.length) return totals
  const counted = await countedTogether(payload, wanted)
  wanted.forEach((g, i) => (g.kind === 'brand' ? totals.brands : totals.categories).set(g.id, counted[i]!))
  return totals
}

/** Each group's count from the memo; those missing are read in one statement, and each is remembered alone. */
function countedTogether(payload: Payload, wanted: readonly Group[]): Promise<number[]> {
  let batch: Promise<Map<string, number>> | null = null
  const missing: Group[] = []
  const readBatch = () => (batch ??= Promise.resolve().then(() => countGroups(payload, missing)))
  const each = wanted.map((g) =>
    catalogueMemo(`listing-page-total:${groupKey(g)}`, () => {
      missing.push(g)
      return readBatch().then((counts) => counts.get(groupKey(g)) ?? 0)
    }),
  )
  return Promise.all(each)
}

/** One statement: a count per group, each by the listing's own scope SQL. */
async function countGroups(payload: Payload, groups: readonly Group[]): Promise<Map<string, number>> {
  const categories = await allCategories()
  const parts: { sql: string; args: Arg[]; key: string }[] = []
  for (const g of groups) {
    const category = g.kind === 'category' ? categories.find((c) => c.id === g.id) : undefined
    if (g.kind === 'category' && !category) continue
    const scope: ListingScope = category ? { type: 'category', categoryPath: category.path } : { type: 'brand', brandId: g.id }
    const where = scopeSql(payload, scopeConditions(scope, categories, null))
    parts.push({ sql: `SELECT ? AS k, COUNT(*) AS n FROM products p WHERE p.status = 'active' AND ${where.sql}`, args: [groupKey(g), ...where.args], key: groupKey(g) })
  }
  const counts = new Map<string, number>()
  if (!parts.length) return counts
  const rows = await readRows(payload, { sql: parts.map((p) => `SELECT k, n FROM (${p.sql}) ${p.key}`).join(' UNION ALL '), args: parts.flatMap((p) => p.args) })
  for (const r of rows) counts.set(String(r.k), Number(r.n))
  return counts
}
