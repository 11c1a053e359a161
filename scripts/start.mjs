#!/usr/bin/env node
// `npm start`: check the environment, migrate the database (and seed it on first run), build when the
// build is missing or stale, then serve the shop. One command from a fresh clone to a running shop.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { buildIsFresh, writeBuildStamp } from './build-stamp.mjs'
import { precompressStatic } from './precompress-static.mjs'
import { bundleEntry, keepAliveArgs, removeBundle } from './run-ts.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

// 1. Environment: one line naming the variable, non-zero exit.
const { parseEnv } = await tsImport('../src/config/env.ts', import.meta.url)
let settings
try {
  settings = parseEnv(process.env)
} catch (error) {
  console.error(`wheelhouse: ${error.message}`)
  process.exit(1)
}
// Session cookies and the CSRF check are bound to SITE_URL's origin: say which one, since any other address
// (another port, another host name) serves pages but never keeps anyone signed in.
process.env.SITE_URL = settings.SITE_URL
console.info(
  `wheelhouse: the shop expects to be opened at ${new URL(settings.SITE_URL).origin}` +
    (settings.siteUrlDerived ? ' (from HOST and PORT; set SITE_URL to the public address when it differs)' : ' (SITE_URL)') +
    '; sign-in works only there',
)

// 2. Migrate and seed, in a child process so the server starts with a clean module graph.
async function prepare() {
  const entry = await bundleEntry('src/setup/prepare.ts')
  const resultFile = path.join(os.tmpdir(), `wheelhouse-prepare-${process.pid}-${Date.now()}.json`)
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
    if (run.status !== 0) {
      removeBundle(entry)
      console.error(`wheelhouse: preparing the database failed (exit ${run.status})`)
      process.exit(run.status || 1)
    }
    if (fs.existsSync(resultFile)) {
      const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'))
      fs.rmSync(resultFile)
      removeBundle(entry)
      return result
    }
    console.warn(`wheelhouse: database preparation ended without reporting (attempt ${attempt}); retrying`)
  }
  removeBundle(entry)
  console.error('wheelhouse: database preparation never completed')
  process.exit(1)
}
await prepare()

// 3. Build when missing or stale (sources, lockfile or database changed since the last build: pages prerendered at build time hold that database's data).
if (!buildIsFresh(root, settings.database.url)) {
  console.info('wheelhouse: building the shop (about a minute)…')
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) {
    console.error('wheelhouse: the build failed')
    process.exit(build.status || 1)
  }
  writeBuildStamp(root, settings.database.url)
}
// Brotli and gzip copies of the build's scripts and stylesheets for server.mjs to send (ADR 019); only the first
// start after a build has work to do.
await precompressStatic(path.join(root, '.next', 'static'))

// 4. Serve.
await import('../server.mjs')
