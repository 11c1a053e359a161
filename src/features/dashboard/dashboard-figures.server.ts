// The admin dashboard's figures, each read by one SQL statement on SQLite or PostgreSQL (outside any transaction),
// so the home page costs a handful of indexed reads whatever the catalogue's size (bench/dashboard.mjs). Money is
// pence here; the page turns it into pounds. Only the dashboard view calls this, after checking the user is staff.
import 'server-only'
import type { Payload } from 'payload'
import { addDays, londonDay } from '../../domain/booking/calendar'
import { takingsSince, type HourTakings } from '../../domain/dashboard/takings'
import { BACKUP_SHOP } from '../jobs/task-names'
import { isPostgres, readRows, type Stmt } from '../../cms/sql.server'
import { onHand } from '../catalogue-rows/catalogue-rows'

const n = (v: unknown): number => (v == null ? 0 : Number(v))
const text = (v: unknown): string => (v == null ? '' : String(v))
const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : String(v))

/**
 * Money taken per UTC hour since `since`: orders by when they were paid (card, showroom, finance marked paid) and
 * reservation deposits, each less what has been refunded of it. A reservation turned into an order counts twice,
 * rightly: its deposit when it was paid, and the rest of the price when the order was.
 */
export function takingsStatement(payload: Payload, since: Date): Stmt {
  const hour = isPostgres(payload) ? `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')` : 'substr(at, 1, 13)'
  return {
    sql: `SELECT ${hour} AS hour, SUM(pence) AS pence FROM (
      SELECT payment_paid_at AS at, total_pence - COALESCE(payment_refunded_pence, 0) AS pence FROM orders WHERE payment_paid_at >= ?
      UNION ALL
      SELECT payment_paid_at AS at, deposit_pence - COALESCE(payment_refunded_pence, 0) AS pence FROM reservations WHERE payment_paid_at >= ?
    ) paid GROUP BY 1`,
    args: [since.toISOString(), since.toISOString()],
  }
}

export async function hourlyTakings(payload: Payload, now: Date): Promise<HourTakings[]> {
  const rows = await readRows(payload, takingsStatement(payload, takingsSince(now)))
  return rows.map((r) => ({ hour: `${text(r.hour)}:00:00.000Z`, pence: n(r.pence) }))
}

export interface WorkToDo {
  readonly toDispatch: number
  readonly toPrepareForCollection: number
  readonly reservationsExpiring: number
  readonly financeHoldsExpiring: number
  readonly servicesToday: number
  readonly servicesTomorrow: number
  readonly testRidesToday: number
  readonly testRidesTomorrow: number
  readonly importsRunning: number
  readonly importsFailed: number
  readonly lowStockThreshold: number
}

/** What needs doing, counted by one statement of scalar subqueries (each on an indexed status or day column). */
export async function workToDo(payload: Payload, now: Date): Promise<WorkToDo> {
  const today = londonDay(now)
  const tomorrow = addDays(today, 1)
  const from = now.toISOString()
  const to = new Date(now.getTime() + 24 * 3_600_000).toISOString()
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString()
  const open = `status IN ('paid', 'processing')`
  const bookings = (kind: string, day: string) => `(SELECT COUNT(*) FROM bookings WHERE kind = '${kind}' AND day = '${day}' AND status NOT IN ('cancelled', 'no_show'))`
  const [r] = await readRows(payload, {
    sql: `SELECT
      (SELECT COUNT(*) FROM orders WHERE ${open} AND delivery_method <> 'free') AS to_dispatch,
      (SELECT COUNT(*) FROM orders WHERE ${open} AND delivery_method = 'free') AS to_collect,
      (SELECT COUNT(*) FROM reservations WHERE stock_state = 'held' AND stock_hold_expires_at >= ? AND stock_hold_expires_at < ?) AS reservations_expiring,
      (SELECT COUNT(*) FROM orders WHERE kind = 'finance' AND stock_state = 'held' AND stock_hold_expires_at >= ? AND stock_hold_expires_at < ?) AS finance_expiring,
      ${bookings('service', today)} AS services_today,
      ${bookings('service', tomorrow)} AS services_tomorrow,
      ${bookings('test_ride', today)} AS rides_today,
      ${bookings('test_ride', tomorrow)} AS rides_tomorrow,
      (SELECT COUNT(*) FROM catalogue_imports WHERE status IN ('queued', 'running')) AS imports_running,
      (SELECT COUNT(*) FROM catalogue_imports WHERE status = 'failed' AND created_at >= ?) AS imports_failed,
      (SELECT low_stock_threshold FROM site_settings LIMIT 1) AS low_stock_threshold`,
    args: [from, to, from, to, weekAgo],
  })
  return {
    toDispatch: n(r?.to_dispatch),
    toPrepareForCollection: n(r?.to_collect),
    reservationsExpiring: n(r?.reservations_expiring),
    financeHoldsExpiring: n(r?.finance_expiring),
    servicesToday: n(r?.services_today),
    servicesTomorrow: n(r?.services_tomorrow),
    testRidesToday: n(r?.rides_today),
    testRidesTomorrow: n(r?.rides_tomorrow),
    importsRunning: n(r?.imports_running),
    importsFailed: n(r?.imports_failed),
    lowStockThreshold: r?.low_stock_threshold == null ? 2 : n(r.low_stock_threshold),
  }
}

