#!/usr/bin/env node
// Runs one of our TypeScript entry points (migrate and seed) under plain Node: esbuild bundles it, with
// Payload and its editor, into one ESM file. Why bundle packages too: on Node 20 here, loading
// @payloadcms/richtext-lexical's module graph through Node's own ESM loader hangs in most runs (exit 13,
// "unsettled top-level await"; measured 5 of 6 bare `import` runs), and so do `payload run`/tsx
// (payloadcms/payload#17757). One bundled file loads reliably (8 of 8). Native and build-time packages
// stay external.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Native addons, packages that locate files relative to themselves, and ones the entry never runs.
const EXTERNAL = ['sharp', '@node-rs/*', 'libsql', '@libsql/*', 'pg', 'pg-native', 'esbuild', 'next', 'next/*', '@next/*', 'react', 'react-dom', 'graphql', 'pino', 'pino-pretty', 'thread-stream', 'file-type', 'undici']

// `import 'server-only'` guards server modules against a client bundle inside Next; a command is server code
// by definition, so here the guard is an empty module (its package throws when loaded outside React Server).
const serverOnlyOutsideNext = {
  name: 'server-only-outside-next',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'server-only-empty' }))
    b.onLoad({ filter: /.*/, namespace: 'server-only-empty' }, () => ({ contents: '', loader: 'js' }))
  },
}

/** Bundles a TypeScript entry; `plugins` add esbuild plugins (a bench stubs Next's cache outside Next with one). */
export async function bundleEntry(entry, { plugins = [] } = {}) {
  const outDir = path.join(root, 'node_modules', '.cache', 'wheelhouse')
  fs.mkdirSync(outDir, { recursive: true })
  const outfile = path.join(outDir, `${path.basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`)
  const result = await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [serverOnlyOutsideNext, ...plugins],
    loader: { '.css': 'empty', '.scss': 'empty' },
    sourcemap: 'inline',
    logLevel: 'warning',
    write: false,
    banner: { js: `import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);` },
  })
  // Write to a fresh file and rename it into place: never rewrite a file another process may be running
  // (or that a hard-linked copy of node_modules shares).
  const temp = `${outfile}.${process.pid}.tmp`
  fs.writeFileSync(temp, result.outputFiles[0].contents)
  fs.renameSync(temp, outfile)
  return outfile
}

/** Removes a bundle once its process has finished with it. */
export function removeBundle(file) {
  fs.rmSync(file, { force: true })
}

/** Node arguments that preload the keep-alive timer before the bundle's imports are evaluated. */
export function keepAliveArgs(file, args = []) {
  return ['--enable-source-maps', '--import', pathToFileURL(path.join(root, 'scripts', 'keep-alive.mjs')).href, file, ...args]
}

export async function runEntry(entry, args = [], env = process.env) {
  const file = await bundleEntry(entry)
  try {
    return spawnSync(process.execPath, keepAliveArgs(file, args), { stdio: 'inherit', env, timeout: 15 * 60_000 })
  } finally {
    removeBundle(file)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [entry, ...args] = process.argv.slice(2)
  if (!entry) {
    console.error('usage: node scripts/run-ts.mjs <entry.ts> [args]')
    process.exit(2)
  }
  const result = await runEntry(entry, args)
  process.exit(result.status ?? 1)
}
