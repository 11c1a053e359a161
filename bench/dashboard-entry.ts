// Run by bench/dashboard.mjs: times the admin dashboard's figures (every statement the home page runs, nothing
// cached) in this process against DATABASE_URL, and each statement alone, so a slow one can be named.
import { getPayload } from 'payload'
import config from '../src/payload.config'

const { bestSellers, dashboardFigures, hourlyTakings, lastBackup, lowStock, searchedWords, workToDo } = await import('../src/features/dashboard/dashboard-figures.server')
const payload = await getPayload({ config })
const rounds = Number(process.env.BENCH_ROUNDS ?? 50)
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p99: number; max: number }> {
  await fn() // warm the connection and the statement caches
  const out: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    await fn()
    out.push(performance.now() - started)
  }
  out.sort((a, b) => a - b)
  return { p50: pct(out, 50), p99: pct(out, 99), max: out.at(-1)! }
}

const variants = (await payload.count({ collection: 'variants', overrideAccess: true })).totalDocs
const orders = (await payload.count({ collection: 'orders', overrideAccess: true })).totalDocs
const now = () => new Date()
const threshold = (await workToDo(payload, now())).lowStockThreshold
const cases: [string, () => Promise<unknown>][] = [
  ['whole dashboard (all statements)', () => dashboardFigures(payload, now())],
  ['takings by hour (8 weeks / 2 months)', () => hourlyTakings(payload, now())],
  ['what needs doing', () => workToDo(payload, now())],
  ['last backup', () => lastBackup(payload)],
  ['low stock', () => lowStock(payload, threshold)],
  ['best sellers (30 days)', () => bestSellers(payload, now())],
  ['top searches (30 days)', () => searchedWords(payload, now(), 30, 'searches')],
]
console.log(`dashboard figures, uncached, ${rounds} rounds, ${payload.db.name}, ${variants.toLocaleString('en-GB')} variants, ${orders.toLocaleString('en-GB')} orders`)
for (const [label, fn] of cases) {
  const t = await time(fn)
  console.log(`${label.padEnd(40)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p99 ${t.p99.toFixed(1).padStart(7)} ms   max ${t.max.toFixed(1).padStart(7)} ms`)
}
await payload.destroy()
process.exit(0)
