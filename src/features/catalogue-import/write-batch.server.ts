// Writing what the planner decided: a batch's plan becomes statements (the catalogue rows feature builds those on
// products and variants, the stock ledger those that set on hand), written in one atomic unit of work with the
// batch's audit rows; and a full feed's archiving of the products it no longer names.
import 'server-only'
import type { Payload } from 'payload'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { isPostgres, pgUnit, sqliteBatch, Abort, type Arg, type Stmt } from '../../cms/sql.server'
import type { AuditRow, BatchPlan } from '../../domain/catalogue-import/batch-plan'
import { archiveAudit, productsToArchive } from '../../domain/catalogue-import/plan-batch'
import { galleryStmts, insertStmt, productInsertStmt, rowRef, rowUpdateStmt, variantInsertStmt } from '../catalogue-rows/import-statements'
import { liveProducts } from '../catalogue-rows/import-reads.server'
import { archiveProducts } from '../catalogue-rows/catalogue-rows'
import { setOnHandStatements, WITHDRAWN_REF } from '../stock/stock-ledger.server'
import { reindexProducts } from '../search/search.server'
import { queueFeedsRebuild } from '../feeds/rebuild-feeds'

const MAX_ARGS = 30_000 // under SQLite's 32,766 bound parameters per statement (PostgreSQL allows 65,535)

/** Neighbouring INSERTs into the same columns become one multi-row INSERT: far fewer round trips for a batch. */
export function mergeInserts(stmts: readonly Stmt[]): Stmt[] {
  const out: Stmt[] = []
  let head: string | null = null
  let rows: string[] = []
  let args: Arg[] = []
  const flush = () => {
    if (head !== null) out.push({ sql: `${head}${rows.join(', ')}`, args })
    head = null
    rows = []
    args = []
  }
  for (const stmt of stmts) {
    const at = stmt.sql.startsWith('INSERT INTO ') ? stmt.sql.indexOf(' VALUES (') : -1
    if (at < 0) {
      flush()
      out.push(stmt)
      continue
    }
    const prefix = stmt.sql.slice(0, at + ' VALUES '.length)
    if (prefix !== head || rows.length >= 500 || args.length + stmt.args.length > MAX_ARGS) {
      flush()
      head = prefix
    }
    rows.push(stmt.sql.slice(at + ' VALUES '.length))
    args.push(...stmt.args)
  }
  flush()
  return out
}

/** A batch's plan as statements, in the plan's order: products before their variants, parents before their pictures, then stock. */
export function planStatements(payload: Payload, plan: BatchPlan, now: string): Stmt[] {
  return mergeInserts([
    ...plan.productInserts.map((p) => productInsertStmt(p, now)),
    ...plan.updates.map((u) => rowUpdateStmt(u, now)),
    ...plan.variantInserts.map((v) => variantInsertStmt(v, now)),
    ...plan.galleries.flatMap(galleryStmts),
    ...plan.stock.flatMap((s) => setOnHandStatements(payload, s.table, s.id, s.onHand, now)),
  ])
}

export function auditStmts(audit: readonly AuditRow[], actor: string, importId: number | null, now: string): Stmt[] {
  return audit.map((a) =>
    insertStmt('catalogue_changes', {
      at: now,
      actor,
      import_id: importId,
      sku: a.sku,
      product_id: a.product ? rowRef('products', a.product) : null,
      variant_id: a.variant ? rowRef('variants', a.variant) : null,
      field: a.field,
      from: a.from,
      to: a.to,
      created_at: now,
      updated_at: now,
    }),
  )
}

class BatchRaced extends Error {
  constructor() {
    super('catalogue import: another run wrote this batch first')
  }
}

/** Writes a batch, all or nothing; answers the refs of the holds it withdrew (see setOnHandStatements). */
export async function writeBatch(payload: Payload, stmts: readonly Stmt[], marker: Stmt | null): Promise<string[]> {
  const withdrawn = (rows: readonly Record<string, unknown>[]) => rows.flatMap((r) => (r[WITHDRAWN_REF] == null ? [] : [String(r[WITHDRAWN_REF])]))
  if (isPostgres(payload)) {
    const written = await pgUnit<string[] | false>(payload, null, async (exec) => {
      if (marker && (await exec(marker)).rowCount !== 1) return new Abort<string[] | false>(false)
      const refs: string[] = []
      for (const stmt of stmts) refs.push(...withdrawn((await exec(stmt)).rows))
      return refs
    })
    if (!written) throw new BatchRaced()
    return written
  }
  // SQLite: one batch, all or nothing. A marker that changed nothing makes the next statement violate a
  // NOT NULL constraint, which rolls the whole batch back.
  const guard: Stmt[] = marker ? [marker, { sql: "INSERT INTO catalogue_changes (at, actor, field, created_at, updated_at) SELECT NULL, 'guard', 'created', '', '' WHERE changes() <> 1", args: [] }] : []
  try {
    return (await sqliteBatch(payload, [...guard, ...stmts])).flatMap((r) => withdrawn(r.rows))
  } catch (error) {
    if (marker && /NOT NULL constraint failed: catalogue_changes\.at/i.test(String((error as Error)?.message ?? error))) throw new BatchRaced()
    throw error
  }
}

/** Products not named by any row of a full feed are archived (never deleted); answers how many. */
export async function archiveMissing(payload: Payload, named: ReadonlySet<string>, options: { dryRun: boolean; actor: string; importId: number | null; now: string }): Promise<number> {
  const missing = productsToArchive(await liveProducts(payload), named)
  if (options.dryRun || missing.length === 0) return missing.length
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500)
    const ids = chunk.map((p) => p.id)
    await writeBatch(payload, [archiveProducts(ids, options.now), ...auditStmts(archiveAudit(chunk), options.actor, options.importId, options.now)], null)
    await reindexProducts(payload, ids) // archived: out of search
  }
  await revalidateStorefront('catalogue import archived products', payload.logger, { kind: 'all' })
  await queueFeedsRebuild(payload)
  return missing.length
}
