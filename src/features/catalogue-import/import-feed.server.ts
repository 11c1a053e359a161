// The stock feed importer: checked rows (src/domain/catalogue/import) become products and variants,
// set-based: each batch reads the rows it touches with a few SELECTs by SKU (batch-reads.server.ts), the planner
// (src/domain/catalogue-import) decides what changes, and the batch's statements are written in one atomic unit of
// work (a libsql batch on SQLite, a transaction on PostgreSQL) together with its audit rows and the import's progress
// marker (write-batch.server.ts). It stores exactly what Payload's own create and update would (the hooks' derived
// fields: slug, kind, listPrice, a variable product's price, a variant's title), and nothing for a row whose values
// are already there, so importing the same file twice changes nothing the second time.
// Stock goes through the ledger (ADR 007): the feed's count is on-hand, and held units stay held.
import 'server-only'
import type { Payload } from 'payload'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import type { Stmt } from '../../cms/sql.server'
import { reindexProducts } from '../search/search.server'
import { checkFeed, type RawRow, type RefusedRow } from '../../domain/catalogue/import/feed-rows'
import { groupRows, groupSize, type AlertPlan, type Group } from '../../domain/catalogue-import/batch-plan'
import { planBatch } from '../../domain/catalogue-import/plan-batch'
import { productIdsBySlug } from '../catalogue-rows/import-reads.server'
import { overHeldOf } from '../stock/stock-ledger.server'
import { endWithdrawnOrders, flagOverHeld } from '../orders/order-lifecycle.server'
import { queueJobStatement } from '../jobs/queue.server'
import { queueFeedsRebuild } from '../feeds/rebuild-feeds'
import { SEND_SAVED_BIKE_ALERTS } from '../jobs/task-names'
import { queueMonthlyRefresh } from '../finance-figures/monthly-figures.server'
import { recordImportedPrices } from '../catalogue/price-history'
import { createBrands, readCatalogue, readExisting } from './batch-reads.server'
import { archiveMissing, auditStmts, mergeInserts, planStatements, writeBatch } from './write-batch.server'

export { mergeInserts }

export interface ImportCounts {
  created: number
  updated: number
  unchanged: number
  refused: number
  archived: number
}

export interface ImportReport extends ImportCounts {
  /** Rows read from the feed. */
  readonly total: number
  /** Accepted rows processed (written, or looked at in a dry run). */
  readonly done: number
  readonly refusedRows: RefusedRow[]
  readonly dryRun: boolean
}

/** Where an import records its progress (the imports collection), so a job can resume after its last batch. */
export interface ImportProgress {
  readonly importId: number
  /** Accepted rows already written by an earlier run of this import; they are skipped. */
  readonly done: number
  readonly counts: ImportCounts
  /** Refused rows found by planning in earlier runs (unknown images, variants of another product). */
  readonly refusedSoFar: readonly RefusedRow[]
}

export interface ImportOptions {
  readonly dryRun?: boolean
  /** Archive (never delete) products whose SKU is not in the feed. */
  readonly fullFeed?: boolean
  /** The author of the audit rows, e.g. "import #12" or "catalogue:import command". */
  readonly actor: string
  readonly progress?: ImportProgress
  /** Accepted rows per batch (whole products with their variants). */
  readonly batchSize?: number
  readonly now?: () => Date
  /** Media ids of pictures that came with the feed (a zip), by file name; others are looked up in the media library. */
  readonly images?: ReadonlyMap<string, number>
  /** Called after each batch commits (tests use it to stop an import half way). */
  readonly afterBatch?: (done: number) => Promise<void> | void
}

/** The alert jobs, each queued only if someone who saved the bike asked for alerts (commits with the batch). */
function alertStmts(payload: Payload, alerts: readonly AlertPlan[], now: string): Stmt[] {
  const at = new Date(now)
  return alerts.map((a) => queueJobStatement(payload, SEND_SAVED_BIKE_ALERTS, { productId: a.productId, kind: a.kind, key: a.key }, at, { sql: 'EXISTS (SELECT 1 FROM saved_bikes WHERE product_id = ? AND alerts IS TRUE)', args: [a.productId] }))
}

