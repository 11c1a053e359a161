// On a real database: a used bike whose history check shows outstanding finance or a stolen marker is never put on
// sale, by the admin (the products hooks) or by a stock import (its own SQL); a lower MOT mileage needs staff to say
// they looked into it; staff's registration lookup answers DVLA's record and the MOT history, and each failure of
// the services as a sentence with a 4xx or 502, never a 500.
import { ValidationError, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { importFeed } from '../../src/features/catalogue-import/import-feed.server'
import { lookUpRegistration, staffOnlyLookup } from '../../src/features/used-bikes/registration-lookup.server'
import { builtInMotHistory, builtInVehicleEnquiry } from '../../src/adapters/vehicle-data/built-in-vehicle-data'
import { DEMO_VEHICLES } from '../../src/adapters/vehicle-data/demo-vehicles'
import { buildProduct } from '../../src/setup/seed/factories'
import type { Product } from '../../src/payload-types'
import { testPayload } from './payload'

vi.mock('server-only', () => ({}))

let payload: Payload
let motorcycles: number
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload()
  // Only what the tests name: the demo shop's full seed takes minutes on a busy PostgreSQL.
  const category = (name: string, slug: string, kind: 'motorcycle' | 'e-bike', parent?: number) => payload.create({ collection: 'categories', data: { name, slug, kind, ...(parent ? { parent } : {}) }, overrideAccess: true, depth: 0 })
  motorcycles = (await category('Naked', 'naked', 'motorcycle', (await category('Motorcycles', 'motorcycles', 'motorcycle')).id)).id
  await category('Electric Bikes', 'electric-bikes', 'e-bike')
  for (const name of ['Yamaha', 'Honda']) await payload.create({ collection: 'brands', data: { name, slug: name.toLowerCase() }, overrideAccess: true, depth: 0 })
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
})

const usedBike = (sku: string, extra: Record<string, unknown> = {}) =>
  payload.create({
    collection: 'products',
    overrideAccess: true,
    depth: 0,
    data: { ...buildProduct({ name: `Used bike ${sku}`, sku, category: motorcycles, pricePence: 450_000, stock: 1, condition: 'used' }), ...extra } as never,
  })
