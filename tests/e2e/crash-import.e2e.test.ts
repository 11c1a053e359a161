// A stock feed import killed half-way: `catalogue:import` runs a generated dealer feed on a throwaway
// database and is killed with SIGKILL once some batches have committed. The shop is then started on the same
// database: its runner takes the killed job back and carries on from the last committed batch. At the end the
// shop holds exactly the rows of the file, none twice: every product and variant once, one "created" audit row
// each, the import's counts equal to the file's, and the stock on hand equal to the file's.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCatalogueCsv } from '../../bench/catalogue-fixture.mjs'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { bundleEntry, keepAliveArgs, removeBundle } from '../../scripts/run-ts.mjs'
import { pgAdmin, prepareDatabase, serveShop, stopShop } from '../../scripts/shop-process.mjs'
import { crashShop, type Row } from './crash-database'

const ADMIN = { email: 'admin@crash.test', password: 'crash-admin-password-1234' }
const SECRET = 'crash-test-secret-0123456789abcdef-0123'
const SIZES = { bikes: 60, products: 340, variants: 1600 } // 2,000 rows: four batches of 500
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const one = async (query: (sql: string) => Promise<Row[]>, sql: string) => Number(((await query(sql)) as [Row])[0]?.n ?? 0)

let bundle: string
beforeAll(async () => {
  bundle = await bundleEntry('src/setup/catalogue-import.ts')
}, 120_000)
afterAll(() => removeBundle(bundle))