export interface LastBackup {
  readonly at: string
  readonly ok: boolean
  readonly error: string
}

/** The last backup job that finished, well or not (the same jobs /metrics reads for its "backup missed" alert). */
export async function lastBackup(payload: Payload): Promise<LastBackup | null> {
  const [r] = await readRows(payload, {
    sql: `SELECT completed_at, updated_at, has_error, error FROM payload_jobs WHERE task_slug = ? AND (completed_at IS NOT NULL OR has_error = true) ORDER BY updated_at DESC LIMIT 1`,
    args: [BACKUP_SHOP],
  })
  if (!r) return null
  const failed = r.has_error === true || n(r.has_error) === 1
  const error = typeof r.error === 'string' ? r.error : r.error ? JSON.stringify(r.error) : ''
  return { at: iso(r.completed_at) ?? iso(r.updated_at) ?? '', ok: !failed, error: error.slice(0, 300) }
}

export interface ProductFigure {
  readonly id: number
  readonly name: string
  readonly figure: number
  readonly pence?: number
}

/**
 * Products on sale with this many units or fewer, fewest first: a variable product's units are its variants'
 * together (one grouped read of the variants table, by its product index), a simple product's its own. `total` is
 * how many products are low, however many are listed.
 */
export async function lowStock(payload: Payload, threshold: number, limit = 10): Promise<{ total: number; products: ProductFigure[] }> {
  const rows = await readRows(payload, {
    sql: `SELECT id, name, units, COUNT(*) OVER () AS total FROM (
      SELECT p.id, p.name, CASE WHEN p.product_type = 'variable' THEN COALESCE(v.units, 0) ELSE COALESCE(${onHand('p')}, 0) END AS units
      FROM products p LEFT JOIN (SELECT product_id, SUM(${onHand()}) AS units FROM variants GROUP BY product_id) v ON v.product_id = p.id
      WHERE p.status = 'active'
    ) stock WHERE units <= ? ORDER BY units, name LIMIT ?`,
    args: [threshold, limit],
  })
  return { total: n(rows[0]?.total), products: rows.map((r) => ({ id: n(r.id), name: text(r.name), figure: n(r.units) })) }
}

/** The products that sold most units in paid orders over the last `days` days (cancelled and refunded ones aside). */
export async function bestSellers(payload: Payload, now: Date, days = 30, limit = 10): Promise<ProductFigure[]> {
  const rows = await readRows(payload, {
    sql: `SELECT p.id, p.name, SUM(l.count) AS units, SUM(l.line_total_pence) AS pence
      FROM orders_lines l JOIN orders o ON o.id = l._parent_id JOIN products p ON p.id = l.product_id
      WHERE o.payment_paid_at >= ? AND o.status NOT IN ('cancelled', 'refunded')
      GROUP BY p.id, p.name ORDER BY units DESC, pence DESC, p.name LIMIT ?`,
    args: [new Date(now.getTime() - days * 24 * 3_600_000).toISOString(), limit],
  })
  return rows.map((r) => ({ id: n(r.id), name: text(r.name), figure: n(r.units), pence: n(r.pence) }))
}

export interface SearchedWords {
  readonly words: string
  readonly searches: number
  readonly withoutResults: number
}

/**
 * The words searched most (or most often without a result) on result pages over the last `days` UTC days, today
 * included: the search log keeps one row per words per day (ADR 039).
 */
export async function searchedWords(payload: Payload, now: Date, days: number, order: 'searches' | 'withoutResults', limit = 10): Promise<SearchedWords[]> {
  const since = addDays(now.toISOString().slice(0, 10), -(days - 1))
  const rows = await readRows(payload, {
    sql: `SELECT words, SUM(searches) AS searches, SUM(without_results) AS without_results FROM search_log
      WHERE kind = 'results' AND day >= ? GROUP BY words
      ${order === 'withoutResults' ? 'HAVING SUM(without_results) > 0 ORDER BY without_results DESC' : 'ORDER BY searches DESC'}, words LIMIT ?`,
    args: [since, limit],
  })
  return rows.map((r) => ({ words: text(r.words), searches: n(r.searches), withoutResults: n(r.without_results) }))
}

export interface DashboardFigures {
  readonly hours: HourTakings[]
  readonly work: WorkToDo
  readonly backup: LastBackup | null
  readonly lowStock: { total: number; products: ProductFigure[] }
  readonly bestSellers: ProductFigure[]
  readonly searches: { readonly top7: SearchedWords[]; readonly top30: SearchedWords[]; readonly none7: SearchedWords[]; readonly none30: SearchedWords[] }
}

/** Every figure of the dashboard at `now`, read afresh (nothing is cached: the page is for staff, a few at a time). */
export async function dashboardFigures(payload: Payload, now: Date): Promise<DashboardFigures> {
  const work = await workToDo(payload, now)
  const [hours, backup, low, sellers, top7, top30, none7, none30] = await Promise.all([
    hourlyTakings(payload, now),
    lastBackup(payload),
    lowStock(payload, work.lowStockThreshold),
    bestSellers(payload, now),
    searchedWords(payload, now, 7, 'searches'),
    searchedWords(payload, now, 30, 'searches'),
    searchedWords(payload, now, 7, 'withoutResults'),
    searchedWords(payload, now, 30, 'withoutResults'),
  ])
  return { hours, work, backup, lowStock: low, bestSellers: sellers, searches: { top7, top30, none7, none30 } }
}
