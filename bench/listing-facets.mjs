#!/usr/bin/env node
// Listing facet counts and the listing read, uncached, against the database in DATABASE_URL, e.g. the
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
// React's request cache, which lets a page and its facets share one search (features/listing/listing-conditions.server.ts), does
// nothing outside a React server render; here it keeps a call's answer until the bench starts its next "request"
const reactRequestCache = {
  name: 'react-request-cache',
  setup(b) {
    b.onResolve({ filter: /^react$/ }, (args) => (args.namespace === 'react-request-cache' ? undefined : { path: 'react', namespace: 'react-request-cache' }))
    b.onLoad({ filter: /.*/, namespace: 'react-request-cache' }, () => ({
      contents: `import { createRequire } from 'node:module'
        const React = createRequire(import.meta.url)('react')
        const calls = new Map()
        globalThis.__benchNewRequest = () => calls.clear()
        export const cache = (fn) => (...args) => {
          const key = JSON.stringify(args)
          let byArgs = calls.get(fn)
          if (!byArgs) calls.set(fn, (byArgs = new Map()))
          if (!byArgs.has(key)) byArgs.set(key, fn(...args))
          return byArgs.get(key)
        }
        export const { createElement, Fragment, Children, isValidElement, cloneElement, forwardRef, memo, useState, useEffect, useRef, useMemo, useCallback, useContext, createContext, useId, Suspense, startTransition, use } = React
        export default React`,
      loader: 'js',
      resolveDir: process.cwd(),
    }))
  },
}
const file = await bundleEntry('bench/listing-facets-entry.ts', { plugins: [noNextCache, reactRequestCache] })
try {
  const run = spawnSync(process.execPath, keepAliveArgs(file), { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }, timeout: 10 * 60_000 })
  process.exitCode = run.status ?? 1
} finally {
  removeBundle(file)
}
