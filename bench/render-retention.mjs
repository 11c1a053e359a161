#!/usr/bin/env node
// What a request leaves in the shop's old generation: the bytes that young collections promote per 100 requests of
// one kind, and the bytes still there after a full collection (what the process really keeps). The shop is started
// with --expose-gc and an inspector on loopback, both for this probe only; through the inspector, for each kind of
// request and round: two full collections, the old generation measured, 100 requests one after another (each a URL
// no cache has seen), 50 ms of rest, two young collections forced, measured again (promoted), one full collection,
// measured again (retained). The old generation is every V8 heap space except the young one. The shop also runs with
// --trace-gc, so the young collections the requests themselves caused are counted.
// Usage: "$(node scripts/node24.mjs)" bench/render-retention.mjs --db postgres://…/wheelhouse_large [--rounds 3]
//          [--renders 100] [--kinds health,notfound,search,listing] [--node-flags '…'] [--allocations 30]
//   The database is used as it is (a large catalogue: `npm run seed:large`). Needs a production build and Node 22.3
//   or later (its WebSocket and process.getBuiltinModule); loopback only; run it on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BENCH_SECRET, existingDatabase, LARGE_ADMIN, option, searchMarks } from './bench-lib.mjs'
import { serveShop, shopEnv, stopShop } from '../scripts/shop-process.mjs'

const DB = existingDatabase()
const ROUNDS = Number(option('rounds', '3'))
const RENDERS = Number(option('renders', '100'))
const KINDS = option('kinds', 'health,notfound,search,listing').split(',')
const NODE_FLAGS = option('node-flags', '').split(' ').filter(Boolean)
// With --allocations N: where the bytes that outlived the young collections were allocated, the N largest places,
// from V8's sampling heap profiler keeping the samples of objects a full collection freed but a young one did not.
const ALLOCATIONS = Number(option('allocations', '0'))
const PORT = 3486
const INSPECT_PORT = 9339

let asked = 0
/** The n-th request of a kind, each a URL that neither the page cache nor Next's data cache has seen. */
const URLS = {
  health: () => '/api/health',
  notfound: (n) => `/no-such-page-${n}`,
  search: (n) => `/search?q=${encodeURIComponent(`honda ${searchMarks(n)}`)}`,
  listing: (n) => `/brand/honda?max=${900000 + n}`,
}

/** A Chrome DevTools Protocol session with the shop's inspector: `evaluate` answers an expression's value. */
async function inspector(port) {
  let list
  for (let i = 0; i < 40 && !list; i++) {
    list = await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json()).catch(() => null)
    if (!list) await new Promise((r) => setTimeout(r, 250))
  }
  const socket = new WebSocket(list[0].webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let id = 0
  const waiting = new Map()
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data)
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message)
      waiting.delete(message.id)
    }
  }
  const send = (method, params) =>
    new Promise((resolve) => {
      id += 1
      waiting.set(id, resolve)
      socket.send(JSON.stringify({ id, method, params }))
    })
  return {
    async evaluate(expression) {
      const answer = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
      if (answer.error || answer.result?.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(answer.error ?? answer.result.exceptionDetails)}`)
      return answer.result.result.value
    },
    send,
    close: () => socket.close(),
  }
}

const OLD_GENERATION = `(() => process.getBuiltinModule('v8').getHeapSpaceStatistics().filter((s) => !/^new_/.test(s.space_name)).reduce((n, s) => n + s.space_used_size, 0))()`
const full = `(async () => { gc(); gc(); })()`
const young = `(async () => { gc({ type: 'minor' }); gc({ type: 'minor' }); })()`

async function measureKind(base, session, kind) {
  for (let i = 0; i < 5; i++) await fetch(`${base}${URLS[kind](asked++)}`).then((r) => r.arrayBuffer())
  await session.evaluate(full)
  const before = await session.evaluate(OLD_GENERATION)
  const logFrom = fs.statSync(logFile).size // the shop runs with --trace-gc: the young collections its requests caused
  if (ALLOCATIONS) await session.send('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false })
  for (let i = 0; i < RENDERS; i++) {
    const res = await fetch(`${base}${URLS[kind](asked++)}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })
    await res.arrayBuffer()
    if (kind !== 'notfound' && res.status !== 200) throw new Error(`${kind}: ${res.status}`)
  }
  await new Promise((r) => setTimeout(r, 50))
  const scavenges = (fs.readFileSync(logFile, 'utf8').slice(logFrom).match(/Scavenge/g) ?? []).length
  await session.evaluate(young)
  const promoted = (await session.evaluate(OLD_GENERATION)) - before
  await session.evaluate(full)
  const retained = (await session.evaluate(OLD_GENERATION)) - before
  if (ALLOCATIONS) {
    const { result } = await session.send('HeapProfiler.getSamplingProfile', {})
    await session.send('HeapProfiler.stopSampling', {})
    printAllocations(kind, result.profile)
  }
  return { promoted, retained, scavenges }
}

/** The sampled bytes by the place that allocated them (function, file and line) and by its caller chain's first frame of ours. */
function printAllocations(kind, profile) {
  const places = new Map()
  const visit = (node, stack) => {
    const frame = node.callFrame
    const here = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|\.next)\//, '$1/')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    const chain = [...stack, here]
    if (node.selfSize) {
      const ours = [...chain].reverse().find((f) => f.includes('.next/server/chunks') || f.includes('server.mjs') || f.includes('server-lib')) ?? ''
      const key = `${here}${ours && ours !== here ? `  <- ${ours}` : ''}`
      places.set(key, (places.get(key) ?? 0) + node.selfSize)
    }
    for (const child of node.children ?? []) visit(child, chain)
  }
  visit(profile.head, [])
  const total = [...places.values()].reduce((a, b) => a + b, 0)
  console.info(`\n${kind}: ${(total / 1024).toFixed(0)} KB sampled that outlived the young collections; the largest places:`)
  for (const [place, bytes] of [...places].sort((a, b) => b[1] - a[1]).slice(0, ALLOCATIONS)) console.info(`  ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${place}`)
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-retention-'))
const logFile = path.join(dir, 'server.log')
const env = shopEnv({ databaseUrl: DB, dir, port: PORT, admin: LARGE_ADMIN, secret: BENCH_SECRET, extra: { RATE_LIMITS: 'off' } })
const { base, child } = await serveShop(env, logFile, 120_000, [...NODE_FLAGS, '--expose-gc', '--trace-gc', `--inspect=127.0.0.1:${INSPECT_PORT}`])
const results = Object.fromEntries(KINDS.map((k) => [k, []]))
try {
  const session = await inspector(INSPECT_PORT)
  for (let round = 0; round < ROUNDS; round++) for (const kind of KINDS) results[kind].push(await measureKind(base, session, kind))
  session.close()
} finally {
  await stopShop(child)
  fs.rmSync(dir, { recursive: true, force: true })
}
const kb = (bytes) => (bytes / 1024).toFixed(0)
console.info(`\nOld generation per ${RENDERS} requests, KB (each round), Node ${process.version}${NODE_FLAGS.length ? `, ${NODE_FLAGS.join(' ')}` : ''}\n`)
console.info('| request | young collections during them | promoted by young collections | left after a full collection |\n|---|---|---|---|')
for (const kind of KINDS) console.info(`| ${kind} (${URLS[kind](0)}) | ${results[kind].map((r) => r.scavenges).join(', ')} | ${results[kind].map((r) => kb(r.promoted)).join(', ')} | ${results[kind].map((r) => kb(r.retained)).join(', ')} |`)
console.info(`\n${os.cpus().length} cores, loopback; ${new Date().toISOString()}`)
