// Each hand-written table (order rows, stock holds, claims, booking counters) has one module that
// writes SQL naming it, so its column names do not spread through feature files. Any other file whose source
// holds an UPDATE, INSERT INTO or DELETE FROM one of these tables fails this; so does a read of one outside the
// few places listed below with their reason.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SRC, filesMatching, sourceFiles } from '../../tests/fixtures/source-files'

const ORDER_ROWS = 'features/orders/order-rows.server.ts'
const RESERVATION_ROWS = 'features/reservations/reservation-rows.server.ts'
const STOCK_LEDGER = 'features/stock/stock-ledger.server.ts'
const BOOKING_CLAIMS = 'features/bookings/claim-status.server.ts'
const BOOKING_COUNTERS = 'features/bookings/capacity.server.ts'
const JOB_QUEUE = 'features/jobs/queue.server.ts'
const SAVED_BIKE_ROWS = 'features/account/saved-bike-rows.server.ts'
const TEST_GATEWAY = 'adapters/payments/test-gateway.server.ts'
const DOCUMENT_ROWS = 'features/invoices/document-rows.server.ts'
const RETURN_ROWS = 'features/returns/return-rows.server.ts'
const PRICE_HISTORY = 'features/catalogue/price-history.ts'
const DEAL_ROWS = 'features/deals/deal-rows.server.ts'

/** Each table and the one module whose SQL names it. */
const OWNER: Record<string, string> = {
  orders: ORDER_ROWS,
  orders_lines: ORDER_ROWS,
  orders_history: ORDER_ROWS,
  orders_finance_references: ORDER_ROWS,
  reservations: RESERVATION_ROWS,
  reservations_history: RESERVATION_ROWS,
  stock_holds: STOCK_LEDGER,
  bookings: BOOKING_CLAIMS,
  bookings_history: BOOKING_CLAIMS,
  bookings_service_lines: BOOKING_CLAIMS,
  booking_days: BOOKING_COUNTERS,
  payload_jobs: JOB_QUEUE,
  saved_bikes: SAVED_BIKE_ROWS,
  test_gateway_payments: TEST_GATEWAY,
  invoices: DOCUMENT_ROWS,
  document_sequences: DOCUMENT_ROWS,
  returns: RETURN_ROWS,
  returns_history: RETURN_ROWS,
  refunds: RETURN_ROWS,
  price_history: PRICE_HISTORY,
  deals: DEAL_ROWS,
  deals_history: DEAL_ROWS,
}

// The admin dashboard's figures (ADR 054): each one aggregate statement across several owners' tables, read only;
// no owner's module could answer a sum over another's rows, and the Local API would read every record whole.
const DASHBOARD = 'features/dashboard/dashboard-figures.server.ts'

/** Reads of a table outside its module, each for a reason the module cannot serve. */
const READS_ELSEWHERE: Record<string, readonly string[]> = {
  // Which holds are unpaid (ADR 022's network caps) is a condition inside the ledger's own statements.
  orders: [STOCK_LEDGER, DASHBOARD],
  orders_lines: [DASHBOARD],
  reservations: [STOCK_LEDGER, DASHBOARD],
  // The counters are recounted from the bookings that hold them.
  bookings: [BOOKING_COUNTERS, DASHBOARD],
  // A guard inside the import's batch (the alert job is queued only if someone asked for alerts); catalogue-import
  // may not import features/account (eslint-rules/layers.mjs).
  saved_bikes: ['features/catalogue-import/import-feed.server.ts'],
  // Loaded by the Payload config outside Next, where the server-only queue module cannot be.
  payload_jobs: ['features/finance-figures/monthly-figures.server.ts', DASHBOARD],
  // A provider's refund report must not end an order whose refunds by line are recorded (orders may not import returns).
  refunds: [ORDER_ROWS],
}

const TABLES = Object.keys(OWNER).join('|')
// Upper-case keywords only: SQL here is written that way, and prose in comments ("update the order") is not SQL.
const WRITE = new RegExp(`\\b(?:UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+"?(${TABLES})\\b(?!\\.)`, 'g')
const READ = new RegExp(`\\b(?:FROM|JOIN)\\s+"?(${TABLES})\\b(?!\\.)`, 'g')

/** Every `table: file` where `file` names `table` in SQL matched by `pattern`, for files not allowed to. */
function strays(pattern: RegExp, allowed: (table: string) => readonly string[]): string[] {
  const found = new Set<string>()
  for (const full of sourceFiles()) {
    const file = path.relative(SRC, full).split(path.sep).join('/')
    for (const match of fs.readFileSync(full, 'utf8').matchAll(pattern)) {
      const table = match[1]!
      if (!allowed(table).includes(file)) found.add(`${table}: ${file}`)
    }
  }
  return [...found].sort()
}

describe('hand-written tables', () => {
  it('are written only by the module that owns each', () => {
    expect(strays(WRITE, (table) => [OWNER[table]!])).toEqual([])
  })

  it('are read only by that module, or where a listed reason says why not', () => {
    expect(strays(READ, (table) => [OWNER[table]!, ...(READS_ELSEWHERE[table] ?? [])])).toEqual([])
  })

  it('are named by the owning modules themselves (the check reads the files it means to)', () => {
    for (const [table, file] of [['orders', ORDER_ROWS], ['stock_holds', STOCK_LEDGER], ['booking_days', BOOKING_COUNTERS], ['bookings', BOOKING_CLAIMS], ['payload_jobs', JOB_QUEUE], ['saved_bikes', SAVED_BIKE_ROWS]] as const) {
      const text = fs.readFileSync(path.join(SRC, file), 'utf8')
      expect([...text.matchAll(WRITE)].map((m) => m[1]), file).toContain(table)
    }
    expect([...fs.readFileSync(path.join(SRC, RESERVATION_ROWS), 'utf8').matchAll(READ)].map((m) => m[1])).toContain('reservations')
  })
})

// Products and variants are Payload's collections (its own writes use field names); hand-written SQL reaches their
// shelf count and headline price only through the module that spells those two columns.
const CATALOGUE_ROWS = 'features/catalogue-rows/catalogue-rows.ts'

describe('the products and variants columns that hand-written SQL moves', () => {
  it('stock_quantity and list_price are spelt in one module (generated types aside)', () => {
    const spelt = filesMatching(/\b(?:stock_quantity|list_price)\b/).map((f) => f.split(path.sep).join('/')).filter((f) => f !== 'payload-types.ts')
    expect(spelt).toEqual([CATALOGUE_ROWS])
  })

  it('no other module writes products or variants with UPDATE, INSERT INTO or DELETE FROM', () => {
    const writes = /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+"?(?:products|variants)\b(?!\.|_)/
    const allowed = [CATALOGUE_ROWS]
    expect(filesMatching(writes).map((f) => f.split(path.sep).join('/')).filter((f) => !allowed.includes(f))).toEqual([])
  })
})
