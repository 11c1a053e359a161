// An import as a durable job: the feed is stored with its import record, the job is queued on the
// jobs queue (ADR 007), and every batch commits with the record's progress marker (`done`), so a job that a
// restart interrupts carries on after its last committed batch and writes no row twice.
import 'server-only'
import type { Payload } from 'payload'
import type { RawRow, RefusedRow } from '../../domain/catalogue/import/feed-rows'
import { execute, readRows, refreshPlannerStatistics } from '../../cms/sql.server'
import { enqueueJob, runJobNow, touchJob } from '../jobs/queue.server'
import { RUN_CATALOGUE_IMPORT } from '../jobs/task-names'
import { CATALOGUE_IMPORTS } from './catalogue-imports-collection'
import { importFeed, type ImportCounts, type ImportOptions } from './import-feed.server'

/** The rows as stored with the import: the columns once, then each row's line and cells. */
export interface StoredFeed {
  readonly columns: string[]
  readonly rows: (string | number)[][]
}

export function storeFeed(raw: readonly RawRow[]): StoredFeed {
  const columns = [...new Set(raw.flatMap((r) => Object.keys(r.cells)))]
  return { columns, rows: raw.map((r) => [r.line, ...columns.map((c) => r.cells[c] ?? '')]) }
}

/**
 * The stored rows one at a time, each let go once read: at 100,000 rows, holding them all as objects would cost
 * hundreds of MB, and the stored arrays themselves (about 45 MB) are not needed once checked, while the import's
 * batches are written over the next minute.
 */
export function* takeStoredFeed(feed: StoredFeed): Generator<RawRow> {
  const rows = feed.rows
  for (let r = 0; r < rows.length; r++) {
    const [line, ...cells] = rows[r]!
    rows[r] = TAKEN
    yield { line: Number(line), cells: Object.fromEntries(feed.columns.map((c, i) => [c, String(cells[i] ?? '')])) }
  }
  rows.length = 0
}
const TAKEN: (string | number)[] = []

// The feed is written and read with one statement each, not through Payload's document pipeline, which would
// copy (validate, clone, return) a 100,000-row JSON value several times over.
async function writeStoredFeed(payload: Payload, importId: number, raw: readonly RawRow[]): Promise<void> {
  await execute(payload, null, { sql: 'UPDATE catalogue_imports SET feed = ? WHERE id = ?', args: [JSON.stringify(storeFeed(raw)), importId] })
}

async function readFeedOf(payload: Payload, importId: number): Promise<StoredFeed | null> {
  const [row] = await readRows(payload, { sql: 'SELECT feed FROM catalogue_imports WHERE id = ?', args: [importId] })
  const feed = row?.feed
  if (feed == null) return null
  return (typeof feed === 'string' ? JSON.parse(feed) : feed) as StoredFeed // PostgreSQL's driver parses jsonb itself
}

/** What the import's record holds, without its rows. */
const RECORD = { status: true, done: true, total: true, created: true, updated: true, unchanged: true, refusedCount: true, archived: true, refused: true, fullFeed: true } as const

export interface ImportRequest {
  readonly fileName: string
  readonly source: 'admin' | 'api' | 'command' | 'seed'
  readonly fullFeed?: boolean
  readonly by?: number | null
}

/** Records an import with its rows and queues its job; answers the import's id. The runner (or `runNow`) does the work. */
export async function queueCatalogueImport(payload: Payload, raw: readonly RawRow[], request: ImportRequest, options: { runNow?: boolean } = {}): Promise<number> {
  // Its job is queued only once its rows are stored.
  const doc = await payload.create({
    collection: CATALOGUE_IMPORTS,
    data: { fileName: request.fileName, source: request.source, fullFeed: request.fullFeed ?? false, by: request.by ?? null, status: 'queued', total: raw.length, done: 0 },
    overrideAccess: true,
    select: { status: true },
  })
  await writeStoredFeed(payload, doc.id, raw)
  const jobId = await enqueueJob(payload, RUN_CATALOGUE_IMPORT, { importId: doc.id })
  if (options.runNow) await runJobNow(payload, jobId).catch((error) => payload.logger.warn({ err: error, importId: doc.id }, 'catalogue import failed its first try; the runner retries it'))
  return doc.id
}

/**
 * Runs (or resumes) an import: skips the rows its record says are done and writes the rest batch by batch,
 * each with its marker. Safe to run again at any point; a finished import is left as it is.
 */
export async function runCatalogueImport(
  payload: Payload,
  importId: number,
  tuning: Pick<ImportOptions, 'batchSize' | 'afterBatch' | 'images'> & { jobId?: number | string } = {},
): Promise<{ status: string; done: number; total: number }> {
  const { jobId, afterBatch, ...rest } = tuning
  // A job the runner sees untouched for a while is taken for a dead process's (recoverStaleJobs): an import of
  // minutes says it is alive after every batch, so that no other runner starts it a second time meanwhile.
  const heartbeat = async (done: number) => {
    if (jobId != null) await touchJob(payload, jobId, new Date())
    await afterBatch?.(done)
  }
  const doc = await payload.findByID({ collection: CATALOGUE_IMPORTS, id: importId, depth: 0, overrideAccess: true, select: RECORD })
  if (doc.status === 'done' || doc.status === 'failed') return { status: doc.status, done: Number(doc.done ?? 0), total: Number(doc.total ?? 0) }
  const feed = await readFeedOf(payload, importId)
  if (!feed) throw new Error(`catalogue import ${importId} has no rows stored`)
  const counts: ImportCounts = { created: Number(doc.created ?? 0), updated: Number(doc.updated ?? 0), unchanged: Number(doc.unchanged ?? 0), refused: Number(doc.refusedCount ?? 0), archived: Number(doc.archived ?? 0) }
  try {
    const report = await importFeed(payload, takeStoredFeed(feed), {
      actor: `import #${importId}`,
      fullFeed: doc.fullFeed ?? false,
      progress: { importId, done: Number(doc.done ?? 0), counts, refusedSoFar: (doc.refused as RefusedRow[] | null) ?? [] },
      ...rest,
      afterBatch: heartbeat,
    })
    await execute(payload, null, { sql: 'UPDATE catalogue_imports SET feed = NULL WHERE id = ?', args: [importId] }) // not read back by the update below
    await payload.update({
      collection: CATALOGUE_IMPORTS,
      id: importId,
      data: {
        status: 'done', done: report.done, created: report.created, updated: report.updated, unchanged: report.unchanged, refusedCount: report.refused, archived: report.archived,
        refused: report.refusedRows as never, finishedAt: new Date().toISOString(), error: null,
      },
      overrideAccess: true,
    })
    // thousands of new rows: plan the listings and search on what the tables now hold, not on what they held before
    await refreshPlannerStatistics(payload, ['products', 'variants', 'search_index', 'brands', 'categories']).catch((error) =>
      payload.logger.warn({ err: error, importId }, 'catalogue import: planner statistics not refreshed'),
    )
    return { status: 'done', done: report.done, total: report.total }
  } catch (error) {
    await execute(payload, null, { sql: 'UPDATE catalogue_imports SET error = ? WHERE id = ?', args: [String((error as Error)?.message ?? error).slice(0, 2000), importId] }).catch(() => undefined)
    throw error
  }
}