/** The field errors a refused save carries, as the admin shows them beside each field. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(() => null, (e: unknown) => e)
  expect(error, 'the save should have been refused').toBeInstanceOf(ValidationError)
  return (error as ValidationError).data.errors.map((e) => `${e.path}: ${e.message}`).join('\n')
}
const statusOf = async (id: number) => (await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })).status
const publish = (id: number, extra: Record<string, unknown> = {}) => payload.update({ collection: 'products', id, data: { status: 'active', ...extra } as never, overrideAccess: true, depth: 0 })

describe(`used bikes on ${db}`, () => {
  it('refuses to publish a bike with outstanding finance or a stolen marker through the admin', async () => {
    const financed = await usedBike('UB-FINANCE', { status: 'draft', usedBike: { historyCheck: { provider: 'HPI', checkedOn: '2026-11-01', outstandingFinance: true } } })
    expect(await refusal(publish(financed.id))).toMatch(/^usedBike.historyCheck.outstandingFinance: .*outstanding finance/)
    expect(await statusOf(financed.id)).toBe('draft')
    expect(await refusal(usedBike('UB-STOLEN', { usedBike: { historyCheck: { stolen: true } } }))).toMatch(/^usedBike.historyCheck.stolen: .*stolen marker/)
    expect((await payload.count({ collection: 'products', where: { sku: { equals: 'UB-STOLEN' } }, overrideAccess: true })).totalDocs).toBe(0)
    // Settled and checked again: now it may go on sale, and a Cat N write-off may be sold.
    await payload.update({ collection: 'products', id: financed.id, data: { usedBike: { historyCheck: { outstandingFinance: false, writeOffCategory: 'N' } } } as never, overrideAccess: true })
    expect((await publish(financed.id)).status).toBe('active')
  })

  it('refuses to publish it through a stock import too, and imports the rest of the file', async () => {
    const financed = await usedBike('UB-IMPORT', { status: 'draft', usedBike: { historyCheck: { outstandingFinance: true } } })
    const csv = ['sku,name,kind,condition,brand,category,price,stock,status', 'UB-IMPORT,Used bike UB-IMPORT,motorcycle,used,Yamaha,motorcycles/naked,"4,500.00",1,active', 'UB-FRESH,Fresh import,motorcycle,used,Yamaha,motorcycles/naked,"3,000.00",1,active'].join('\n')
    const report = await importFeed(payload, csvRows(csv), { actor: 'used bikes test' })
    expect(report.refusedRows).toEqual([expect.objectContaining({ sku: 'UB-IMPORT', reason: expect.stringContaining('outstanding finance') })])
    expect(report.created).toBe(1)
    expect(await statusOf(financed.id)).toBe('draft')
  })

  it('asks staff to look into a lower MOT mileage before publishing', async () => {
    const tests = DEMO_VEHICLES.WH17CLK!.tests
    const clocked = await usedBike('UB-CLOCKED', { status: 'draft', usedBike: { motTests: tests } })
    expect(await refusal(publish(clocked.id))).toMatch(/^usedBike.mileageChecked: .*12,300 miles on 2025-01-21, lower than 21,560/)
    expect((await publish(clocked.id, { usedBike: { mileageChecked: true } })).status).toBe('active')
    expect(await refusal(usedBike('UB-BADMOT', { status: 'draft', usedBike: { motTests: [{ date: 'yesterday', result: 'MAYBE' }] } }))).toMatch(/MOT test needs a date/)
  })

  it('stores an e-bike’s EAPC verdict from its power and assisted speed', async () => {
    const ebikes = (await payload.find({ collection: 'categories', where: { kind: { equals: 'e-bike' } }, depth: 0, overrideAccess: true, limit: 1 })).docs[0]!.id
    const make = (sku: string, ebike: Record<string, unknown>) => payload.create({ collection: 'products', overrideAccess: true, depth: 0, data: { ...buildProduct({ name: sku, sku, category: ebikes, pricePence: 200_000, stock: 1 }), ebike } as never })
    expect(((await make('EB-LEGAL', { motorPowerW: 250, assistedSpeedMph: 15.5 })) as Product).ebike?.eapc).toBe(true)
    expect(((await make('EB-FAST', { motorPowerW: 250, assistedSpeedMph: 28 })) as Product).ebike?.eapc).toBe(false)
    expect(((await make('EB-UNKNOWN', {})) as Product).ebike?.eapc).toBeNull()
  })

  it('imports an e-bike’s power, assisted speed and pedals with the verdict the admin would store, and refuses bad values by name', async () => {
    const header = 'sku,name,kind,brand,category,price,stock,status,motor_power_w,assisted_speed_mph,has_pedals'
    const csv = [header, 'EB-FEED-LEGAL,Feed e-bike legal,e-bike,Honda,electric-bikes,"2,000.00",1,active,250,15.5,yes', 'EB-FEED-FAST,Feed e-bike fast,e-bike,Honda,electric-bikes,"2,500.00",1,active,750,28,yes', 'EB-FEED-BAD,Feed e-bike bad,e-bike,Honda,electric-bikes,"2,500.00",1,active,250,15.55,perhaps'].join('\n')
    const report = await importFeed(payload, csvRows(csv), { actor: 'e-bike import test' })
    expect(report.created).toBe(2)
    expect(report.refusedRows).toEqual([expect.objectContaining({ sku: 'EB-FEED-BAD', reason: expect.stringMatching(/assisted_speed_mph "15.55" is not a number with at most one decimal place|has_pedals "perhaps" is not yes or no/) })])
    const bySku = async (sku: string) => (await payload.find({ collection: 'products', where: { sku: { equals: sku } }, depth: 0, overrideAccess: true })).docs[0] as Product
    expect((await bySku('EB-FEED-LEGAL')).ebike).toMatchObject({ motorPowerW: 250, assistedSpeedMph: 15.5, hasPedals: true, eapc: true })
    expect((await bySku('EB-FEED-FAST')).ebike).toMatchObject({ motorPowerW: 750, assistedSpeedMph: 28, eapc: false })
    // A later feed that corrects the speed changes the verdict, as a save in the admin would.
    const again = await importFeed(payload, csvRows([header, 'EB-FEED-FAST,Feed e-bike fast,e-bike,Honda,electric-bikes,"2,500.00",1,active,250,15.5,yes'].join('\n')), { actor: 'e-bike import test' })
    expect(again.updated).toBe(1)
    expect((await bySku('EB-FEED-FAST')).ebike).toMatchObject({ motorPowerW: 250, assistedSpeedMph: 15.5, eapc: true })
  })

  it('answers staff’s lookup with DVLA’s record, the MOT history and the brand it matches', async () => {
    const response = await lookUpRegistration(payload, 'wh19 mot')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ registration: 'WH19MOT', vehicle: { make: 'HONDA', engineCc: 471, yearOfManufacture: 2019, taxStatus: 'Taxed', motStatus: 'Valid' }, mileageDrops: [] })
    expect(body.motTests).toHaveLength(6)
    const honda = (await payload.find({ collection: 'brands', where: { name: { equals: 'Honda' } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(body.brandId).toBe(honda.id)
    const clocked = await (await lookUpRegistration(payload, 'WH17CLK')).json()
    expect(clocked.mileageDrops).toEqual([expect.objectContaining({ miles: 12_300 })])
  })

  it('answers an unknown, malformed, rate-limited or slow lookup with a sentence, never a 500', async () => {
    const unknown = await lookUpRegistration(payload, 'AB12CDE')
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toContain('AB12CDE')
    expect((await lookUpRegistration(payload, 'NOT A PLATE')).status).toBe(422)
    const busy = { name: 'busy', vehicle: async () => ({ ok: false as const, reason: 'rate-limited' as const, message: 'DVLA is answering too many lookups just now.' }) }
    const limited = await lookUpRegistration(payload, 'WH19MOT', { vehicles: busy, motHistory: builtInMotHistory() })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    const slowMot = { name: 'slow', history: async () => ({ ok: false as const, reason: 'unavailable' as const, message: 'The DVSA MOT history service did not answer in time.' }) }
    const partial = await lookUpRegistration(payload, 'WH19MOT', { vehicles: builtInVehicleEnquiry(), motHistory: slowMot })
    expect(partial.status).toBe(200)
    expect(await partial.json()).toMatchObject({ vehicle: { make: 'HONDA' }, motTests: null, motMessage: expect.stringContaining('did not answer in time') })
  })

  it('refuses bad values in the used-bike and e-bike fields with the field named, and changes nothing', async () => {
    const bike = await usedBike('UB-BADINPUT', { status: 'draft', usedBike: { make: 'HONDA' } })
    const ebikes = (await payload.find({ collection: 'categories', where: { kind: { equals: 'e-bike' } }, depth: 0, overrideAccess: true, limit: 1 })).docs[0]!.id
    const ebike = await payload.create({ collection: 'products', overrideAccess: true, depth: 0, data: { ...buildProduct({ name: 'EB-BADINPUT', sku: 'EB-BADINPUT', category: ebikes, pricePence: 200_000, stock: 1 }), ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 } } as never })
    const change = (id: number, data: Record<string, unknown>) => payload.update({ collection: 'products', id, data: data as never, overrideAccess: true, depth: 0 })
    const bad: [number, Record<string, unknown>, RegExp][] = [
      [ebike.id, { ebike: { motorPowerW: -250 } }, /^ebike.motorPowerW: /],
      [ebike.id, { ebike: { motorPowerW: 'lots' } }, /^ebike.motorPowerW: /],
      [ebike.id, { ebike: { assistedSpeedMph: 1000 } }, /^ebike.assistedSpeedMph: /],
      [bike.id, { usedBike: { yearOfManufacture: 1500 } }, /^usedBike.yearOfManufacture: /],
      [bike.id, { usedBike: { make: 'x'.repeat(61) } }, /^usedBike.make: /],
      [bike.id, { usedBike: { motTests: { not: 'a list' } } }, /^usedBike.motTests: The MOT history must be a list of tests/],
      [bike.id, { usedBike: { historyCheck: { writeOffCategory: 'X' } } }, /^usedBike.historyCheck.writeOffCategory: /],
    ]
    const refused: [string, boolean][] = []
    for (const [id, data, message] of bad) {
      const error = await change(id, data).then(() => null, (e: unknown) => e)
      refused.push([JSON.stringify(data), error instanceof ValidationError && message.test(error.data.errors.map((e) => `${e.path}: ${e.message}`).join('\n'))])
    }
    expect(refused).toEqual(bad.map(([, data]) => [JSON.stringify(data), true]))
    const [afterBike, afterEbike] = await Promise.all([bike.id, ebike.id].map((id) => payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })))
    expect(afterBike!.usedBike).toMatchObject({ make: 'HONDA', yearOfManufacture: null, motTests: null })
    expect(afterBike!.usedBike?.historyCheck?.writeOffCategory ?? null).toBeNull()
    expect(afterEbike!.ebike).toMatchObject({ motorPowerW: 250, assistedSpeedMph: 15.5, eapc: true })
  })

  it('looks nothing up for a visitor', async () => {
    const answer = await staffOnlyLookup(payload, new Request('http://localhost/api/used-bikes/lookup', { method: 'POST' }))
    expect(answer?.status).toBe(401)
  })
})
