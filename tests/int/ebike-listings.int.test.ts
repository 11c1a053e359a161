// An e-bike that fails the EAPC rules is a motor vehicle in law: on a real database it is never listed among
// bicycles (the Bicycles and Electric Bikes categories and their sub-categories, a category chosen as a filter, the
// frame, bicycle-type and range facets, the home page's cycles), whichever way a listing reads (Payload's where, the
// listing's own SQL, the facet index). It is still on sale: on /all-bikes, its brand, search and its own page.
import { describe, expect, it, vi } from 'vitest'
import { buildBrand, buildCategory, buildProduct } from '../../src/setup/seed/factories'
import { EMPTY_LISTING_QUERY, parseListingQuery } from '../../src/domain/catalogue/listing-query'
import { soldAsMotorVehicle } from '../../src/domain/vehicles/eapc'
import { db, payload, withTestPayload } from './payload'

vi.mock('server-only', () => ({}))
vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { listingFacets, listProducts } = await import('../../src/features/listing/queries.server')
const { readCards } = await import('../../src/features/catalogue/queries.server')
type Scope = Parameters<typeof listProducts>[0]

const ids: Record<string, number> = {}

withTestPayload(async () => {
  const category = async (name: string, kind: string, parent?: number) => (await payload.create({ collection: 'categories', data: buildCategory({ name, kind, parent }), overrideAccess: true })).id
  const bicycles = await category('Bicycles', 'bicycle')
  const ebikes = await category('Electric Bikes', 'e-bike')
  const city = await category('E-City', 'e-bike', ebikes)
  const motorcycles = await category('Motorcycles', 'motorcycle')
  const cube = (await payload.create({ collection: 'brands', data: buildBrand({ name: 'Cube' }), overrideAccess: true })).id
  const make = async (name: string, categoryId: number, extra: Record<string, unknown> = {}) => {
    const doc = await payload.create({ collection: 'products', data: { ...buildProduct({ name, brand: cube, category: categoryId, pricePence: 299_900, stock: 2, attributes: { frameSize: 'M', bikeType: 'hybrid', batteryRangeMiles: 50 } }), ...extra } as never, overrideAccess: true })
    ids[name] = doc.id
  }
  await make('Cube Hybrid Bicycle', bicycles)
  await make('Cube Kathmandu EAPC', city, { ebike: { motorPowerW: 250, assistedSpeedMph: 15.5 } })
  await make('Cube Untested Power', city) // power and speed not yet recorded: listed as an e-bike until staff say otherwise
  await make('Cube Speed Pedelec', city, { featured: true, ebike: { motorPowerW: 500, assistedSpeedMph: 28 } })
  await make('Cube Throttle Only', ebikes, { ebike: { motorPowerW: 250, assistedSpeedMph: 15.5, hasPedals: false } })
  await make('Honda Moped', motorcycles, { attributes: { engineCc: 49, licenceCategory: 'AM' } })
})

const names = async (scope: Scope, raw: Record<string, string> = {}) => (await listProducts(scope, parseListingQuery(raw))).cards.map((c) => c.name).sort()
const CYCLES = ['Cube Hybrid Bicycle', 'Cube Kathmandu EAPC', 'Cube Untested Power']
const EBIKES = ['Cube Kathmandu EAPC', 'Cube Untested Power']
const MOTOR_EBIKES = ['Cube Speed Pedelec', 'Cube Throttle Only']

describe(`e-bikes that are motor vehicles, in listings on ${db}`, () => {
  it('stores the verdict the listings read', async () => {
    const eapc = async (name: string) => (await payload.findByID({ collection: 'products', id: ids[name]!, depth: 0, overrideAccess: true })).ebike?.eapc ?? null
    expect([await eapc('Cube Kathmandu EAPC'), await eapc('Cube Untested Power'), await eapc('Cube Speed Pedelec'), await eapc('Cube Throttle Only')]).toEqual([true, null, false, false])
  })

  it('leaves them out of the e-bike category and its sub-categories, however the page is sorted', async () => {
    for (const sort of ['relevance', 'price-asc', 'price-desc']) {
      expect(await names({ type: 'category', categoryPath: 'electric-bikes' }, { sort }), sort).toEqual(EBIKES)
      expect(await names({ type: 'category', categoryPath: 'electric-bikes/e-city' }, { sort }), sort).toEqual(EBIKES)
    }
    const facets = await listingFacets({ type: 'category', categoryPath: 'electric-bikes' }, EMPTY_LISTING_QUERY)
    expect(facets.total).toBe(2)
    expect(facets.categories).toEqual([{ path: 'electric-bikes/e-city', name: 'E-City', depth: 0, count: 2 }])
    // the listing's own SQL (words that only set filters) agrees
    expect(await names({ type: 'search' }, { q: 'under 5000', category: 'electric-bikes' })).toEqual(EBIKES)
  })

  it('keeps them on /all-bikes, but not under a cycle category chosen as a filter nor in the cycle facets', async () => {
    expect(await names({ type: 'bikes' })).toEqual([...CYCLES, ...MOTOR_EBIKES, 'Honda Moped'].sort())
    expect(await names({ type: 'bikes' }, { category: 'electric-bikes' })).toEqual(EBIKES)
    expect(await names({ type: 'bikes' }, { type: 'hybrid' })).toEqual(CYCLES)
    expect(await names({ type: 'bikes' }, { frame: 'M' })).toEqual(CYCLES)
    const facets = await listingFacets({ type: 'bikes' }, EMPTY_LISTING_QUERY)
    expect(facets.total).toBe(6)
    expect(Object.fromEntries(facets.categories.map((c) => [c.path, c.count]))).toEqual({ bicycles: 1, 'electric-bikes': 2, 'electric-bikes/e-city': 2, motorcycles: 1 })
    expect(facets.counts.byFacet.type).toEqual({ hybrid: 3 })
    expect(facets.counts.byFacet.frame).toEqual({ M: 3 })
  })

  it('labels a motor-vehicle e-bike on its card', async () => {
    const cards = await readCards(payload, [ids['Cube Speed Pedelec']!, ids['Cube Kathmandu EAPC']!, ids['Cube Untested Power']!])
    expect(cards.map((c) => [c.name, soldAsMotorVehicle(c)])).toEqual([
      ['Cube Speed Pedelec', true],
      ['Cube Kathmandu EAPC', false],
      ['Cube Untested Power', false],
    ])
  })
})
