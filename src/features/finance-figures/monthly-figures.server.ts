// The stored monthly figures of listing cards (ADR 030): read with a page of cards in one statement, written
// by the refreshMonthlyFigures job, and the budget filter's SQL (the panel's HP rates as price ceilings, see
// domain/finance/monthly-figures.ts). No 'server-only': the job runner and the integration tests load it outside Next.
import type { Payload, PayloadRequest } from 'payload'
import { isPostgres, placeholders, readRows, execute, type Arg } from '../../cms/sql.server'
import type { RepresentativeExample } from '../../domain/finance/representative-example'
import type { BudgetClause } from '../../domain/finance/monthly-figures'
import { FINANCEABLE_KINDS } from '../../domain/finance/product-monthly-estimate'
import type { Lender } from '../../domain/finance/rate-table'
import { panelFromDocuments } from './lender-document'
import { REFRESH_MONTHLY_FIGURES } from '../jobs/task-names'
import { listPrice } from '../catalogue-rows/catalogue-rows'

export interface StoredMonthlyFigure {
  readonly productId: number
  readonly monthlyPence: number
  readonly facilityType: 'HP' | 'PCP'
  readonly aprPercent: number
  readonly termMonths: number
  readonly depositPence: number
  readonly cashPricePence: number
  readonly lenderName: string
  readonly example: RepresentativeExample
  readonly source: string
}

/** The stored figures of these products, by product id (one indexed read for a page of cards). */
export async function readMonthlyFigures(payload: Payload, productIds: readonly number[]): Promise<Map<number, StoredMonthlyFigure>> {
  const ids = productIds.filter((id) => Number.isSafeInteger(id))
  if (!ids.length) return new Map()
  const rows = await readRows(payload, {
    sql: `SELECT product_id, monthly_pence, facility_type, apr_percent, term_months, deposit_pence, cash_price_pence, lender_name, example, source FROM product_monthly_figures WHERE product_id IN (${placeholders(ids.length)})`,
    args: ids,
  })
  return new Map(
    rows.map((r) => {
      const figure: StoredMonthlyFigure = {
        productId: Number(r.product_id),
        monthlyPence: Number(r.monthly_pence),
        facilityType: r.facility_type === 'PCP' ? 'PCP' : 'HP',
        aprPercent: Number(r.apr_percent),
        termMonths: Number(r.term_months),
        depositPence: Number(r.deposit_pence),
        cashPricePence: Number(r.cash_price_pence),
        lenderName: String(r.lender_name),
        example: (typeof r.example === 'string' ? JSON.parse(r.example) : r.example) as RepresentativeExample,
        source: String(r.source),
      }
      return [figure.productId, figure]
    }),
  )
}

/** Stores `figures` (one row a product, replaced in place: jobs may run side by side); `removed` products lose theirs. */
export async function writeMonthlyFigures(payload: Payload, figures: readonly StoredMonthlyFigure[], removed: readonly number[], now: Date): Promise<void> {
  const pg = isPostgres(payload)
  for (let i = 0; i < removed.length; i += 500) {
    const chunk = removed.slice(i, i + 500)
    await execute(payload, null, { sql: `DELETE FROM product_monthly_figures WHERE product_id IN (${placeholders(chunk.length)})`, args: chunk })
  }
  for (let i = 0; i < figures.length; i += 100) {
    const chunk = figures.slice(i, i + 100)
    // PostgreSQL types a VALUES list's parameters as text unless told.
    const row = pg
      ? '(CAST(? AS integer), CAST(? AS integer), CAST(? AS varchar), CAST(? AS numeric), CAST(? AS integer), CAST(? AS integer), CAST(? AS integer), CAST(? AS varchar), CAST(? AS jsonb), CAST(? AS varchar), CAST(? AS timestamptz))'
      : '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    const args: Arg[] = chunk.flatMap((f) => [f.productId, f.monthlyPence, f.facilityType, f.aprPercent, f.termMonths, f.depositPence, f.cashPricePence, f.lenderName, JSON.stringify(f.example), f.source, now.toISOString()])
    // Only products still there: a product deleted while its quote was being worked out gets no row.
    await execute(payload, null, {
      sql: `INSERT INTO product_monthly_figures (product_id, monthly_pence, facility_type, apr_percent, term_months, deposit_pence, cash_price_pence, lender_name, example, source, refreshed_at) SELECT v.* FROM (VALUES ${chunk.map(() => row).join(', ')}) AS v WHERE v.column1 IN (SELECT id FROM products)
        ON CONFLICT (product_id) DO UPDATE SET monthly_pence = excluded.monthly_pence, facility_type = excluded.facility_type, apr_percent = excluded.apr_percent,
          term_months = excluded.term_months, deposit_pence = excluded.deposit_pence, cash_price_pence = excluded.cash_price_pence, lender_name = excluded.lender_name,
          example = excluded.example, source = excluded.source, refreshed_at = excluded.refreshed_at`,
      args,
    })
  }
}