describe.each(['sqlite', 'postgres'])('an import killed half-way (%s)', (kind) => {
  it('ends, after a restart, with exactly the rows of the file and none twice', async () => {
    if (kind === 'postgres') await pgAdmin('SELECT 1') // CI requires PostgreSQL: fail loudly when it is missing
    const { dir, env, db, remove } = await crashShop(kind, 'crash-import', { port: 3455, admin: ADMIN, secret: SECRET, extra: { RATE_LIMITS: 'off', SEED_PICTURES: 'shared' } })
    let command: ChildProcess | undefined
    let server: ChildProcess | undefined
    try {
      await prepareDatabase(env)
      const feed = path.join(dir, 'feed.csv')
      const written = writeCatalogueCsv(feed, SIZES)
      const rows = csvRows(fs.readFileSync(feed, 'utf8'))
      const fileStock = rows.reduce((sum, r) => sum + Number(r.cells.stock || 0), 0)

      // The command, killed once at least one batch has committed and before the last.
      const child = spawn(process.execPath, keepAliveArgs(bundle, [feed]), { env: env as NodeJS.ProcessEnv, stdio: 'ignore' })
      command = child
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      let done = 0
      for (let waited = 0; waited < 240_000 && done === 0; waited += 25) {
        await sleep(25)
        done = await one(db.query, 'SELECT COALESCE(MAX(done), 0) AS n FROM catalogue_imports').catch(() => 0)
      }
      child.kill('SIGKILL')
      await exited
      const [record] = (await db.query('SELECT id, done, total, status FROM catalogue_imports ORDER BY id DESC LIMIT 1')) as [Row]
      expect(Number(record.done), 'killed after a batch committed').toBeGreaterThan(0)
      expect(Number(record.done), 'killed before the import finished').toBeLessThan(written.rows)
      expect(record.status).not.toBe('done')

      // The restart: the shop's runner takes the dead command's job back and finishes it.
      server = (await serveShop(env, path.join(dir, 'server.log'), 120_000)).child
      let status = ''
      for (let waited = 0; waited < 300_000 && status !== 'done'; waited += 500) {
        await sleep(500)
        status = String(((await db.query(`SELECT status FROM catalogue_imports WHERE id = ${Number(record.id)}`)) as [Row])[0]?.status)
      }
      expect(status, 'the import finished after the restart').toBe('done')

      const importId = Number(record.id)
      const [final] = (await db.query(`SELECT done, total, created, updated, unchanged, refused_count FROM catalogue_imports WHERE id = ${importId}`)) as [Row]
      expect({ done: Number(final.done), total: Number(final.total), created: Number(final.created), updated: Number(final.updated), refused: Number(final.refused_count) }).toEqual({
        done: written.rows, total: written.rows, created: written.rows, updated: 0, refused: 0,
      })
      expect(await one(db.query, "SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'BIKE-%' OR sku LIKE 'GEAR-%'")).toBe(written.bikes + written.products)
      expect(await one(db.query, "SELECT COUNT(*) AS n FROM variants WHERE sku LIKE 'GEAR-%'")).toBe(written.variants)
      expect(await db.query(`SELECT sku, COUNT(*) AS n FROM catalogue_changes WHERE import_id = ${importId} AND field = 'created' GROUP BY sku HAVING COUNT(*) > 1`), 'rows created twice').toEqual([])
      expect(await one(db.query, `SELECT COUNT(*) AS n FROM catalogue_changes WHERE import_id = ${importId} AND field = 'created'`)).toBe(written.rows)
      const onShelf =
        (await one(db.query, "SELECT COALESCE(SUM(stock_quantity), 0) AS n FROM products WHERE sku LIKE 'BIKE-%' OR sku LIKE 'GEAR-%'")) +
        (await one(db.query, "SELECT COALESCE(SUM(stock_quantity), 0) AS n FROM variants WHERE sku LIKE 'GEAR-%'"))
      expect(onShelf, 'stock on hand is the file’s').toBe(fileStock)
      // Only one run of the job is left, and it finished. The import marks itself done inside its last batch and the
      // runner marks the job completed after the handler returns, so the job's row may trail the import's by a moment.
      const unfinishedJobs = "SELECT COUNT(*) AS n FROM payload_jobs WHERE task_slug = 'runCatalogueImport' AND (completed_at IS NULL OR has_error = true)"
      let unfinished = await one(db.query, unfinishedJobs)
      for (let waited = 0; waited < 30_000 && unfinished !== 0; waited += 250) {
        await sleep(250)
        unfinished = await one(db.query, unfinishedJobs)
      }
      expect(unfinished, 'the import job completed, without error').toBe(0)
      expect(await one(db.query, "SELECT COUNT(*) AS n FROM payload_jobs WHERE task_slug = 'runCatalogueImport'"), 'one job for the one import').toBe(1)

      if (kind === 'sqlite') {
        // A later import from the command line, with the shop running and no Redis: the shop's stored search page
        // forgets at once, and its search knows the new bike's words, rather than both waiting for a staff edit.
        const listing = `${env.SITE_URL}/search?q=announced+roadster`
        await fetch(listing).then((r) => r.text())
        const stored = await fetch(listing)
        expect(stored.headers.get('x-wheelhouse-cache'), 'the listing is answered from the response cache').toBe('HIT')
        await stored.body?.cancel()
        const bike = rows.find((r) => r.cells.sku?.startsWith('BIKE-') && r.cells.condition === 'new')!.cells
        const announcedBike: Record<string, string> = { ...bike, sku: 'BIKE-ANNOUNCED', name: 'Announced Roadster 125' }
        const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
        const columns = Object.keys(announcedBike)
        const announced = path.join(dir, 'announced.csv')
        fs.writeFileSync(announced, `${columns.join(',')}\n${columns.map((c) => cell(announcedBike[c] ?? '')).join(',')}\n`)
        const cli = spawn(process.execPath, keepAliveArgs(bundle, [announced]), { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
        command = cli
        let said = ''
        for (const stream of [cli.stdout!, cli.stderr!]) stream.on('data', (chunk: Buffer) => (said += chunk.toString()))
        expect(await new Promise((resolve) => cli.once('exit', resolve)), said).toBe(0)
        expect(said, 'the command-line import created the bike').toMatch(/1 rows: 1 created/)
        const after = await fetch(listing)
        expect(after.headers.get('x-wheelhouse-cache'), 'the stored listing was forgotten').not.toBe('HIT')
        expect(await after.text()).toContain('Announced Roadster 125')
      }
    } finally {
      if (command && command.exitCode === null && command.signalCode === null) command.kill('SIGKILL')
      if (server) await stopShop(server)
      await remove()
    }
  }, 600_000)
})
