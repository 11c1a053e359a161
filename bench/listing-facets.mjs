#!/usr/bin/env node
// Listing facet counts and the listing read, uncached, against the database in DATABASE_URL (issue 25 §4), e.g. the
// large catalogue of `npm run seed:large`. Usage: DATABASE_URL=postgres://… node bench/listing-facets.mjs (BENCH_ROUNDS, default 30)
import { spawnSync } from 'node:child_process'
import { bundleEntry, keepAliveArgs, removeBundle } from '../scripts/run-ts.mjs'

// outside Next there is no data cache: unstable_cache runs the function it wraps, so every read is uncached
const noNextCache = {
  name: 'no-next-cache',
  setup(b) {
    b.onResolve({ filter: /^next\/cache$/ }, () => ({ path: 'next-cache', namespace: 'no-next-cache' }))
    b.onLoad({ filter: /.*/, namespace: 'no-next-cache' }, () => ({
      contents: 'export const unstable_cache = (fn) => fn; export const revalidateTag = () => {}; export const revalidatePath = () => {}',
      loader: 'js',
    }))
  },
}
const file = await bundleEntry('bench/listing-facets-entry.ts', { plugins: [noNextCache] })
try {
  const run = spawnSync(process.execPath, keepAliveArgs(file), { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, timeout: 10 * 60_000 })
  process.exitCode = run.status ?? 1
} finally {
  removeBundle(file)
}
