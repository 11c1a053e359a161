// How long GraphQL requests of hostile shapes take, and how /api/health answers while they run, against
// the production build. Each shape is sent by 4 connections in a loop for a few seconds while health is asked every
// 50 ms; the heaviest request the limits still allow (ADR 021) is measured the same way.
//   node bench/graphql-attack.mjs               serves the existing build on a spare port (run `npm start` once first)
//   BENCH_BASE=http://localhost:3000 node bench/graphql-attack.mjs   against a shop already running
import { serveBuild } from './serve.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const ATTACKERS = Number(process.env.BENCH_ATTACKERS || 4)

const aliases = (n, field = 'Products { totalDocs }') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`
let bomb = 'fragment F0 on Product { id name slug }'
for (let i = 1; i <= 15; i++) bomb += ` fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`
const heaviestRoot = 'Products(limit: 100) { totalDocs docs { id name slug price stockQuantity condition brand { name slug } category { name path parent { name parent { name } } } } }'

const SHAPES = {
  '499 aliased root fields': aliases(499),
  'deep (9 levels)': `{ Products { docs { ${'category { parent { '.repeat(3)}id${' } }'.repeat(3)} } } }`,
  'wide (600 fields)': `{ Products(limit: 50) { docs { ${'name slug '.repeat(300)} } } }`,
  'fragment bomb (2^15 spreads)': `{ Products(limit: 50) { docs { ...F15 } } } ${bomb}`,
  'every product (limit: 0)': '{ Products(limit: 0) { docs { id } } }',
  '5 root fields of 100 products with relationships (500 documents)': aliases(5, heaviestRoot),
  'allowed: 1 list of 50 products with relationships': `{ ${heaviestRoot.replace('limit: 100', 'limit: 50')} }`,
  'allowed: 5 lists of 10 products with relationships': aliases(5, heaviestRoot.replace('limit: 100', 'limit: 10')),
}

const pct = (values, p) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const ms = (v) => `${v.toFixed(0)} ms`

async function timed(fn) {
  const started = performance.now()
  const result = await fn()
  return { ...result, ms: performance.now() - started }
}

async function healthOnce(base) {
  return timed(async () => {
    const res = await fetch(`${base}/api/health`)
    await res.arrayBuffer()
    return { ok: res.ok }
  })
}

async function attack(base, query) {
  return timed(async () => {
    const res = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) })
    const body = await res.text()
    return { status: res.status, errors: body.includes('"errors"') }
  })
}

async function measure(base, query) {
  const until = Date.now() + SECONDS * 1000
  const attacks = []
  const health = []
  const attackers = Array.from({ length: ATTACKERS }, async () => {
    while (Date.now() < until) attacks.push(await attack(base, query))
  })
  const prober = (async () => {
    while (Date.now() < until) {
      health.push(await healthOnce(base))
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  await Promise.all([...attackers, prober])
  return { attacks, health }
}

const served = process.env.BENCH_BASE ? null : await serveBuild(3297)
const base = process.env.BENCH_BASE || served.base
try {
  const idle = []
  for (let i = 0; i < 40; i++) idle.push((await healthOnce(base)).ms)
  console.log(`/api/health idle: p50 ${ms(pct(idle, 50))}, p95 ${ms(pct(idle, 95))}, max ${ms(Math.max(...idle))}`)
  console.log(`${ATTACKERS} connections for ${SECONDS} s each:`)
  for (const [name, query] of Object.entries(SHAPES)) {
    const { attacks, health } = await measure(base, query)
    const statuses = Object.entries(attacks.reduce((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}))
      .map(([s, n]) => `${n}×${s}`)
      .join(' ')
    const withErrors = attacks.filter((a) => a.errors).length
    const times = attacks.map((a) => a.ms)
    const healthTimes = health.map((h) => h.ms)
    console.log(
      `- ${name}: ${statuses} (${withErrors} with errors); request p50 ${ms(pct(times, 50))}, max ${ms(Math.max(...times))}; ` +
        `health during it: ${health.filter((h) => h.ok).length}/${health.length} ok, p50 ${ms(pct(healthTimes, 50))}, p95 ${ms(pct(healthTimes, 95))}, max ${ms(Math.max(...healthTimes))}`,
    )
  }
} finally {
  await served?.stop()
}
