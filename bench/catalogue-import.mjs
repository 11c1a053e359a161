#!/usr/bin/env node
// The stock feed importer's speed and memory: on a fresh database of each kind (migrated and seeded),
// imports a generated dealer catalogue (bench/catalogue-fixture.mjs) through `catalogue:import`, then the same
// file again (every row unchanged), and prints rows/s and the import process's peak RSS for each.
//   node bench/catalogue-import.mjs [--db sqlite|postgres|both] [--variants 10000]
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used to create a scratch database.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { writeCatalogueCsv } from './catalogue-fixture.mjs'
import { bundleEntry, keepAliveArgs, removeBundle } from '../scripts/run-ts.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : fallback
}
const variants = Number(arg('variants', '10000'))
const which = arg('db', 'both')
const scale = variants / 100_000
const sizes = { bikes: Math.max(20, Math.round(2000 * scale)), products: Math.max(10, Math.round(20000 * scale)), variants }
const dir = path.join(root, 'data', 'bench-import')
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })
const csv = path.join(dir, 'feed.csv')
const written = writeCatalogueCsv(csv, sizes)
console.log(`feed: ${written.rows} rows (${written.bikes} bikes, ${written.products} products, ${written.variants} variants)`)

async function databaseUrl(kind) {
  if (kind === 'sqlite') return `file:${path.join(dir, 'bench.db')}`
  const admin = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  const name = 'wheelhouse_bench_import'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}"`)
  await client.query(`CREATE DATABASE "${name}"`)
  await client.end()
  admin.pathname = `/${name}`
  return admin.toString()
}

const prepareBundle = await bundleEntry('src/setup/prepare.ts')
const importBundle = await bundleEntry('src/setup/catalogue-import.ts')
const results = []
try {
  for (const kind of which === 'both' ? ['sqlite', 'postgres'] : [which]) {
    const env = { ...process.env, DATABASE_URL: await databaseUrl(kind), MEDIA_DIR: path.join(dir, `media-${kind}`), LOG_LEVEL: 'warn' }
    const prepared = spawnSync(process.execPath, keepAliveArgs(prepareBundle), { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 30 * 60_000 })
    if (prepared.status !== 0) throw new Error(`prepare failed on ${kind}`)
    for (const pass of ['first import', 'same file again']) {
      const run = spawnSync(process.execPath, keepAliveArgs(importBundle, [csv]), { env, encoding: 'utf8', timeout: 60 * 60_000 })
      const line = run.stdout.split('\n').find((l) => l.includes('rows/s')) ?? ''
      if (run.status !== 0 || !line) throw new Error(`import failed on ${kind}: ${run.stderr.slice(-2000)}`)
      const m = /(\d+) rows: (\d+) created, (\d+) updated, (\d+) unchanged, (\d+) refused.* in ([\d.]+) s \((\d+) rows\/s, peak RSS (\d+) MB, CPU ([\d.]+) s\)/.exec(line)
      // CPU seconds of the whole command (start-up included): the figure that does not depend on what else the machine runs.
      results.push({ db: kind, pass, rows: Number(m[1]), created: Number(m[2]), updated: Number(m[3]), unchanged: Number(m[4]), refused: Number(m[5]), seconds: Number(m[6]), rowsPerSecond: Number(m[7]), peakRssMb: Number(m[8]), cpuSeconds: Number(m[9]) })
      console.log(`${kind} ${pass}: ${line.trim()}`)
    }
  }
} finally {
  removeBundle(prepareBundle)
  removeBundle(importBundle)
}
console.table(results)
