// A listing page on the rider's monthly budget: read by its own SQL over products, the listing's conditions and the
// budget's price ceilings, where every other page is read through Payload.
import 'server-only'
import { payloadClient } from '../../cms/payload-client.server'
import { readCards } from '../catalogue/queries.server'
import { PAGE_SIZE, type ListingQuery } from '../../domain/catalogue/listing-query'
import { listingConditions } from '../../domain/catalogue/listing-facets'
import { factTestSql, scopeSql } from './facet-counts.server'
import { withWordFilters } from '../../domain/search/query-filters'
import { budgetPanel, budgetSql } from '../finance-figures/monthly-figures.server'
import { bestBudgetQuote, budgetClauses, exampleFromQuote, type BudgetQuery } from '../../domain/finance/monthly-figures'
import { readRows } from '../../cms/sql.server'
import { listPrice, onHand } from '../catalogue-rows/catalogue-rows'
import { allBrands, allCategories } from './categories-and-brands.server'
import { resolver, scopeConditions, searchedFor, searchOnce, type ListingScope } from './listing-conditions.server'
import type { ListingResult } from './listing-result'

/**
 * The budget filter (ADR 030): the panel's hire-purchase rates turned into price ceilings for the rider's
 * monthly budget, deposit and term, filtered and sorted by monthly cost in one SQL statement; only the page's own
 * bikes are then quoted, in-process by the quote engine, for the figures their cards print.
 */
export async function readBudgetPage(scope: ListingScope, query: ListingQuery, budget: BudgetQuery): Promise<ListingResult> {
  const [payload, categories, brands] = await Promise.all([payloadClient(), allCategories(), allBrands()])
  const search = query.q ? await searchOnce(query.q) : null
  const filters = search ? withWordFilters(query, search.filters) : query
  const conditions = listingConditions(filters, resolver(categories, brands))
  const asOf = new Date()
  const panel = await budgetPanel(payload)
  const money = budgetSql(payload, budgetClauses(panel, budget, asOf), budget.depositPence)
  const parts = [{ sql: `p.status = 'active' AND ${onHand('p')} > 0`, args: [] }, scopeSql(payload, scopeConditions(scope, categories, search)), ...conditions.map((c) => factTestSql(c.field, c.test)), money.where]
  const where = { sql: parts.map((p) => p.sql).join(' AND '), args: parts.flatMap((p) => p.args) }
  const offset = (query.page - 1) * PAGE_SIZE
  const [rows, counted] = await Promise.all([
    readRows(payload, {
      sql: `SELECT p.id AS id, ${listPrice('p')} AS price, p.condition AS condition, p.vehicle_registration_date AS registered, p.vehicle_mileage AS mileage, ${money.monthly.sql} AS monthly FROM products p WHERE ${where.sql} ORDER BY 6, p.id LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
      args: [...money.monthly.args, ...where.args],
    }),
    readRows(payload, { sql: `SELECT COUNT(*) AS n FROM products p WHERE ${where.sql}`, args: where.args }),
  ])
  const cards = await readCards(payload, rows.map((r) => Number(r.id)))
  const byId = new Map(cards.map((c) => [c.id, c]))
  const quotes = rows.flatMap((r) => {
    const registered = r.registered instanceof Date ? r.registered.toISOString() : r.registered == null ? null : String(r.registered)
    const bike = { cashPricePence: Number(r.price), condition: r.condition === 'used' ? ('used' as const) : ('new' as const), registrationDate: registered, odometerMiles: Number(r.mileage ?? 0) }
    const best = bestBudgetQuote(panel, bike, budget, asOf)
    return best && best.quote.regularPaymentPence <= budget.monthlyPence ? [{ productId: Number(r.id), ...best }] : []
  })
  const first = quotes[0]
  const firstCard = first ? byId.get(first.productId) : undefined
  return {
    cards,
    totalDocs: Number(counted[0]?.n ?? 0),
    page: query.page,
    searchedFor: searchedFor(search),
    monthly: quotes.map((q) => ({ productId: q.productId, monthlyPence: q.quote.regularPaymentPence })),
    example: first && firstCard ? { example: exampleFromQuote(first.quote), lenderName: first.lenderName, bikeName: firstCard.name } : null,
  }
}
