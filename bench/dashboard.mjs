#!/usr/bin/env node
// The admin dashboard's uncached load: every figure of the home page (ADR 054) read afresh, p50 and p99 over
// BENCH_ROUNDS rounds (default 50), against the database in DATABASE_URL, and each statement alone.
// Small scale (the demo shop): DATABASE_URL=file:/path/to/shop.db node bench/dashboard.mjs
// At 100,000 variants: build the large catalogue once (`npm run seed:large`, see docs/perf.md), then
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/wheelhouse_large node bench/dashboard.mjs  (or its SQLite file).
// The target is a p99 of at most 300 ms for the whole dashboard. Run it on a quiet machine.
import { spawnSync } from 'node:child_process'
import { bundleEntry, keepAliveArgs, removeBundle } from '../scripts/run-ts.mjs'

if (!process.env.DATABASE_URL) {
  console.error('Give the database: DATABASE_URL=file:/path.db (or postgres://…) node bench/dashboard.mjs')
  process.exit(2)
}
const file = await bundleEntry('bench/dashboard-entry.ts')
try {
  const run = spawnSync(process.execPath, keepAliveArgs(file), { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, timeout: 10 * 60_000 })
  process.exitCode = run.status ?? 1
} finally {
  removeBundle(file)
}
