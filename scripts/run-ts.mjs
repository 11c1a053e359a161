#!/usr/bin/env node
// Runs one of our TypeScript entry points (migrate and seed) under plain Node: esbuild bundles our own
// code into one ESM file and leaves packages external. We do not use a runtime TS loader here because
// loading Payload's config through tsx sometimes never finishes (seen on this machine; see
// payloadcms/payload#17757), and a start-up step must not hang.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export async function bundleEntry(entry) {
  const outDir = path.join(root, 'node_modules', '.cache', 'wheelhouse')
  fs.mkdirSync(outDir, { recursive: true })
  const outfile = path.join(outDir, `${path.basename(entry).replace(/\.ts$/, '')}.mjs`)
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    banner: { js: `import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);` },
  })
  return outfile
}

export async function runEntry(entry, args = [], env = process.env) {
  const file = await bundleEntry(entry)
  return spawnSync(process.execPath, ['--enable-source-maps', file, ...args], { stdio: 'inherit', env })
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