/** The lender panel the budget filter reads: the same `lenders` collection the built-in provider quotes from. */
export async function budgetPanel(payload: Payload): Promise<Lender[]> {
  const found = await payload.find({ collection: 'lenders', where: { active: { equals: true } }, limit: 100, depth: 0, overrideAccess: true, pagination: false })
  return panelFromDocuments(found.docs)
}

export interface Fragment {
  readonly sql: string
  readonly args: Arg[]
}

/** The bikes a lender of the panel offers hire purchase on within the budget: one predicate per clause, any holding. */
function clauseSql(c: BudgetClause): Fragment {
  const parts: Fragment[] = []
  if (c.condition !== 'used') parts.push({ sql: `p.condition = 'new'`, args: [] })
  if (c.condition !== 'new') {
    const used: Fragment[] = [{ sql: `p.condition = 'used' AND p.vehicle_registration_date IS NOT NULL`, args: [] }]
    if (c.registeredAfter) used.push({ sql: 'p.vehicle_registration_date > ?', args: [c.registeredAfter] })
    if (c.registeredNotAfter) used.push({ sql: 'p.vehicle_registration_date <= ?', args: [c.registeredNotAfter] })
    parts.push({ sql: used.map((u) => u.sql).join(' AND '), args: used.flatMap((u) => u.args) })
  }
  return {
    sql: `((${parts.map((p) => p.sql).join(') OR (')}) AND COALESCE(p.vehicle_mileage, 0) <= ? AND ${listPrice('p')} >= ? AND ${listPrice('p')} <= ?)`,
    args: [...parts.flatMap((p) => p.args), c.maxOdometerMiles, c.minPricePence, c.maxPricePence],
  }
}

/**
 * The budget filter as SQL over `products p`: `where`, bikes offered on finance that at least one clause lets
 * within budget; `monthly`, their best monthly payment before rounding (the cheapest clause they meet), to sort by.
 */
export function budgetSql(payload: Payload, clauses: readonly BudgetClause[], depositPence: number): { where: Fragment; monthly: Fragment } {
  const pg = isPostgres(payload)
  const financeable: Fragment = {
    sql: `p.vehicle_financeable = ${pg ? 'true' : '1'} AND p.kind IN (${placeholders(FINANCEABLE_KINDS.length)}) AND ${listPrice('p')} IS NOT NULL`,
    args: [...FINANCEABLE_KINDS],
  }
  if (!clauses.length) return { where: { sql: '1 = 0', args: [] }, monthly: { sql: '0', args: [] } }
  const each = clauses.map((c) => clauseSql(c))
  const where: Fragment = { sql: `${financeable.sql} AND (${each.map((e) => e.sql).join(' OR ')})`, args: [...financeable.args, ...each.flatMap((e) => e.args)] }
  const cases = clauses.map((c, i) => ({
    sql: `CASE WHEN ${each[i]!.sql} THEN (${listPrice('p')} - ?) * ? + ? ELSE 1e15 END`,
    args: [...each[i]!.args, depositPence, c.perPencePrice, c.offsetPence],
  }))
  const monthly: Fragment =
    cases.length === 1 ? cases[0]! : { sql: `${pg ? 'LEAST' : 'MIN'}(${cases.map((c) => c.sql).join(', ')})`, args: cases.flatMap((c) => c.args) }
  return { where, monthly }
}

