#!/usr/bin/env node
// Foundation figures for docs/perf.md (today's) and docs/perf-log.md (each run): install time (fresh clone), build time and peak memory,
// cold start to first 200, idle memory. Prints a Markdown table. Usage: node bench/foundation.mjs
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const rows = []
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// Sum of resident memory of a process and all its descendants, in MiB.
function treeRssMiB(pid) {
  const out = execSync('ps -eo pid=,ppid=,rss=').toString().trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number))
  const children = new Map()
  for (const [p, pp] of out) children.set(pp, [...(children.get(pp) ?? []), p])
  const rss = new Map(out.map(([p, , r]) => [p, r]))
  let total = 0
  const stack = [pid]
  while (stack.length) {
    const p = stack.pop()
    total += rss.get(p) ?? 0
    stack.push(...(children.get(p) ?? []))
  }
  return total / 1024
}

async function measure(label, command, args, options) {
  const started = Date.now()
  const child = spawn(command, args, { stdio: 'ignore', ...options })
  let peak = 0
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, treeRssMiB(child.pid))
    } catch {
      // process tree changed while reading
    }
  }, 250)
  const code = await new Promise((resolve) => child.on('exit', resolve))
  clearInterval(timer)
  if (code !== 0) throw new Error(`${label} failed with ${code}`)
  return { seconds: (Date.now() - started) / 1000, peakMiB: peak }
}

// 1. Install on a fresh clone (registry cache warm, as on a developer machine or CI here).
const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-bench-'))
execSync(`git clone -q ${root} ${clone}`)
const install = await measure('npm install', 'npm', ['install', '--no-audit', '--no-fund'], { cwd: clone })
rows.push(['npm install (fresh clone, warm npm cache)', `${install.seconds.toFixed(1)} s`, `peak ${install.peakMiB.toFixed(0)} MiB`])
fs.rmSync(clone, { recursive: true, force: true })

// 2. Production build (against the already seeded default database).
const build = await measure('next build', process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
  cwd: root,
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
})
rows.push(['next build', `${build.seconds.toFixed(1)} s`, `peak ${build.peakMiB.toFixed(0)} MiB (all processes)`])
const { writeBuildStamp } = await import('../scripts/build-stamp.mjs')
const { parseEnv } = await import('tsx/esm/api').then(({ tsImport }) => tsImport('../src/config/env.ts', import.meta.url))
writeBuildStamp(root, parseEnv(process.env).database.url)

// 3. Cold start of the production server to the first 200 on /, then idle memory.
const port = 3400
const started = Date.now()
const server = spawn(process.execPath, ['server.mjs'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' })
let firstOk = 0
while (!firstOk && Date.now() - started < 60_000) {
  try {
    const res = await fetch(`http://localhost:${port}/`)
    if (res.status === 200) firstOk = Date.now()
  } catch {
    await sleep(25)
  }
}
rows.push(['cold start to first 200 on /', `${((firstOk - started) / 1000).toFixed(2)} s`, 'server.mjs with an existing build'])
await fetch(`http://localhost:${port}/api/health`)
await sleep(10_000)
rows.push(['idle memory after first requests + 10 s', `${treeRssMiB(server.pid).toFixed(0)} MiB RSS`, 'one server process'])
server.kill('SIGTERM')
await new Promise((r) => server.on('exit', r))

console.log(`| measure | value | notes |\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`)
console.log(`\nmachine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`)
