// Raw SQL on whichever database the shop runs, for the few writes that must be single conditional
// statements or one atomic unit of work (stock, payment sessions): Payload's Local API cannot express them.
// No 'server-only' marker: the Payload config reaches this through the catalogue's search-index hooks
// (cms/hooks/search-index.ts), and start-up scripts and the Payload CLI load that config outside Next.
import { sql as pgSql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { beginTransaction, commitTransaction, isPostgres, pgDrizzle, pgPool, pgSession, rollbackTransaction, sqliteClient, type TransactionId } from './database-internals'

export { beginTransaction, commitTransaction, isPostgres, rollbackTransaction, type TransactionId }
export type Arg = string | number | null
export interface Stmt {
  readonly sql: string
  readonly args: readonly Arg[]
}


/* ------------------------------------------------------------------------------------------------ */
/* Executors                                                                                         */

/**
 * SQLite's driver runs a statement synchronously and resolves at once, so awaiting it never lets the event
 * loop serve anything else: a checkout's statements ran back to back while cached pages waited behind them
 * (docs/perf-log.md, "Launch day"). Our own statements hand their answer back on the next turn of the loop, so
 * other requests are served between them (ADR 017). Only ours: Payload's SQLite writes are several
 * statements with no transaction (an update deletes and re-inserts an order's array rows), and letting the
 * loop turn inside one widened the window in which a SIGKILL leaves it half done (the crash test found it).
 */
const nextTurn = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(resolve, value))

/** Runs the statements as one atomic write batch; answers each one's changed-row count and rows (RETURNING). */
export async function sqliteBatch(payload: Payload, stmts: Stmt[]): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }[]> {
  return nextTurn(await sqliteClient(payload).batch(stmts.map((s) => ({ sql: s.sql, args: [...s.args] })), 'write'))
}

interface PgResult {
  readonly rowCount: number
  readonly rows: Record<string, unknown>[]
}
export type PgExec = (stmt: Stmt) => Promise<PgResult>

export class Abort<T> {
  constructor(readonly value: T) {}
}

function toPg(stmt: Stmt) {
  const parts = stmt.sql.split('?')
  if (parts.length - 1 !== stmt.args.length) throw new Error(`stock ledger: ${parts.length - 1} placeholders for ${stmt.args.length} arguments`)
  const chunks = []
  for (let i = 0; i < parts.length; i++) {
    chunks.push(pgSql.raw(parts[i]!))
    if (i < stmt.args.length) chunks.push(pgSql`${stmt.args[i]}`)
  }
  return pgSql.join(chunks)
}

/**
 * Runs `fn` in the caller's PostgreSQL transaction, or in one of its own that commits when `fn` returns
 * and rolls back when it returns an Abort (whose value is answered) or throws.
 */
export async function pgUnit<T>(payload: Payload, transactionID: TransactionId, fn: (exec: PgExec) => Promise<T | Abort<T>>): Promise<T> {
  const own = transactionID == null
  const id = own ? await beginTransaction(payload) : transactionID
  if (id == null) throw new Error('stock ledger: PostgreSQL transaction could not be started')
  const db = pgSession(payload, id)
  if (!db) throw new Error('stock ledger: no such PostgreSQL transaction')
  const exec: PgExec = async (stmt) => {
    const result = await db.execute(toPg(stmt))
    return { rowCount: result.rowCount ?? 0, rows: result.rows ?? [] }
  }
  try {
    const result = await fn(exec)
    if (result instanceof Abort) {
      // In the caller's transaction, the caller sees the refusal and rolls its transaction back.
      if (own) await rollbackTransaction(payload, id)
      return result.value
    }
    if (own) await commitTransaction(payload, id)
    return result
  } catch (error) {
    if (own) await rollbackTransaction(payload, id).catch(() => undefined)
    throw error
  }
}


/**
 * Whether a write failed on a unique key (two writers of the same thing at once): PostgreSQL's code 23505 on the
 * error or its cause (Drizzle wraps it as "Failed query"), SQLite's constraint message, or Payload's validation of a
 * unique field.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; data?: unknown; cause?: { code?: unknown; message?: unknown } } | null | undefined
  if (e?.code === '23505' || e?.cause?.code === '23505') return true
  const text = `${String(e?.message ?? error)} ${String(e?.cause?.message ?? '')} ${JSON.stringify(e?.data ?? '')}`
  return /unique|duplicate|already exists/i.test(text)
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/**
 * `column` is one of `ids`, the list travelling as one argument whatever its length (an array on PostgreSQL, JSON
 * on SQLite): a search's 1,000 matches, a page of cards. Nothing matches an empty list.
 */