/** The product fields a monthly figure depends on: a change to any of them quotes the bike again. */
const QUOTED_FIELDS = ['price', 'vatRate', 'status', 'kind', 'condition', 'productType'] as const

function quotedState(doc: Record<string, unknown> | undefined): string {
  if (!doc) return ''
  const notice = doc.beforeAddToBasketNotification as { extraFee?: unknown; productPromotions?: unknown } | undefined
  const vehicle = doc.vehicle as Record<string, unknown> | undefined
  return JSON.stringify([
    QUOTED_FIELDS.map((f) => doc[f] ?? null),
    notice?.extraFee ?? null,
    notice?.productPromotions ?? null,
    vehicle ? [vehicle.financeable, vehicle.registrationDate, vehicle.mileage, vehicle.vrm, vehicle.capCode] : null,
    doc.brand && typeof doc.brand === 'object' ? (doc.brand as { id?: unknown }).id : (doc.brand ?? null),
  ])
}

/** Queues a refresh in the caller's transaction when there is one, so it exists exactly when the change commits. */
export async function queueMonthlyRefresh(payload: Payload, productIds: readonly number[] | 'all', req?: PayloadRequest): Promise<void> {
  if (productIds !== 'all' && productIds.length === 0) return
  await (payload.jobs.queue as (args: { task: string; input: Record<string, unknown>; req?: PayloadRequest; overrideAccess: boolean }) => Promise<unknown>)({
    task: REFRESH_MONTHLY_FIGURES,
    input: { productIds: productIds === 'all' ? 'all' : JSON.stringify([...productIds]) },
    req,
    overrideAccess: true,
  })
}

/** Products (wired in by the root): a change to what the bike is quoted on refreshes its figure. */
export async function refreshOnProductChange({ doc, previousDoc, operation, req }: { doc: Record<string, unknown> & { id: number }; previousDoc?: Record<string, unknown>; operation: string; req: PayloadRequest }) {
  if (operation === 'create' || quotedState(doc) !== quotedState(previousDoc)) await queueMonthlyRefresh(req.payload, [doc.id], req)
  return doc
}

/** Lenders (wired in by the root): a change of rates, fees or the panel refreshes every bike's figure. */
export async function refreshOnLenderChange({ doc, req }: { doc: unknown; req: PayloadRequest }) {
  await queueMonthlyRefresh(req.payload, 'all', req)
  return doc
}

/**
 * At start-up (src/setup/prepare.ts): a shop that has bikes on sale but no stored figure at all (a database from
 * before monthly figures, or one restored without them) queues one refresh of every bike, unless one is waiting.
 * Answers whether it queued. Without it such a shop's cards show no monthly figure until each bike is next edited.
 */
export async function ensureMonthlyFigures(payload: Payload): Promise<boolean> {
  const [stored] = await readRows(payload, { sql: 'SELECT COUNT(*) AS n FROM product_monthly_figures', args: [] })
  if (Number(stored?.n ?? 0) > 0) return false
  const kinds = [...FINANCEABLE_KINDS]
  const [bikes] = await readRows(payload, { sql: `SELECT COUNT(*) AS n FROM products WHERE status = 'active' AND kind IN (${placeholders(kinds.length)})`, args: kinds })
  if (Number(bikes?.n ?? 0) === 0) return false
  const [waiting] = await readRows(payload, { sql: 'SELECT COUNT(*) AS n FROM payload_jobs WHERE task_slug = ? AND completed_at IS NULL', args: [REFRESH_MONTHLY_FIGURES] })
  if (Number(waiting?.n ?? 0) > 0) return false
  await queueMonthlyRefresh(payload, 'all')
  return true
}
