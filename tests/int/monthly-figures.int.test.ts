// The monthly figures on listing cards, stored per product by the refreshMonthlyFigures job. On the seeded demo
// shop (its lender panel and bikes), a price change queues a refresh and the stored figure follows it; the listing reads
// the stored figure (never the quote source) and the budget filter keeps only bikes whose best quote fits, cheapest first.
import type { Payload } from 'payload'
import { describe, expect, it, vi } from 'vitest'
import { readRows } from '../../src/cms/sql.server'
import { EMPTY_LISTING_QUERY, parseListingQuery } from '../../src/domain/catalogue/listing-query'
import { payload, withDemoShop } from './payload'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { cardQuote, refreshMonthlyFigures } = await import('../../src/features/finance/monthly-figure-refresh')
const { readMonthlyFigures, ensureMonthlyFigures } = await import('../../src/features/finance-figures/monthly-figures.server')
const { readListingPage } = await import('../../src/features/listing/queries.server')

async function runQueuedJobs() {
  await payload.jobs.run({ limit: 1000, overrideAccess: true, silent: true } as Parameters<Payload['jobs']['run']>[0])
}

async function pendingRefreshes(): Promise<number> {
  const [row] = await readRows(payload, { sql: `SELECT COUNT(*) AS n FROM payload_jobs WHERE task_slug = 'refreshMonthlyFigures' AND completed_at IS NULL`, args: [] })
  return Number(row?.n ?? 0)
}

/** A financeable bike in stock from the seed. */
async function financeableBike() {
  const found = await payload.find({ collection: 'products', where: { and: [{ 'vehicle.financeable': { equals: true } }, { status: { equals: 'active' } }, { stockQuantity: { greater_than: 0 } }] }, limit: 1, depth: 0, overrideAccess: true, sort: 'id' })
  const bike = found.docs[0]
  if (!bike) throw new Error('the seed has no financeable bike')
  return bike
}

withDemoShop(runQueuedJobs)

describe('stored monthly figures', () => {
  it('stores, for each financeable bike, the first quote its own finance step shows on its opening terms', async () => {
    const bike = await financeableBike()
    const stored = (await readMonthlyFigures(payload, [bike.id])).get(bike.id)
    const expected = await cardQuote(payload, bike.id)
    expect(expected).not.toBeNull()
    expect(stored).toMatchObject({ monthlyPence: expected!.quote.example.regularPaymentPence, facilityType: expected!.quote.facilityType, termMonths: expected!.terms.termMonths, depositPence: expected!.terms.depositPence })
    expect(stored!.example.regularPaymentPence).toBe(stored!.monthlyPence)
  })

  it('a price change queues a refresh, and the job stores the figure for the new price', async () => {
    const bike = await financeableBike()
    const before = (await readMonthlyFigures(payload, [bike.id])).get(bike.id)!
    await payload.update({ collection: 'products', id: bike.id, data: { price: (bike.price ?? 0) + 100_000 }, overrideAccess: true })
    expect(await pendingRefreshes()).toBeGreaterThan(0)
    // Until the job runs, the card keeps the figure it had: reading cards never calls the quote source.
    expect((await readMonthlyFigures(payload, [bike.id])).get(bike.id)!.monthlyPence).toBe(before.monthlyPence)
    await runQueuedJobs()
    expect(await pendingRefreshes()).toBe(0)
    const after = (await readMonthlyFigures(payload, [bike.id])).get(bike.id)!
    const expected = await cardQuote(payload, bike.id)
    expect(after.cashPricePence).toBeGreaterThan(before.cashPricePence)
    expect(after.monthlyPence).toBeGreaterThan(before.monthlyPence)
    expect(after.monthlyPence).toBe(expected!.quote.example.regularPaymentPence)
  })

  it('makes stale only the pages of products whose figure changed, and nothing when none did', async () => {
    await runQueuedJobs()
    const published: unknown[] = []
    const bus = globalThis as { __wheelhouseStorefrontBus?: { publish(change: unknown): void } }
    const previous = bus.__wheelhouseStorefrontBus
    bus.__wheelhouseStorefrontBus = { publish: (change) => published.push(change) }
    try {
      await refreshMonthlyFigures(payload, 'all')
      expect(published).toEqual([]) // the same figures again: every cached page stays
      const bike = await financeableBike()
      await readRows(payload, { sql: 'UPDATE product_monthly_figures SET monthly_pence = monthly_pence + 1 WHERE product_id = ?', args: [bike.id] })
      await refreshMonthlyFigures(payload, 'all')
      expect(published).toEqual([{ kind: 'products', slugs: [bike.slug] }])
    } finally {
      bus.__wheelhouseStorefrontBus = previous
    }
  })

  it('a change of lender rates refreshes every figure', async () => {
    const bike = await financeableBike()
    const before = (await readMonthlyFigures(payload, [bike.id])).get(bike.id)!
    const lenders = await payload.find({ collection: 'lenders', limit: 100, depth: 0, overrideAccess: true })
    for (const lender of lenders.docs) {
      await payload.update({ collection: 'lenders', id: lender.id, data: { aprBands: (lender.aprBands ?? []).map((b) => ({ ...b, id: undefined, aprPercent: b.aprPercent + 5 })) }, overrideAccess: true })
    }
    await runQueuedJobs()
    const after = (await readMonthlyFigures(payload, [bike.id])).get(bike.id)!
    expect(after.aprPercent).toBeGreaterThan(before.aprPercent)
    expect(after.monthlyPence).toBeGreaterThan(before.monthlyPence)
  })
})

