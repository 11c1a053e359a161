// How many products a brand's or a category's page lists, counted by the listing's own scope SQL: a search
// suggestion that links to such a page says the count the page then shows (ADR 078).
import 'server-only'
import type { Payload } from 'payload'
import { readRows, type Arg } from '../../cms/sql.server'
import type { GroupPageTotals } from '../search/suggest.server'
import { scopeSql } from './facet-counts.server'
import { allCategories } from './categories-and-brands.server'
import { scopeConditions, type ListingScope } from './listing-conditions.server'

/**
 * The products on sale in each brand's and each category's scope, as its page counts them with no filter (a category with its descendants, an e-bike sold as
 * a motor vehicle under no cycle category), in one statement: a count per group, each by the listing's indexes.
 */
export const groupPageTotals: GroupPageTotals = async (payload: Payload, groups) => {
  const categories = await allCategories()
  const parts: { sql: string; args: Arg[]; key: string }[] = []
  const count = (key: string, scope: ListingScope) => {
    const where = scopeSql(payload, scopeConditions(scope, categories, null))
    parts.push({ sql: `SELECT ? AS k, COUNT(*) AS n FROM products p WHERE p.status = 'active' AND ${where.sql}`, args: [key, ...where.args], key })
  }
  for (const id of groups.brands) count(`b${id}`, { type: 'brand', brandId: id })
  for (const id of groups.categories) {
    const category = categories.find((c) => c.id === id)
    if (category) count(`c${id}`, { type: 'category', categoryPath: category.path })
  }
  const totals = { brands: new Map<number, number>(), categories: new Map<number, number>() }
  if (!parts.length) return totals
  const rows = await readRows(payload, { sql: parts.map((p) => `SELECT k, n FROM (${p.sql}) ${p.key}`).join(' UNION ALL '), args: parts.flatMap((p) => p.args) })
  for (const r of rows) {
    const key = String(r.k)
    ;(key.startsWith('b') ? totals.brands : totals.categories).set(Number(key.slice(1)), Number(r.n))
  }
  return totals
}
