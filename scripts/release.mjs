#!/usr/bin/env node
// `npm run release`: everything a new version needs before its instances start, done once, under the release lock
// (src/setup/release-lock.ts: a PostgreSQL advisory lock, or a lock file beside the SQLite database): migrate and
// seed (src/setup/prepare.ts), build when the build is missing or stale, write the build's compressed copies, and
// mark the build as released for this database. A second release started meanwhile waits, then finds nothing to do.
// `npm start` in production serves what was released and never builds (scripts/start.mjs); in development it runs
// the same release first, as it always has. docs/decisions/026.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { buildIsFresh, writeBuildStamp } from './build-stamp.mjs'
import { precompressStatic } from './precompress-static.mjs'
import { bundleEntry, keepAliveArgs, removeBundle } from './run-ts.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const markerFile = path.join(root, '.next', 'wheelhouse-release.json')
const databaseId = (url) => createHash('sha256').update(url).digest('hex').slice(0, 16)

/** Migrate and seed in a child process (a clean module graph, and the server starts without Payload's CLI state). */
export async function prepare() {
  const entry = await bundleEntry('src/setup/prepare.ts')
  const resultFile = path.join(os.tmpdir(), `wheelhouse-prepare-${process.pid}-${Date.now()}.json`)
  try {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const run = spawnSync(process.execPath, keepAliveArgs(entry), {
        stdio: 'inherit',
        env: { ...process.env, PREPARE_RESULT_FILE: resultFile, NODE_ENV: 'production' },
        timeout: 15 * 60_000,
      })
      if (run.status === 13 || run.signal === 'SIGTERM') {
        console.warn(`wheelhouse: database preparation stalled while loading (attempt ${attempt}); retrying`)
        continue
      }
      if (run.status !== 0) throw new Error(`preparing the database failed (exit ${run.status})`)
      if (fs.existsSync(resultFile)) {
        const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'))
        fs.rmSync(resultFile)
        return result
      }
      console.warn(`wheelhouse: database preparation ended without reporting (attempt ${attempt}); retrying`)
    }
    throw new Error('database preparation never completed')
  } finally {
    removeBundle(entry)
  }
}

function build(settings) {
  console.info('wheelhouse: building the shop (about a minute)…')
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (run.status !== 0) throw new Error('the build failed')
  writeBuildStamp(root, settings.database.url)
}

/** The release this build was made for, or null (never released, or rebuilt since: `next build` empties .next). */
export function readReleaseMarker() {
  try {
    return JSON.parse(fs.readFileSync(markerFile, 'utf8'))
  } catch {
    return null
  }
}

/** Why `npm start` in production must not serve, or null when the build was released for this database. */
export function releaseProblem(settings) {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return 'there is no build: run `npm run release` first (in production `npm start` never builds)'
  const marker = readReleaseMarker()
  if (!marker) return 'this build was never released: run `npm run release` (it migrates the database, then marks the build released)'
  if (marker.database !== databaseId(settings.database.url)) return 'this build was released for another database: run `npm run release` with this DATABASE_URL'
  return null
}

/** Migrates, seeds and builds as needed, under the release lock; answers what it did. */
export async function release(settings) {
  const { withReleaseLock } = await tsImport('../src/setup/release-lock.ts', import.meta.url)
  return withReleaseLock(
    settings.database,
    async () => {
      const prepared = await prepare()
      const stale = !buildIsFresh(root, settings.database.url)
      // Pages prerendered at build time hold the database's data, so the build follows the migration.
      if (stale) build(settings)
      // Brotli and gzip copies of the build's scripts and stylesheets for server.mjs (ADR 019); only the first run after a build has work.
      await precompressStatic(path.join(root, '.next', 'static'))
      const migrations = prepared.migrations ?? []
      fs.writeFileSync(markerFile, `${JSON.stringify({ releasedAt: new Date().toISOString(), database: databaseId(settings.database.url), built: stale, migrations }, null, 2)}\n`)
      return { built: stale, migrations }
    },
    { onWait: () => console.info('wheelhouse: another release is running; waiting for it to finish…') },
  )
}

async function main() {
  process.chdir(root)
  const { parseEnv } = await tsImport('../src/config/env.ts', import.meta.url)
  const settings = parseEnv(process.env)
  process.env.SITE_URL = settings.SITE_URL
  const started = Date.now()
  const done = await release(settings)
  const what = [done.migrations.length ? `applied ${done.migrations.length} migration(s)` : 'no migrations to apply', done.built ? 'built the shop' : 'the build was already current']
  console.info(`wheelhouse: released in ${((Date.now() - started) / 1000).toFixed(0)} s: ${what.join('; ')}. Start or restart the instances now.`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`wheelhouse: release failed: ${error?.name === 'EnvError' ? error.message : (error?.message ?? error)}`)
    process.exit(1)
  })
}