export function inIdList(payload: Payload, column: string, ids: readonly (string | number)[]): { sql: string; args: Arg[] } {
  const whole = ids.map(Number).filter((n) => Number.isSafeInteger(n))
  if (!whole.length) return { sql: '1 = 0', args: [] }
  return isPostgres(payload)
    ? { sql: `${column} = ANY(CAST(? AS integer[]))`, args: [`{${whole.join(',')}}`] }
    : { sql: `${column} IN (SELECT value FROM json_each(?))`, args: [JSON.stringify(whole)] }
}

/** Reads rows with one statement (outside any transaction). */
export async function readRows(payload: Payload, stmt: Stmt): Promise<Record<string, unknown>[]> {
  return (await execute(payload, null, stmt)).rows
}

/** Runs one statement, in the caller's PostgreSQL transaction when given; answers the rows it changed or returned. */
export async function execute(payload: Payload, transactionID: TransactionId, stmt: Stmt): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }> {
  if (isPostgres(payload)) {
    const result = await pgDrizzle(payload, transactionID).execute(toPg(stmt))
    return { rowsAffected: result.rowCount ?? 0, rows: result.rows ?? [] }
  }
  const result = await sqliteClient(payload).execute({ sql: stmt.sql, args: [...stmt.args] })
  return nextTurn({ rowsAffected: result.rowsAffected, rows: result.rows })
}

/**
 * Holders of a database lock in this process at once. A holder keeps one pool connection for its lock while `fn`
 * takes others: with as many holders as the pool has connections, every `fn` would wait for a connection that only
 * another waiting holder could give back, for ever (sixteen card checkouts at once did exactly that). At most half
 * the pool holds locks, so `fn` always finds a connection; the rest wait here, holding nothing.
 */
let lockHolders = 0
const lockQueue: (() => void)[] = []

async function lockSlot(payload: Payload): Promise<() => void> {
  const poolMax = pgPool(payload).options?.max ?? 10
  const slots = Math.max(1, Math.floor(poolMax / 2))
  if (lockHolders >= slots) await new Promise<void>((resolve) => lockQueue.push(resolve))
  else lockHolders += 1
  let released = false
  return () => {
    if (released) return
    released = true
    const next = lockQueue.shift()
    if (next) next() // the slot passes straight to the next waiter
    else lockHolders -= 1
  }
}

/**
 * Runs `fn` while holding a lock named `key` across every process on the database: a PostgreSQL advisory
 * lock held by a transaction of its own until `fn` settles. SQLite is served by one process (ADR 008), so
 * the caller's in-process lock is the whole story there and `fn` simply runs.
 */
export async function withDatabaseLock<T>(payload: Payload, key: string, fn: () => Promise<T>): Promise<T> {
  if (!isPostgres(payload)) return fn()
  const release = await lockSlot(payload)
  try {
    return await pgUnit<T>(payload, null, async (exec) => {
      await exec({ sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', args: [key] })
      return fn()
    })
  } finally {
    release()
  }
}

/** Connections of the database pool for /metrics: PostgreSQL's pool counts; SQLite has its one connection. */
export function poolUse(payload: Payload): { total: number; idle: number; waiting: number } {
  if (!isPostgres(payload)) return { total: 1, idle: 0, waiting: 0 }
  const pool = pgPool(payload)
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 }
}

/**
 * Brings the query planner's statistics up to date for `tables` after a bulk write. PostgreSQL analyses a table
 * only once autovacuum gets round to it: straight after a 122,000-row import it still planned `status = 'active'`
 * as 29 rows of 22,065. It is also vacuumed, which marks its pages all-visible: until then an index-only scan must
 * visit the table for every row, so the planner reads the table instead (the count of a search for "under 5000" at
 * 100,000 variants: 13.6 ms by a scan of the table, 3.5 ms from the covering index once vacuumed; 0.7 s to vacuum).
 * Where autovacuum is off, as on the machines the benches run on, nothing else would. SQLite keeps statistics only
 * when asked (`PRAGMA optimize` analyses what has changed).
 */
export async function refreshPlannerStatistics(payload: Payload, tables: readonly string[]): Promise<void> {
  for (const table of tables) if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`)
  if (isPostgres(payload)) await execute(payload, null, { sql: `VACUUM (ANALYZE) ${tables.join(', ')}`, args: [] })
  else await execute(payload, null, { sql: 'PRAGMA optimize', args: [] })
}
