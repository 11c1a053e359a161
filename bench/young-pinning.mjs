#!/usr/bin/env node
// Which per-request JavaScript patterns keep a request's garbage alive through young collections, so that it is
// promoted to the old generation and freed only by a full collection. Each pattern runs in a plain Node.js HTTP server
// (no Next, no shop) with the shop's heap sizes; every request builds about 300 KB of
// small objects that it drops when it answers, and does one thing with them. A client asks 3,000 times, one request
// at a time, and the bench counts the young and full collections those requests caused. Where nothing keeps a
// request's objects, young collections free them and a full collection is rare; where something does, every young
// collection promotes them and the old generation fills, so full collections follow.
// Usage: "$(node scripts/node24.mjs)" bench/young-pinning.mjs [--requests 3000] [--patterns plain,getter,…]
// See docs/perf.md, "What a request leaves in the old generation", and ADR 083.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { option } from './bench-lib.mjs'

const REQUESTS = Number(option('requests', '3000'))
const PORT = 3487

/** Each pattern: what a request does with its own objects (`keep`), as the body of an async request handler. */
const PATTERNS = {
  plain: '',
  closure: 'const f = () => keep.length; f()',
  method: 'const o = { n() { return keep.length } }; o.n()',
  getter: 'const o = { get n() { return keep.length } }',
  'defineProperty getter': "Object.defineProperty(req, 'lazy', { configurable: true, get: () => keep.length })",
  'local class': 'class Local { constructor() { this.n = keep.length } } new Local()',
  'per-request prototype': 'Object.setPrototypeOf({}, { keep })',
  'per-request async generator': 'async function* g() { yield keep.length } for await (const x of g()) {}',
  'AbortSignal.any with a listener': "const c = new AbortController(); AbortSignal.any([c.signal]).addEventListener('abort', () => keep.length)",
  'AbortController with a listener': "const c = new AbortController(); c.signal.addEventListener('abort', () => keep.length)",
  'web stream': 'const r = new ReadableStream({ pull(c) { c.enqueue(keep.length); c.close() } }).getReader(); await r.read()',
  'WeakMap keyed by the request': 'globalThis.weak ??= new WeakMap(); globalThis.weak.set(req, keep)',
}
const chosen = option('patterns', Object.keys(PATTERNS).join(',')).split(',')

function serverSource(body) {
  return `import http from 'node:http'
import { PerformanceObserver, constants } from 'node:perf_hooks'
const collections = { young: 0, full: 0 }
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? collections.full++ : collections.young++
}).observe({ entryTypes: ['gc'] })
http.createServer(async (req, res) => {
  if (req.url === '/stats') return res.end(JSON.stringify(collections))
  const keep = []
  for (let i = 0; i < 3000; i++) keep.push({ i, s: 'x' + i, a: [i, i + 1] })
  ${body}
  res.end(String(keep.length))
}).listen(${PORT}, '127.0.0.1', () => process.send('ready'))
`
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-pinning-'))
const rows = []
const stats = () => fetch(`http://127.0.0.1:${PORT}/stats`).then((r) => r.json())
try {
  for (const name of chosen) {
    const file = path.join(dir, 'server.mjs')
    fs.writeFileSync(file, serverSource(PATTERNS[name]))
    const child = spawn(process.execPath, ['--max-semi-space-size=64', '--max-old-space-size=640', file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    await new Promise((resolve) => child.once('message', resolve))
    for (let i = 0; i < 100; i++) await (await fetch(`http://127.0.0.1:${PORT}/warm`)).text()
    const before = await stats()
    for (let i = 0; i < REQUESTS; i++) await (await fetch(`http://127.0.0.1:${PORT}/${i}`)).text()
    const after = await stats()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill()
    await exited
    rows.push({ name, young: after.young - before.young, full: after.full - before.full })
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
console.log(`\n${REQUESTS} requests a pattern, one at a time, each dropping about 300 KB when it answers; Node ${process.version}\n`)
console.log('| what each request does with its objects | young collections | full collections |\n|---|---|---|')
for (const r of rows) console.log(`| ${r.name} | ${r.young} | ${r.full} |`)
