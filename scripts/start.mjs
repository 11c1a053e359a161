#!/usr/bin/env node
// `npm start`: check the environment, then serve the shop. In production it serves what `npm run release` built
// and migrated; elsewhere it first releases (migrate the database and seed it on first run, build when the build is
// missing or stale): one command from a fresh clone to a running shop.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { buildEnvChanges, buildIsFresh } from './build-stamp.mjs'
import { precompressStatic } from './precompress-static.mjs'
import { release, releaseProblem } from './release.mjs'

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

// 2. Production (NODE_ENV=production): serve what `npm run release` built and migrated; never build here, since
// several instances start at once and a build on the serving machine takes minutes. Otherwise (a developer's or
// the tests' zero-setup start): the same release first (migrate and seed, build when missing or stale, under the
// release lock), then serve. docs/decisions/026.
if (process.env.NODE_ENV === 'production') {
  const problem = releaseProblem(settings)
  if (problem) {
    console.error(`wheelhouse: ${problem}`)
    process.exit(1)
  }
  // Served anyway (an instance restarted after a crash must come back), but said loudly: `npm run release` rebuilds.
  const changed = buildEnvChanges(root)
  if (changed.length) console.error(`wheelhouse: ${changed.join(', ')} changed since the release, and the build (its Content-Security-Policy and prerendered pages) still has the old value: run \`npm run release\` to rebuild, then restart the instances`)
  else if (!buildIsFresh(root, settings.database.url)) console.warn('wheelhouse: the sources changed since the last release; serving the released build until `npm run release` builds them')
  // Idempotent: the release wrote these copies already (ADR 019).
  await precompressStatic(path.join(root, '.next', 'static'))
} else {
  try {
    await release(settings)
  } catch (error) {
    console.error(`wheelhouse: ${error.message}`)
    process.exit(1)
  }
}

// 3. Serve.
await import('../server.mjs')
