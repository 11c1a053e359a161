// Facet counts on listings and search, on a small catalogue made here (no demo seed), so every count is
// known: each option counts the products the listing would show with that option chosen beside the other choices.
// The same file runs on SQLite and PostgreSQL; the counts come from one grouped statement (features/listing/facet-counts.server.ts).
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { buildBrand, buildCategory, buildProduct } from '../../src/setup/seed/factories'
import { EMPTY_LISTING_QUERY, parseListingQuery, type ListingQuery } from '../../src/domain/catalogue/listing-query'
import { db, payload, withTestPayload } from './payload'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { listingFacets, listProducts } = await import('../../src/features/listing/queries.server')
const { FilterForm, filterFormFacets } = await import('../../src/features/listing/components/listing-forms')
type Scope = Parameters<typeof listProducts>[0]

const brandId: Record<string, number> = {}
const BIKES: Scope = { type: 'bikes' }

withTestPayload(async () => {
  const category = async (name: string, kind: string, parent?: number) => (await payload.create({ collection: 'categories', data: buildCategory({ name, kind, parent }), overrideAccess: true })).id
  const motorcycles = await category('Motorcycles', 'motorcycle')
  const naked = await category('Naked', 'motorcycle', motorcycles)
  const scooters = await category('Scooters', 'scooter')
  const bicycles = await category('Bicycles', 'bicycle')
  const ebikes = await category('Electric Bikes', 'e-bike')
  const riderwear = await category('Riderwear', 'riderwear')
  for (const name of ['Honda', 'KTM', 'Trek', 'Cube']) brandId[name] = (await payload.create({ collection: 'brands', data: buildBrand({ name }), overrideAccess: true })).id

  type Row = [name: string, brand: string, category: number, pence: number, extra: Partial<Parameters<typeof buildProduct>[0]>]
  const motorcycle = (cc: number, licence: 'AM' | 'A1' | 'A2' | 'A', condition: 'new' | 'used' = 'new') => ({ condition, attributes: { engineCc: cc, licenceCategory: licence } })
  const cycle = (frameSize: 'XS' | 'S' | 'M' | 'L' | 'XL' | 'Kids', bikeType: 'road' | 'mountain' | 'hybrid' | 'kids', batteryRangeMiles?: number) => ({ attributes: { frameSize, bikeType, batteryRangeMiles } })
  const rows: Row[] = [
    ['Honda CB650R', 'Honda', naked, 749_900, motorcycle(649, 'A2')],
    ['Honda CB1000R', 'Honda', naked, 1_299_900, motorcycle(998, 'A', 'used')],
    ['Honda CB125R', 'Honda', naked, 499_900, motorcycle(125, 'A1')],
    ['Honda Africa Twin', 'Honda', motorcycles, 1_449_900, motorcycle(1084, 'A', 'used')],
    ['KTM 390 Duke', 'KTM', naked, 549_900, motorcycle(373, 'A2', 'used')],
    ['KTM 890 Duke', 'KTM', naked, 1_099_900, motorcycle(890, 'A')],
    ['Honda Vision 50', 'Honda', scooters, 219_900, motorcycle(49, 'AM')],
    ['Trek Domane AL 2', 'Trek', bicycles, 129_900, cycle('M', 'road')],
    ['Trek Marlin 7', 'Trek', bicycles, 249_900, cycle('L', 'mountain')],
    ['Cube Kathmandu One', 'Cube', bicycles, 89_900, cycle('M', 'hybrid')],
    ['Cube Kid 160', 'Cube', bicycles, 24_900, cycle('Kids', 'kids')],
    ['Trek Allant+ 7', 'Trek', ebikes, 299_900, cycle('M', 'hybrid', 55)],
    ['Cube Reaction Hybrid', 'Cube', ebikes, 449_900, cycle('L', 'mountain', 80)],
    ['Cube Stereo Hybrid', 'Cube', ebikes, 520_000, cycle('XL', 'mountain', 100)],
    ['Honda Racing Jacket', 'Honda', riderwear, 19_900, {}],
  ]
  for (const [name, brand, categoryId, pricePence, extra] of rows) {
    await payload.create({ collection: 'products', data: buildProduct({ name, brand: brandId[brand], category: categoryId, pricePence, stock: 2, ...extra }), overrideAccess: true })
  }
  // drafts are never counted (a Honda A2 naked, which would change the counts below)
  await payload.create({ collection: 'products', data: { ...buildProduct({ name: 'Honda CB500F Prototype', brand: brandId.Honda, category: naked, pricePence: 599_900, ...motorcycle(471, 'A2') }), status: 'draft' }, overrideAccess: true })
})