describe('what a refresh covers', () => {
  it('quotes only bikes on finance: a bike taken off finance loses its figure, riderwear in the list gets none', async () => {
    await runQueuedJobs()
    const bike = await financeableBike()
    const gear = (await payload.find({ collection: 'products', where: { kind: { equals: 'riderwear' } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]
    expect(gear).toBeDefined()
    expect((await readMonthlyFigures(payload, [bike.id])).has(bike.id)).toBe(true)
    await readRows(payload, { sql: `UPDATE products SET vehicle_financeable = ${process.env.INT_DB_KIND === 'postgres' ? 'false' : '0'} WHERE id = ?`, args: [bike.id] })
    try {
      const result = await refreshMonthlyFigures(payload, JSON.stringify([bike.id, gear!.id]))
      expect(result).toEqual({ stored: 0, removed: 2 })
      const after = await readMonthlyFigures(payload, [bike.id, gear!.id])
      expect(after.size).toBe(0)
    } finally {
      await readRows(payload, { sql: `UPDATE products SET vehicle_financeable = ${process.env.INT_DB_KIND === 'postgres' ? 'true' : '1'} WHERE id = ?`, args: [bike.id] })
    }
    expect(await refreshMonthlyFigures(payload, JSON.stringify([bike.id]))).toEqual({ stored: 1, removed: 0 })
  })
})

describe('a lender leaving the panel', () => {
  it('refreshes every figure, as an edit does', async () => {
    const [lender] = (await payload.find({ collection: 'lenders', limit: 1, depth: 0, overrideAccess: true })).docs
    const { id: _id, createdAt: _c, updatedAt: _u, ...data } = lender!
    const strip = (rows: { id?: string | null }[] | null | undefined) => (rows ?? []).map(({ id: _rowId, ...row }) => row)
    const copy = await payload.create({
      collection: 'lenders',
      data: { ...data, name: `${lender!.name} (copy)`, funderCode: `${String((data as { funderCode?: string }).funderCode ?? 'X')}-COPY`.slice(0, 20), aprBands: strip(data.aprBands), residualValues: strip((data as { residualValues?: { id?: string | null }[] }).residualValues) } as never,
      overrideAccess: true,
    })
    await runQueuedJobs()
    expect(await pendingRefreshes()).toBe(0)
    await payload.delete({ collection: 'lenders', id: copy.id, overrideAccess: true })
    expect(await pendingRefreshes()).toBe(1)
    await runQueuedJobs()
  })
})

describe('start-up', () => {
  it('queues one refresh of every bike when bikes are on sale but no figure is stored, and fills them', async () => {
    await runQueuedJobs()
    expect(await ensureMonthlyFigures(payload)).toBe(false) // figures are stored
    await readRows(payload, { sql: 'DELETE FROM product_monthly_figures', args: [] })
    expect(await ensureMonthlyFigures(payload)).toBe(true)
    expect(await pendingRefreshes()).toBe(1)
    expect(await ensureMonthlyFigures(payload)).toBe(false) // one is waiting
    expect(await pendingRefreshes()).toBe(1)
    await runQueuedJobs()
    const bike = await financeableBike()
    expect((await readMonthlyFigures(payload, [bike.id])).get(bike.id)?.monthlyPence).toBeGreaterThan(0)
  })
})

describe('listing cards', () => {
  it('carry the stored figure and one representative example', async () => {
    const page = await readListingPage({ type: 'bikes' }, EMPTY_LISTING_QUERY)
    expect(page.monthly.length).toBeGreaterThan(0)
    const figures = await readMonthlyFigures(payload, page.monthly.map((m) => m.productId))
    for (const m of page.monthly) expect(m.monthlyPence).toBe(figures.get(m.productId)!.monthlyPence)
    expect(page.example?.example.regularPaymentPence).toBeGreaterThan(0)
  })

  it('the budget filter keeps bikes whose best quote fits, cheapest a month first', async () => {
    const all = await readListingPage({ type: 'bikes' }, parseListingQuery({ monthly: '5000', deposit: '1000', term: '48' }))
    const tight = await readListingPage({ type: 'bikes' }, parseListingQuery({ monthly: '150', deposit: '1000', term: '48' }))
    expect(all.totalDocs).toBeGreaterThan(tight.totalDocs)
    expect(tight.cards.length).toBe(tight.monthly.length)
    const figures = tight.monthly.map((m) => m.monthlyPence)
    expect(figures.every((p) => p <= 15_000)).toBe(true)
    expect([...figures].sort((a, b) => a - b)).toEqual(figures)
    expect(tight.example?.example.termMonths).toBe(48)
    expect(tight.example?.example.depositPence).toBe(100_000)
    // Every bike the wide budget finds at £150 or less a month is kept by the tight one, and none other.
    const fitting = all.monthly.filter((m) => m.monthlyPence <= 15_000).map((m) => m.productId)
    if (all.totalDocs <= all.cards.length) expect(tight.monthly.map((m) => m.productId).sort()).toEqual(fitting.sort())
  })
})
