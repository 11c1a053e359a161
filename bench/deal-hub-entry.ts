// Run by bench/deal-hub.mjs: migrates DATABASE_URL, makes the bench fixture of DEAL_HUB_DEALS deals (1,000 unless
// told) when the database holds fewer, and times the deal hub's read (`hubDeals`: the page's rows and the stage
// counts, the two statements the admin view runs) for every open deal, a later page, and each stage alone.
// Nothing is cached on that path, so every round is what a staff member's request costs the database.
import { getPayload, type Payload } from 'payload'
import config from '../src/payload.config'
import { migrateDatabase } from '../src/cms/migrate.server'
import { DEAL_STAGE_VALUES, DEAL_STAGES, type DealStage, type DealStep } from '../src/domain/deals/deal-stages'
import { buildCategory, buildProduct } from '../src/setup/seed/factories'

const { hubDeals, joinDeal } = await import('../src/features/deals/deal-rows.server')
const { readRows, refreshPlannerStatistics } = await import('../src/cms/sql.server')

const payload = await getPayload({ config })
const applied = await migrateDatabase(payload)
if (applied.length > 0) console.log(`migrated: ${applied.length} migrations`)

const DEALS = Number(process.env.DEAL_HUB_DEALS ?? 1000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 100)
const DOMAIN = 'deal-hub.bench.test'
const BIKES = ['Honda CB650R', 'Yamaha MT-07', 'Triumph Trident 660', 'Kawasaki Z650', 'BMW F 900 R', 'Suzuki GSX-8S']
const STAFF = 4
const STEPS: DealStep[] = ['enquiry', 'reservation', 'test_ride', 'finance_application', 'valuation']
const OPEN = DEAL_STAGE_VALUES.filter((s) => !DEAL_STAGES[s].final)
const HOUR = 3_600_000