const facets = (scope: Scope, raw: Record<string, string | string[]> = {}) => listingFacets(scope, parseListingQuery(raw))
const shown = async (scope: Scope, query: ListingQuery) => (await listProducts(scope, query)).totalDocs
const brandCounts = (f: Awaited<ReturnType<typeof facets>>) => Object.fromEntries(f.brands.map((b) => [b.name, b.count]))

describe(`listing facet counts on ${db}`, () => {
  it('counts every option of /all-bikes, on-sale bikes only (no riderwear, no draft)', async () => {
    const f = await facets(BIKES)
    expect(f.total).toBe(14)
    expect(f.counts.shown).toBe(14)
    expect(brandCounts(f)).toEqual({ Cube: 4, Honda: 5, KTM: 2, Trek: 3 })
    expect(f.counts.byFacet.condition).toEqual({ new: 11, used: 3 })
    expect(f.counts.byFacet.licence).toEqual({ AM: 1, A1: 1, A2: 2, A: 3 })
    expect(f.counts.byFacet.engineBand).toEqual({ 'up-to-50': 1, '51-125': 1, '126-500': 1, '501-750': 1, '751-1000': 2, 'over-1000': 1 })
    expect(f.counts.byFacet.priceBand).toEqual({ 'under-250': 1, '250-1000': 1, '1000-3000': 4, '3000-6000': 4, '6000-10000': 1, '10000-plus': 3 })
    expect(f.counts.byFacet.frame).toEqual({ M: 3, L: 2, XL: 1, Kids: 1 })
    expect(f.counts.byFacet.type).toEqual({ road: 1, mountain: 3, hybrid: 2, kids: 1 })
    expect(f.counts.byFacet.range).toEqual({ '20': 3, '40': 3, '60': 2, '80': 2, '100': 1 })
    expect(f.kinds.sort()).toEqual(['bicycle', 'e-bike', 'motorcycle', 'scooter'])
    expect(f.categories.map((c) => `${c.path} ${c.count}`)).toEqual(['bicycles 4', 'electric-bikes 3', 'motorcycles 6', 'motorcycles/naked 5', 'scooters 1'])
  })

  it('counts two chosen filters against each other: each facet without its own choice, with the other', async () => {
    const query = parseListingQuery({ brand: 'honda', condition: 'used' })
    const f = await listingFacets(BIKES, query)
    expect(f.counts.shown).toBe(2)
    expect(await shown(BIKES, query)).toBe(2)
    // brands under condition=used: a second brand would add KTM's used 390 Duke; Trek and Cube have no used bikes
    expect(brandCounts(f)).toEqual({ Cube: 0, Honda: 2, KTM: 1, Trek: 0 })
    // conditions under brand=honda: "new" would replace "used" and show Honda's three new bikes
    expect(f.counts.byFacet.condition).toEqual({ new: 3, used: 2 })
    expect(f.counts.any.condition).toBe(5)
    // every other facet applies both choices
    expect(f.counts.byFacet.engineBand).toEqual({ '751-1000': 1, 'over-1000': 1 })
    expect(f.counts.byFacet.licence).toEqual({ A: 2 })
    expect(f.counts.byFacet.frame).toEqual({})
  })

  it('gives each option the count the listing shows when that option is chosen', async () => {
    const base = parseListingQuery({ engine: ['126-500', '501-750', '751-1000'], price: ['3000-6000', '6000-10000', '10000-plus'] })
    const f = await listingFacets(BIKES, base)
    expect(f.counts.shown).toBe(await shown(BIKES, base))
    expect(f.counts.shown).toBe(4)
    for (const b of f.brands) expect([b.slug, b.count]).toEqual([b.slug, await shown(BIKES, { ...base, brands: [b.slug] })])
    for (const l of ['AM', 'A1', 'A2', 'A'] as const) expect([l, f.counts.byFacet.licence[l] ?? 0]).toEqual([l, await shown(BIKES, { ...base, licences: [l] })])
    for (const band of ['up-to-50', '51-125', 'over-1000'] as const) {
      expect([band, f.counts.byFacet.engineBand[band] ?? 0]).toEqual([band, await shown(BIKES, { ...base, engineBands: [band] })])
    }
    for (const band of ['1000-3000', '3000-6000'] as const) {
      expect([band, f.counts.byFacet.priceBand[band] ?? 0]).toEqual([band, await shown(BIKES, { ...base, priceBands: [band] })])
    }
  })

  it('applies the bands as filters in the listing itself', async () => {
    const names = async (query: ListingQuery) => (await listProducts(BIKES, query)).cards.map((c) => c.name).sort()
    expect(await names({ ...EMPTY_LISTING_QUERY, engineBands: ['751-1000'] })).toEqual(['Honda CB1000R', 'KTM 890 Duke'])
    expect(await names({ ...EMPTY_LISTING_QUERY, priceBands: ['under-250', '250-1000'] })).toEqual(['Cube Kathmandu One', 'Cube Kid 160'])
    // a band and the typed range both apply
    expect(await names({ ...EMPTY_LISTING_QUERY, priceBands: ['10000-plus'], maxPricePence: 1_300_000 })).toEqual(['Honda CB1000R', 'KTM 890 Duke'])
  })

  it('keeps options that would leave nothing, with a zero count', async () => {
    const f = await facets(BIKES, { frame: 'L' })
    // frame L: the Marlin and the Reaction Hybrid; XS, S and Kids under L's companions are still shown
    expect(f.counts.shown).toBe(2)
    expect(brandCounts(f)).toEqual({ Cube: 1, Honda: 0, KTM: 0, Trek: 1 })
    expect(f.counts.byFacet.frame.XS ?? 0).toBe(0)
    expect(f.counts.byFacet.frame).toEqual({ M: 3, L: 2, XL: 1, Kids: 1 })
    expect(f.counts.byFacet.range).toEqual({ '20': 1, '40': 1, '60': 1, '80': 1, '100': 0 })
    expect(f.counts.any.range).toBe(2)
  })

  it('counts "at least" range choices, replacing the one chosen, including a typed value that is not a step', async () => {
    const f = await facets(BIKES, { range: '70' })
    expect(f.counts.shown).toBe(2)
    expect(f.counts.byFacet.range).toEqual({ '20': 3, '40': 3, '60': 2, '70': 2, '80': 2, '100': 1 })
    expect(f.counts.byFacet.type).toEqual({ mountain: 2 })
  })

  it('counts a brand page over that brand, riderwear included', async () => {
    const honda = { type: 'brand', brandId: brandId.Honda! } as const
    const f = await facets(honda)
    expect(f.total).toBe(6)
    expect(f.kinds.sort()).toEqual(['motorcycle', 'riderwear', 'scooter'])
    expect(f.counts.byFacet.priceBand).toEqual({ 'under-250': 1, '1000-3000': 1, '3000-6000': 1, '6000-10000': 1, '10000-plus': 2 })
  })

  it('counts a category page with its sub-categories, and a chosen sub-category is replaced, not narrowed', async () => {
    const scope = { type: 'category', categoryPath: 'motorcycles' } as const
    const f = await facets(scope, { category: 'motorcycles/naked', condition: 'used' })
    expect(f.counts.shown).toBe(2)
    expect(f.categories).toEqual([{ path: 'motorcycles/naked', name: 'Naked', depth: 0, count: 2 }])
    expect(f.counts.byFacet.condition).toEqual({ new: 3, used: 2 })
  })

  it('counts a search over its matches only', async () => {
    const search = { type: 'search' } as const
    const f = await facets(search, { q: 'honda' })
    expect(f.total).toBe(6)
    expect(brandCounts(f)).toEqual({ Honda: 6 })
    expect(f.counts.byFacet.licence).toEqual({ AM: 1, A1: 1, A2: 1, A: 2 })
    const a2 = await facets(search, { q: 'honda', licence: 'A2' })
    expect(a2.counts.shown).toBe(await shown(search, parseListingQuery({ q: 'honda', licence: 'A2' })))
    expect(a2.counts.shown).toBe(1)
    expect(a2.counts.byFacet.condition).toEqual({ new: 1 })
    expect((await facets(search, { q: 'zzzxxy' })).total).toBe(0)
  })

  it('counts a product taken off sale, and its return, at once: the facet index is read again on a catalogue change', async () => {
    const before = await facets(BIKES)
    const ktm = await payload.find({ collection: 'products', where: { name: { equals: 'KTM 890 Duke' } }, depth: 0, limit: 1, overrideAccess: true })
    const id = ktm.docs[0]!.id
    await payload.update({ collection: 'products', id, data: { status: 'draft' }, overrideAccess: true })
    try {
      const off = await facets(BIKES)
      expect(off.total).toBe(before.total - 1)
      expect(brandCounts(off).KTM).toBe(brandCounts(before).KTM! - 1)
    } finally {
      await payload.update({ collection: 'products', id, data: { status: 'active' }, overrideAccess: true })
    }
    expect(brandCounts(await facets(BIKES))).toEqual(brandCounts(before))
  })

  it('renders counts, spoken counts and disabled options in the form', async () => {
    const query = parseListingQuery({ brand: 'honda', condition: 'used' })
    const f = await listingFacets(BIKES, query)
    const html = renderToStaticMarkup(createElement(FilterForm, { basePath: '/all-bikes', query, facets: f, noun: 'bike' }))
    const option = (name: string, value: string) => html.split('<li>').find((li) => li.includes(`name="${name}"`) && li.includes(`value="${value}"`)) ?? ''
    expect(option('brand', 'honda')).toContain('aria-label="Honda, 2 bikes"')
    expect(option('brand', 'honda')).toContain('Honda<span class="filters__count" aria-hidden="true"> (2)</span>')
    // Honda is chosen, so never disabled; Trek would leave nothing: shown, greyed and disabled, with its zero
    expect(option('brand', 'honda')).toContain('checked=""')
    expect(option('brand', 'honda')).not.toContain('disabled')
    expect(option('brand', 'trek')).toContain('class="filters__check filters__check--none"')
    expect(option('brand', 'trek')).toContain('disabled=""')
    expect(option('brand', 'trek')).toContain('aria-label="Trek, 0 bikes"')
    expect(option('brand', 'trek')).toContain('Trek<span class="filters__count" aria-hidden="true"> (0)</span>')
    expect(option('brand', 'ktm')).toContain('aria-label="KTM, 1 bike"')
    expect(option('condition', 'new')).toContain('New<span class="filters__count" aria-hidden="true"> (3)</span>')
    expect(option('condition', 'new')).not.toContain('disabled')
    expect(option('frame', 'XS')).toContain('disabled=""')
    expect(html).toMatch(/<option value="bicycles" disabled="">Bicycles \(0\)<\/option>/)
    expect(html).toContain('>Motorcycles (2)</option>')
    // the page hands the form (a late island) only the facets it reads: the same form, from less data
    const trimmed = filterFormFacets(f)
    expect(renderToStaticMarkup(createElement(FilterForm, { basePath: '/all-bikes', query, facets: trimmed, noun: 'bike' }))).toBe(html)
    expect(Object.keys(f.counts.byFacet.brand).length).toBeGreaterThan(0)
    expect(trimmed.counts.byFacet.brand).toEqual({})
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(f).length)
  })
})