/** The marker that a batch is done, written with it: it changes one row only if no one else wrote the batch first. */
function markerStmt(progress: ImportProgress, done: number, counts: ImportCounts, refused: readonly RefusedRow[], now: string): Stmt {
  return {
    sql: 'UPDATE catalogue_imports SET done = ?, created = ?, updated = ?, unchanged = ?, refused_count = ?, archived = ?, refused = ?, status = ?, updated_at = ? WHERE id = ? AND done = ?',
    args: [done, counts.created, counts.updated, counts.unchanged, counts.refused, counts.archived, JSON.stringify(refused), 'running', now, progress.importId, progress.done],
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The import                                                                                        */

/** Imports checked rows. Throws FeedError (from the domain) for a feed that cannot be read at all. */
export async function importFeed(payload: Payload, raw: Iterable<RawRow>, options: ImportOptions): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false
  const clock = options.now ?? (() => new Date())
  const batchSize = Math.max(1, options.batchSize ?? 500)
  const shop = await readCatalogue(payload)
  const checked = checkFeed(raw, shop.context)
  if (!dryRun) await createBrands(payload, checked.rows, shop)
  const groups = groupRows(checked.rows)
  const progress = options.progress
  const counts: ImportCounts = progress ? { ...progress.counts } : { created: 0, updated: 0, unchanged: 0, refused: checked.refused.length, archived: 0 }
  if (progress && progress.done === 0) counts.refused = checked.refused.length
  // Rows refused when an earlier run planned its batches (the feed's own refusals are found again above).
  const checkedLines = new Set(checked.refused.map((r) => r.line))
  const planRefused: RefusedRow[] = (progress?.refusedSoFar ?? []).filter((r) => !checkedLines.has(r.line))
  // Slugs new products of earlier batches took: no later batch may choose them.
  const usedSlugs = new Set<string>()
  let done = progress?.done ?? 0
  let marker = progress

  // Skip the groups an earlier run of this import wrote (a group is never split, so `done` is a group boundary).
  let start = 0
  for (let seen = 0; start < groups.length && seen < done; start++) seen += groupSize(groups[start]!)

  for (let i = start; i < groups.length; ) {
    const batch: Group[] = []
    let rows = 0
    while (i < groups.length && (batch.length === 0 || rows + groupSize(groups[i]!) <= batchSize)) {
      rows += groupSize(groups[i]!)
      batch.push(groups[i++]!)
    }
    const existing = await readExisting(payload, batch, shop, options.images)
    const now = clock().toISOString()
    const plan = planBatch(batch, shop, existing, { now, usedSlugs })
    for (const slug of plan.newSlugs) usedSlugs.add(slug)
    counts.created += plan.counts.created
    counts.updated += plan.counts.updated
    counts.unchanged += plan.counts.unchanged
    counts.refused += plan.counts.refused
    planRefused.push(...plan.refused)
    done += rows
    if (!dryRun) {
      const stmts = [...planStatements(payload, plan, now), ...recordImportedPrices(batch.map((g) => g.sku), now), ...mergeInserts(auditStmts(plan.audit, options.actor, marker?.importId ?? null, now)), ...alertStmts(payload, plan.alerts, now)]
      const refusedAll = [...checked.refused, ...planRefused].sort((a, b) => a.line - b.line)
      const markerStatement = marker ? markerStmt(marker, done, counts, refusedAll, now) : null
      const withdrawn = stmts.length > 0 || markerStatement ? await writeBatch(payload, stmts, markerStatement) : []
      if (marker) marker = { ...marker, done }
      // The feed counted fewer units than were held: the orders whose units were withdrawn end now (their
      // payments closed), and holds that could not be withdrawn are flagged for staff on their records.
      if (withdrawn.length > 0) await endWithdrawnOrders(payload, withdrawn)
      if (plan.lowered.products.size + plan.lowered.variants.size > 0) {
        const over = await overHeldOf(payload, { products: [...plan.lowered.products.keys()], variants: [...plan.lowered.variants.keys()] }, plan.lowered)
        if (over.length > 0) await flagOverHeld(payload, over)
      }
      if (plan.slugs.length > 0) {
        // Search sees the batch at once (ADR 028): its products are indexed again together, then their pages go stale.
        const batchIds = await productIdsBySlug(payload, plan.slugs)
        await reindexProducts(payload, batchIds)
        // Their listing cards' monthly figures are quoted again by one job per batch (ADR 030), never per row.
        await queueMonthlyRefresh(payload, batchIds)
        await revalidateStorefront('catalogue import batch', payload.logger, plan.slugs.length <= 500 ? { kind: 'products', slugs: plan.slugs, index: true } : { kind: 'all' })
        // The sitemap and the Merchant feed are built again once the batches stop coming (ADR 042).
        await queueFeedsRebuild(payload)
      }
      await options.afterBatch?.(done)
    }
  }

  if (options.fullFeed) counts.archived += await archiveMissing(payload, checked.productSkusNamed, { dryRun, actor: options.actor, importId: marker?.importId ?? null, now: clock().toISOString() })
  const refusedRows = [...checked.refused, ...planRefused].sort((a, b) => a.line - b.line)
  return { ...counts, total: checked.total, done, refusedRows, dryRun }
}

