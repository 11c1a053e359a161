#!/usr/bin/env node
// Search and suggestion latency against a running shop: p50 and p99 of GET /search?q= and
// GET /api/search/suggest?q= over a fixed list of what riders type, each query made distinct per request
// (trailing punctuation, which search ignores) unless BENCH_CACHED=1, so the figures are uncached. Loopback only.
// Usage: BENCH_BASE=http://127.0.0.1:3000 node bench/search.mjs  (BENCH_REQUESTS, default 200 per kind)
const base = process.env.BENCH_BASE
if (!base) {
  console.error('Set BENCH_BASE to the running shop, e.g. BENCH_BASE=http://127.0.0.1:3000')
  process.exit(2)
}
const host = new URL(base).hostname
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error('bench/search.mjs measures a shop on this machine only (loopback).')
  process.exit(2)
}
const REQUESTS = Math.min(Number(process.env.BENCH_REQUESTS ?? 200), 5000)
const CACHED = process.env.BENCH_CACHED === '1'
const DEADLINE = Date.now() + 5 * 60_000
const QUERIES = ['honda', 'africa twn', 'hodna', 'cb650r', 'CB 650 R', 'ebike', 'e-bike', 'helmets', 'lid', 'honda scooter', 'a2 bikes', 'under 5000', 'ktm 390', 'brompton', 'gloves', 'royal enfield', 'scoot', 'trek ebike under £3,000', 'alpinstars', 'kathmandoo']
const PUNCTUATION = ['!', '?', '.', ',']

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function run(label, url) {
  const times = []
  let errors = 0
  for (let i = 0; i < REQUESTS && Date.now() < DEADLINE; i++) {
    // punctuation that search reads as nothing, so the words stay the same but every cache key differs
    const q = QUERIES[i % QUERIES.length] + (CACHED ? '' : ` ${i.toString(4).replace(/[0-3]/g, (d) => PUNCTUATION[Number(d)])}`)
    const started = performance.now()
    const res = await fetch(url(q), { headers: { accept: label === 'suggest' ? 'application/json' : 'text/html' } })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (res.status !== 200) errors++
  }
  times.sort((a, b) => a - b)
  return { label, n: times.length, p50: pct(times, 50), p99: pct(times, 99), errors }
}

const rows = [
  await run('search page', (q) => `${base}/search?q=${encodeURIComponent(q)}`),
  await run('suggest', (q) => `${base}/api/search/suggest?q=${encodeURIComponent(q)}`),
]
console.log(`| what | requests | p50 ms | p99 ms | non-200 |\n|---|---|---|---|---|`)
for (const r of rows) console.log(`| ${r.label}${CACHED ? ' (cached)' : ''} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`)