async function bikes(p: Payload): Promise<{ id: number; name: string }[]> {
  const found = await p.find({ collection: 'products', where: { sku: { like: 'DEAL-HUB-BENCH-' } }, depth: 0, limit: BIKES.length, overrideAccess: true, sort: 'sku' })
  if (found.docs.length === BIKES.length) return found.docs.map((d) => ({ id: d.id, name: d.name }))
  const category = await p.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Deal hub bench motorcycles ${Date.now()}`, kind: 'motorcycle' }) as never })
  const made: { id: number; name: string }[] = []
  for (const [i, name] of BIKES.entries()) {
    const doc = await p.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `${name} (deal hub bench)`, sku: `DEAL-HUB-BENCH-${i}`, category: category.id, pricePence: 699_900 + i * 50_000, stock: 1 }) as never })
    made.push({ id: doc.id, name: doc.name })
  }
  return made
}

async function staff(p: Payload): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < STAFF; i++) {
    const email = `staff-${i}@${DOMAIN}`
    const found = await p.find({ collection: 'users', where: { email: { equals: email } }, depth: 0, limit: 1, overrideAccess: true })
    ids.push(found.docs[0]?.id ?? (await p.create({ collection: 'users', overrideAccess: true, data: { email, password: 'deal-hub-bench-password-1234', role: 'staff', firstName: `Staff${i}`, lastName: 'Bench' } as never })).id)
  }
  return ids
}

/**
 * The fixture: each deal opened by a customer's step, as the shop opens them, then moved by staff to its stage, owner
 * and next action in one plain update (the staff hook checks one move at a time; these are jumps made for the bench).
 * Stages round-robin over all eight, so three quarters are open; about a third of the open ones are past their due time,
 * a third due later, the rest with no next action.
 */
async function makeFixture(p: Payload, now: Date): Promise<void> {
  const have = Number((await readRows(p, { sql: 'SELECT COUNT(*) AS n FROM deals WHERE email LIKE ?', args: [`%@${DOMAIN}`] }))[0]?.n ?? 0)
  if (have >= DEALS) return
  const [bikeList, owners] = [await bikes(p), await staff(p)]
  const started = performance.now()
  for (let i = have; i < DEALS; i++) {
    const bike = bikeList[i % bikeList.length]!
    const customer = Math.floor(i / bikeList.length)
    const opened = new Date(now.getTime() - (DEALS - i) * 2 * HOUR)
    const { dealId } = await joinDeal(p, { step: STEPS[i % STEPS.length]!, reference: `BENCH-${i}`, email: `customer-${customer}@${DOMAIN}`, firstName: 'Customer', lastName: `No ${customer}`, productId: bike.id, productName: bike.name, consent: i % 3 === 0, now: opened })
    const stage: DealStage = DEAL_STAGE_VALUES[i % DEAL_STAGE_VALUES.length]!
    const due = i % 3 === 0 ? new Date(now.getTime() - ((i % 97) + 1) * HOUR) : i % 3 === 1 ? new Date(now.getTime() + ((i % 89) + 1) * HOUR) : null
    await p.update({
      collection: 'deals',
      id: dealId,
      overrideAccess: true,
      depth: 0,
      context: { dealLifecycle: true },
      data: { status: stage, owner: i % 5 === 4 ? null : owners[i % owners.length]!, nextAction: due ? 'Call the customer back' : null, nextActionDue: due?.toISOString() ?? null, ...(stage === 'lost' ? { lostReason: 'Bought elsewhere' } : {}) },
    })
    if ((i + 1) % 100 === 0) console.log(`fixture: ${i + 1} of ${DEALS} deals (${((performance.now() - started) / 1000).toFixed(0)} s)`)
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const line = (label: string, out: number[]) => {
  const s = [...out].sort((a, b) => a - b)
  return `${label.padEnd(34)} p50 ${pct(s, 50).toFixed(1).padStart(6)} ms   p99 ${pct(s, 99).toFixed(1).padStart(6)} ms   max ${s.at(-1)!.toFixed(1).padStart(6)} ms`
}

async function timeHub(label: string): Promise<void> {
  const cases: [string, readonly DealStage[], number][] = [
    ['open deals, page 1', OPEN, 1],
    ['open deals, page 5', OPEN, 5],
    ...DEAL_STAGE_VALUES.map((s): [string, readonly DealStage[], number] => [`stage ${s}, page 1`, [s], 1]),
  ]
  console.log(`${label}: hubDeals, uncached, ${rounds} rounds a case, ${payload.db.name}`)
  const all: number[] = []
  for (const [name, stages, page] of cases) {
    const first = await hubDeals(payload, { stages, page, now: new Date() }) // the connection and the prepared statement, warm
    const out: number[] = []
    for (let i = 0; i < rounds; i++) {
      const started = performance.now()
      await hubDeals(payload, { stages, page, now: new Date() })
      out.push(performance.now() - started)
    }
    all.push(...out)
    console.log(`${line(name, out)}   (${first.deals.length} rows of ${first.total})`)
  }
  console.log(line('all cases', all))
}

await makeFixture(payload, new Date())
if (process.env.DEAL_HUB_FIXTURE_ONLY === '1') {
  // bench/deal-hub-http.mjs times the rendered page over HTTP on this fixture.
  await refreshPlannerStatistics(payload, ['deals', 'users'])
  await payload.destroy()
  process.exit(0)
}
const counts = await readRows(payload, { sql: 'SELECT status, COUNT(*) AS n FROM deals GROUP BY status ORDER BY status', args: [] })
const total = counts.reduce((n, c) => n + Number(c.n), 0)
console.log(`deals: ${total} (${counts.map((c) => `${String(c.status)} ${Number(c.n)}`).join(', ')})`)
await timeHub('as the steps left it')
// The shop refreshes planner statistics after its own bulk work; autovacuum (off on the bench machines) would in time.
await refreshPlannerStatistics(payload, ['deals', 'users'])
await timeHub('after VACUUM (ANALYZE) / PRAGMA optimize')
await payload.destroy()
process.exit(0)
