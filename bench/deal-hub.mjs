#!/usr/bin/env node
// The staff deal hub at 1,000 deals: its read (`hubDeals`, the two statements /admin/deal-hub runs, nothing cached),
// p50, p99 and max over BENCH_ROUNDS rounds (default 100) for every open deal on page 1 and page 5 and for each stage,
// against DATABASE_URL. The bench fixture (1,000 deals, DEAL_HUB_DEALS to change it) is made when the database holds
// fewer: opened by customers' steps (joinDeal), then given stages, owners and due times, past and future.
//   DATABASE_URL=file:/tmp/deal-hub.db node bench/deal-hub.mjs --fresh      (a new SQLite file in a temporary folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/deal-hub.mjs --fresh
//     (a new database wheelhouse_deal_hub on that server, dropped first if it is there, and kept afterwards)
// Without --fresh the database is migrated and used as it is. The target is a p99 of at most 150 ms.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { bundleEntry, keepAliveArgs, removeBundle } from '../scripts/run-ts.mjs'
import { pgAdmin } from '../scripts/shop-process.mjs'

let databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  console.error('Give the database: DATABASE_URL=file:/path.db (or postgres://…) node bench/deal-hub.mjs [--fresh]')
  process.exit(2)
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-deal-hub-'))
if (process.argv.includes('--fresh')) {
  if (/^postgres(ql)?:/.test(databaseUrl)) {
    const server = new URL(databaseUrl)
    server.pathname = '/postgres'
    await pgAdmin('DROP DATABASE IF EXISTS wheelhouse_deal_hub WITH (FORCE)', server.href)
    await pgAdmin('CREATE DATABASE wheelhouse_deal_hub', server.href)
    server.pathname = '/wheelhouse_deal_hub'
    databaseUrl = server.href
  } else {
    databaseUrl = `file:${path.join(dir, 'deal-hub.db')}`
  }
  console.log(`fresh database: ${databaseUrl}`)
}
const file = await bundleEntry('bench/deal-hub-entry.ts')
try {
  // The fixture's opening emails go to a throwaway outbox, never SMTP, whatever the environment says.
  const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir, OUTBOX_DIR: path.join(dir, 'outbox'), SMTP_URL: '', RATE_LIMITS: 'off', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }
  const run = spawnSync(process.execPath, keepAliveArgs(file), { stdio: 'inherit', env, timeout: 30 * 60_000 })
  process.exitCode = run.status ?? 1
} finally {
  removeBundle(file)
  fs.rmSync(dir, { recursive: true, force: true })
}
