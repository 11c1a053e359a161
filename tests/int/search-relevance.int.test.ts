// The search's relevance suite: what riders type, on the seeded catalogue (plus two Yamahas and a draft added
// through the Local API, so the product hooks index them), each with the product expected in the top three.
// The same suite runs on SQLite (FTS5) and PostgreSQL (tsvector and pg_trgm).
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Product } from '../../src/payload-types'
import { buildBrand, buildProduct } from '../../src/setup/seed/factories'
import { activeFilterCount, EMPTY_LISTING_QUERY, listingHref } from '../../src/domain/catalogue/listing-query'
import { filtersShown } from '../../src/domain/search/query-filters'
import { BIKE_KINDS } from '../../src/domain/catalogue/product-kind'
import { testPayload } from './payload'

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => undefined, revalidatePath: () => undefined }))

const { listProducts } = await import('../../src/features/listing/queries.server')
const { didYouMean, popularCategories, prepareSearch, pruneSearchLog, rankedSummary, recordSearches, runSearch, reindexProducts } = await import('../../src/features/search/search.server')
const { handleSuggest } = await import('../../src/features/search/suggest.server')
const { groupPageTotals } = await import('../../src/features/listing/page-totals.server')
const { allBrands, allCategories } = await import('../../src/features/listing/categories-and-brands.server')

let payload: Payload
const byName = new Map<string, Product>()
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload('demo shop')
  const naked = (await payload.find({ collection: 'categories', where: { slug: { equals: 'naked' } }, overrideAccess: true })).docs[0]!
  const scooters = (await payload.find({ collection: 'categories', where: { slug: { equals: 'scooters' } }, overrideAccess: true })).docs[0]!
  const yamaha = await payload.create({ collection: 'brands', data: buildBrand({ name: 'Yamaha' }), overrideAccess: true })
  await payload.create({ collection: 'products', data: buildProduct({ name: 'Yamaha MT-07', brand: yamaha.id, category: naked.id, pricePence: 749_900, stock: 2, attributes: { engineCc: 689, licenceCategory: 'A2' }, shortDescription: 'The torquey CP2 twin that riders love.' }), overrideAccess: true })
  await payload.create({ collection: 'products', data: buildProduct({ name: 'Yamaha NMAX 125', brand: yamaha.id, category: scooters.id, pricePence: 379_900, stock: 3, attributes: { engineCc: 125, licenceCategory: 'A1' } }), overrideAccess: true })
  await payload.create({ collection: 'products', data: { ...buildProduct({ name: 'Yamaha Tenere 700 Prototype', brand: yamaha.id, category: naked.id, pricePence: 999_900, stock: 5 }), status: 'draft' }, overrideAccess: true })
  const all = await payload.find({ collection: 'products', pagination: false, depth: 1, overrideAccess: true })
  for (const p of all.docs) byName.set(p.name, p)
}, 600_000) // seeding takes minutes on PostgreSQL on a loaded machine, as the import suite allows

afterAll(async () => {
  await payload?.destroy()
})

/** The first three results of the /search listing for q, as products. */
async function top3(q: string): Promise<Product[]> {
  const result = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q })
  return result.cards.slice(0, 3).map((c) => [...byName.values()].find((p) => p.id === c.id)!)
}

const brandOf = (p: Product) => (typeof p.brand === 'object' && p.brand ? p.brand.name : null)
const categoryOf = (p: Product) => (typeof p.category === 'object' && p.category ? p.category.slug : null)

type Case = { q: string; top?: string; all?: (p: Product) => boolean; why?: string }

const CASES: Record<string, Case[]> = {
  misspellings: [
    { q: 'africa twn', top: 'Honda Africa Twin Adventure Sports' },
    { q: 'hodna africa', top: 'Honda Africa Twin Adventure Sports' },
    { q: 'yamha', top: 'Yamaha MT-07' },
    { q: 'himalyan', top: 'Royal Enfield Himalayan 450' },
    { q: 'intercepter', top: 'Royal Enfield Interceptor 650' },
    { q: 'brompon', top: 'Brompton C Line Explore' },
    { q: 'kathmandoo', top: 'Cube Kathmandu Hybrid One 625' },
    { q: 'shoie helmet', top: 'Shoei NXR2 Helmet' },
    { q: 'alpinstars gloves', top: 'Alpinestars SMX-1 Air Gloves' },
    { q: 'peugot django', top: 'Peugeot Django 125' },
    { q: 'benelly trk', top: 'Benelli TRK 502' },
  ],
  plurals: [
    { q: 'helmets', top: 'Shoei NXR2 Helmet' },
    { q: 'gloves', top: 'Oxford Montreal 4.0 Gloves' },
    { q: 'jackets', top: 'Oxford Mondial Jacket' },
    { q: 'locks', all: (p) => categoryOf(p) === 'locks' },
    { q: 'disc locks', top: 'Motorcycle Disc Lock with Alarm' },
    { q: 'lights', top: 'Lezyne Lite Drive 1000XL' },
    { q: 'panniers', top: 'Oxford Pannier Bags Pair' },
  ],
  'model codes': [
    { q: 'cb650r', top: 'Honda CB650R' },
    { q: 'CB 650 R', top: 'Honda CB650R' },
    { q: 'cb 650r', top: 'Honda CB650R' },
    { q: 'cb125f', top: 'Honda CB125F' },
    { q: 'pcx 125', top: 'Honda PCX125' },
    { q: '390 duke', top: 'KTM 390 Duke' },
    { q: 'nxr2', top: 'Shoei NXR2 Helmet' },
    { q: 'hocb650r24', top: 'Honda CB650R', why: 'a CAP code' },
    { q: '450mt', top: 'CF Moto 450MT' },
    { q: 'rs13', top: 'Mutt RS-13 250' },
    { q: 'mt07', top: 'Yamaha MT-07' },
  ],
  synonyms: [
    { q: 'ebike', all: (p) => p.kind === 'e-bike' },
    { q: 'e-bike', all: (p) => p.kind === 'e-bike' },
    { q: 'e-bikes', all: (p) => p.kind === 'e-bike' },
    { q: 'electric bike', all: (p) => p.kind === 'e-bike' },
    { q: 'lid', top: 'Shoei NXR2 Helmet' },
    { q: 'scoot', all: (p) => p.kind === 'scooter' },
    { q: 'motorbike', all: (p) => p.kind === 'motorcycle' },
    { q: 'mtb', all: (p) => p.attributes?.bikeType === 'mountain' },
  ],
  'brand plus kind': [
    { q: 'honda scooter', top: 'Honda PCX125', all: (p) => brandOf(p) === 'Honda' && p.kind === 'scooter' },
    { q: 'ktm naked', top: 'KTM 390 Duke' },
    { q: 'trek ebike', top: 'Trek Rail+ 5', all: (p) => brandOf(p) === 'Trek' && p.kind === 'e-bike' },
    { q: 'royal enfield adventure', top: 'Royal Enfield Himalayan 450' },
    { q: 'cube mountain bike', top: 'Cube Aim Pro' },
    { q: 'oxford gloves', top: 'Oxford Montreal 4.0 Gloves' },
  ],
  licence: [
    { q: 'a2 bikes', all: (p) => p.attributes?.licenceCategory === 'A2' },
    { q: 'a2 adventure', top: 'CF Moto 450MT', all: (p) => p.attributes?.licenceCategory === 'A2' && categoryOf(p) === 'adventure' },
    { q: 'A1 licence scooter', all: (p) => p.attributes?.licenceCategory === 'A1' && p.kind === 'scooter' },
    { q: 'a1 peugeot', top: 'Peugeot Django 125', all: (p) => p.attributes?.licenceCategory === 'A1' && brandOf(p) === 'Peugeot' },
    { q: 'am licence', top: 'Peugeot Kisbee 50' },
  ],
  'price words': [
    { q: 'under 5000', all: (p) => p.listPrice !== null && p.listPrice! <= 500_000 },
    { q: 'honda under 5000', top: 'Honda CB125F', all: (p) => brandOf(p) === 'Honda' && p.listPrice! <= 500_000 },
    { q: 'scooter below £3k', top: 'Peugeot Kisbee 50', all: (p) => p.kind === 'scooter' && p.listPrice! <= 300_000 },
    { q: 'ebike under £3,000', top: 'Cube Kathmandu Hybrid One 625', all: (p) => p.kind === 'e-bike' && p.listPrice! <= 300_000 },
    { q: 'helmet under 100', top: 'Kids Cycle Helmet' },
  ],
  'names with or without their spaces': [
    { q: 'cfmoto', all: (p) => brandOf(p) === 'CF Moto' },
    { q: 'cf moto', all: (p) => brandOf(p) === 'CF Moto' },
    { q: 'cfmoto 450', top: 'CF Moto 450MT' },
    { q: 'gasgas', all: (p) => brandOf(p) === 'Gas Gas' },
    { q: 'gas gas', all: (p) => brandOf(p) === 'Gas Gas' },
    { q: 'GASGAS ec', top: 'Gas Gas EC 300' },
    { q: 'superduke', top: 'KTM 1390 Super Duke R' },
    { q: 'super duke', top: 'KTM 1390 Super Duke R' },
    { q: 'ktm superduke r', top: 'KTM 1390 Super Duke R' },
    { q: 'mt-07', top: 'Yamaha MT-07' },
    { q: 'MT 07', top: 'Yamaha MT-07' },
    { q: 'yamaha mt07', top: 'Yamaha MT-07' },
    { q: 'hondaafrica', top: 'Honda Africa Twin Adventure Sports', why: 'two words run together' },
  ],
  'prefixes and accents': [
    { q: 'hond', all: (p) => brandOf(p) === 'Honda' },
    { q: 'brom', top: 'Brompton Electric C Line' },
    { q: 'royal', all: (p) => brandOf(p) === 'Royal Enfield' },
    { q: 'CAFÉ racer', top: 'Mutt RS-13 250' },
  ],
}

describe(`search relevance on ${db}`, () => {
  it('holds at least 40 queries', () => {
    expect(Object.values(CASES).flat().length).toBeGreaterThanOrEqual(40)
  })

  for (const [group, cases] of Object.entries(CASES)) {
    describe(group, () => {
      for (const c of cases) {
        it(`“${c.q}”${c.why ? ` (${c.why})` : ''} → ${c.top ?? 'the right kind'}`, async () => {
          const found = await top3(c.q)
          const names = found.map((p) => p.name)
          expect(found.length, `${c.q}: ${names.join(', ')}`).toBeGreaterThan(0)
          if (c.top) expect(names, c.q).toContain(c.top)
          if (c.all) for (const p of found) expect(c.all(p), `${c.q}: ${p.name} of ${names.join(', ')}`).toBe(true)
        })
      }
    })
  }
})

describe(`search rules on ${db}`, () => {
  it('never shows a draft', async () => {
    const names = (await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'yamaha' })).cards.map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining(['Yamaha MT-07', 'Yamaha NMAX 125']))
    expect(names).not.toContain('Yamaha Tenere 700 Prototype')
  })

  it('finds every Honda by brand, whatever the case, and several words all together (as the e2e listing test expects)', async () => {
    const hondas = (await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'HoNdA' })).cards.map((c) => c.name)
    expect(hondas).toHaveLength(7)
    for (const name of hondas) expect(name).toMatch(/honda/i)
    const dukes = (await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'ktm duke' })).cards.map((c) => c.name)
    expect(dukes.sort()).toEqual(['KTM 1390 Super Duke R', 'KTM 390 Duke', 'Used KTM 790 Duke 2019'])
    expect((await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'zzzxxy' })).totalDocs).toBe(0)
  })

  it('ranks a sold-out product below the same thing in stock', async () => {
    const names = (await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'leoncino' })).cards.map((c) => c.name)
    expect(names).toEqual(['Used Benelli Leoncino 500 2020', 'Benelli Leoncino 500'])
  })

  it('still sorts by price and pages when asked', async () => {
    const asc = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'honda', sort: 'price-asc' })
    const prices = asc.cards.map((c) => c.pricePence ?? Infinity)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const bikes = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'bike' })
    expect(bikes.totalDocs).toBeGreaterThan(24)
    const page2 = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'bike', page: 2 })
    expect(page2.totalDocs).toBe(bikes.totalDocs)
    expect(page2.cards.length).toBe(Math.min(24, bikes.totalDocs - 24))
    expect(page2.cards.map((c) => c.id).filter((id) => bikes.cards.some((b) => b.id === id))).toEqual([])
  })

  it('keeps the listing filters', async () => {
    const used = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'honda', condition: 'used' })
    expect(used.cards.map((c) => c.name).sort()).toEqual(['Used Honda Africa Twin 2020', 'Used Honda CB500F 2021'])
  })

  it('forgives typos within the rule only, and says what it corrected', async () => {
    expect((await runSearch(payload, 'hodna')).corrections).toEqual({ hodna: 'honda' })
    expect((await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'hodna africa twn' })).searchedFor).toBe('Honda Africa Twin')
    expect((await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'honda africa', sort: 'price-desc' })).searchedFor).toBeNull()
    expect((await runSearch(payload, 'hdnoa')).matches).toEqual([])
  })

  it('lists, for words that only set filters, every product on sale they leave, bikes first, each in the listing\'s own order, page by page', async () => {
    const under = (kinds: 'bikes' | 'others') =>
      payload.find({
        collection: 'products',
        where: { and: [{ status: { equals: 'active' } }, { listPrice: { less_than_equal: 500_000 } }, { kind: { [kinds === 'bikes' ? 'in' : 'not_in']: [...BIKE_KINDS] } }] },
        sort: ['-featured', '-createdAt', '-id'],
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
    const expected = [...(await under('bikes')).docs, ...(await under('others')).docs]
    expect(expected.length).toBeGreaterThan(24) // two pages at least: the second page is checked too
    const first = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'under 5000' })
    const second = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'under 5000', page: 2 })
    const third = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'under 5000', page: 3 })
    expect([...first.cards, ...second.cards, ...third.cards].map((c) => c.id)).toEqual(expected.slice(0, 72).map((d) => d.id))
    expect(BIKE_KINDS).toContain(first.cards[0]!.kind) // a bike first, not a lock or a helmet
    for (const page of [first, second, third]) expect(page.totalDocs).toBe(expected.length)
    // The same page once the words have become the page's own filters
    const shown = await listProducts({ type: 'search' }, filtersShown({ ...EMPTY_LISTING_QUERY, q: 'under 5000' })!)
    expect(shown.cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id))
  })

  it('suggests the nearest match and popular categories when nothing is found', async () => {
    expect((await runSearch(payload, 'aafrika tvvin')).matches).toEqual([])
    expect(await didYouMean(payload, 'aafrika tvvin')).toBe('Africa Twin')
    // words run together are read as the catalogue's two words, so they are found, not merely suggested
    expect((await runSearch(payload, 'hondaafrica')).matches?.length).toBeGreaterThan(0)
    const popular = await popularCategories(payload)
    expect(popular.length).toBeGreaterThan(0)
    expect(popular[0]!.count).toBeGreaterThanOrEqual(popular.at(-1)!.count)
  })

  it('shows filters read from words as the page’s own filters: the same results, counted in "Filters", removable', async () => {
    for (const q of ['a2 bikes', 'under 5000', 'honda under 5000', 'A1 licence scooter']) {
      const shown = filtersShown({ ...EMPTY_LISTING_QUERY, q })!
      expect(shown, q).not.toBeNull()
      expect(activeFilterCount(shown), q).toBeGreaterThan(0)
      expect(listingHref('/search', shown), q).toMatch(/[?&](licence=A[12]|max=5000)/)
      const typed = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q })
      const controls = await listProducts({ type: 'search' }, shown)
      expect(controls.totalDocs, q).toBe(typed.totalDocs)
      expect(controls.cards.map((c) => c.id).sort(), q).toEqual(typed.cards.map((c) => c.id).sort())
    }
    // removing the ticked box leaves the words alone
    const a2 = filtersShown({ ...EMPTY_LISTING_QUERY, q: 'a2 bikes' })!
    expect(a2).toMatchObject({ q: 'bikes', licences: ['A2'] })
    const removed = await listProducts({ type: 'search' }, { ...a2, licences: [] })
    expect(removed.totalDocs).toBe((await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q: 'bikes' })).totalDocs)
    expect(filtersShown({ ...EMPTY_LISTING_QUERY, q: 'ktm duke' })).toBeNull()
  })

  it('matches nothing, and says so, rather than leave out a word or correct one into an unrelated match', async () => {
    for (const q of ['r1250gs', 'electric scooter', 'honda zzqxv', 'ktm 1250', 'yamaha r1250gs']) {
      const result = await listProducts({ type: 'search' }, { ...EMPTY_LISTING_QUERY, q })
      expect(result.totalDocs, `${q}: ${result.cards.map((c) => c.name).join(', ')}`).toBe(0)
    }
    // a correction is kept when it is near a catalogue word and the whole search still matches
    expect((await runSearch(payload, 'africa twn')).corrections).toEqual({ twn: 'twin' })
    expect((await runSearch(payload, 'africa twn')).matches?.length).toBeGreaterThan(0)
  })

  it('reads run-together names of a brand a feed brings, from the catalogue’s own words', async () => {
    const brand = await payload.create({ collection: 'brands', data: buildBrand({ name: 'Zontes Moto' }), overrideAccess: true })
    const naked = (await payload.find({ collection: 'categories', where: { slug: { equals: 'naked' } }, overrideAccess: true })).docs[0]!
    const made = await payload.create({ collection: 'products', data: buildProduct({ name: 'Zontes Gran Turismo 350', brand: brand.id, category: naked.id, pricePence: 549_900, stock: 2 }), overrideAccess: true })
    try {
      for (const q of ['granturismo', 'gran turismo', 'zontesmoto', 'zontes moto granturismo 350']) expect((await runSearch(payload, q)).matches?.map((m) => m.id), q).toContain(made.id)
    } finally {
      await payload.delete({ collection: 'products', id: made.id, overrideAccess: true })
      await payload.delete({ collection: 'brands', id: brand.id, overrideAccess: true })
    }
  })

  it('follows product edits, renames and deletes at once', async () => {
    const mt = byName.get('Yamaha MT-07')!
    // a search's ranked matches are kept per words until the index changes: the same words find the renamed bike
    expect((await runSearch(payload, 'honda')).matches?.map((m) => m.id)).not.toContain(mt.id)
    await payload.update({ collection: 'products', id: mt.id, data: { name: 'Yamaha MT-07 Honda Rival' }, overrideAccess: true })
    expect((await runSearch(payload, 'Honda!')).matches?.map((m) => m.id)).toContain(mt.id)
    await payload.update({ collection: 'products', id: mt.id, data: { name: 'Yamaha MT-07 Pure' }, overrideAccess: true })
    expect((await runSearch(payload, 'honda')).matches?.map((m) => m.id)).not.toContain(mt.id)
    expect((await top3('mt07 pure')).map((p) => p.id)).toContain(mt.id)
    await payload.update({ collection: 'products', id: mt.id, data: { status: 'draft' }, overrideAccess: true })
    expect((await runSearch(payload, 'mt07 pure')).matches?.map((m) => m.id)).not.toContain(mt.id)
    await payload.update({ collection: 'products', id: mt.id, data: { status: 'active', name: 'Yamaha MT-07' }, overrideAccess: true })
    const nmax = byName.get('Yamaha NMAX 125')!
    // the same words asked before and after: a search's ranked matches are kept per words until the index changes
    expect((await runSearch(payload, 'yamaha')).matches?.map((m) => m.id)).toContain(nmax.id)
    expect((await runSearch(payload, 'Yamaha!')).matches?.map((m) => m.id)).toContain(nmax.id)
    await payload.delete({ collection: 'products', id: nmax.id, overrideAccess: true })
    expect((await runSearch(payload, 'nmax')).matches).toEqual([])
    expect((await runSearch(payload, 'yamaha')).matches?.map((m) => m.id)).not.toContain(nmax.id)
  })

  it('reindexes a batch written without hooks, as a bulk import does', async () => {
    const mt = byName.get('Yamaha MT-07')!
    await payload.db.updateOne({ collection: 'products', id: mt.id, data: { name: 'Yamaha Zorbitron 7' } })
    expect((await runSearch(payload, 'zorbitron')).matches).toEqual([])
    await reindexProducts(payload, [mt.id])
    expect((await runSearch(payload, 'zorbitron')).matches?.map((m) => m.id)).toEqual([mt.id])
    await payload.update({ collection: 'products', id: mt.id, data: { name: 'Yamaha MT-07' }, overrideAccess: true })
  })

  it('reads synonyms that staff add, at once', async () => {
    expect((await runSearch(payload, 'streetfighter')).matches).toEqual([])
    const entry = await payload.create({ collection: 'search-synonyms', data: { words: 'streetfighter, naked' }, overrideAccess: true })
    const found = await top3('streetfighter')
    expect(found.length).toBe(3)
    for (const p of found) expect(categoryOf(p)).toBe('naked')
    await payload.delete({ collection: 'search-synonyms', id: entry.id, overrideAccess: true })
    expect((await runSearch(payload, 'streetfighter')).matches).toEqual([])
  })

  it('keeps synonyms and the search log to staff', async () => {
    await expect(payload.find({ collection: 'search-synonyms', overrideAccess: false })).rejects.toThrow()
    await expect(payload.find({ collection: 'search-log', overrideAccess: false })).rejects.toThrow()
    const synonyms = await payload.find({ collection: 'search-synonyms', overrideAccess: true })
    expect(synonyms.docs.map((d) => d.words)).toEqual(expect.arrayContaining(['lid, helmet', 'scoot, scooter, moped']))
  })

  it('counts searches per normalised term per day, result pages and suggestions apart, and leaves out noise', async () => {
    const day = new Date('2026-11-20T10:00:00Z')
    // Six searches for one word as the server reports them: one rendered, five replayed from its cache, in two batches.
    await recordSearches(payload, day, [{ kind: 'results', q: 'scooter', count: 1, withoutResults: 0 }])
    await recordSearches(payload, new Date('2026-11-20T10:00:10Z'), [
      { kind: 'results', q: 'scooter', count: 5, withoutResults: 0 },
      { kind: 'results', q: 'Helmets', count: 1, withoutResults: 0 },
      { kind: 'results', q: 'helmet', count: 1, withoutResults: 0 },
      { kind: 'results', q: 'kawasaki zx6r', count: 2, withoutResults: 2 },
      { kind: 'suggestions', q: 'Scooter', count: 3, withoutResults: 0 },
      { kind: 'results', q: 'x', count: 9, withoutResults: 0 },
      { kind: 'results', q: '"*()', count: 9, withoutResults: 0 },
    ])
    await recordSearches(payload, new Date('2026-11-21T09:00:00Z'), [{ kind: 'results', q: 'scooter', count: 2, withoutResults: 0 }])
    const log = (await payload.find({ collection: 'search-log', pagination: false, overrideAccess: true })).docs
    const row = (words: string, kind: string, on: string) => log.filter((d) => d.words === words && d.kind === kind && d.day === on)
    expect(row('scooter', 'results', '2026-11-20')).toMatchObject([{ searches: 6, withoutResults: 0 }])
    expect(row('scooter', 'results', '2026-11-21')).toMatchObject([{ searches: 2 }])
    expect(row('scooter', 'suggestions', '2026-11-20')).toMatchObject([{ searches: 3 }])
    expect(row('helmet', 'results', '2026-11-20')).toMatchObject([{ searches: 2, withoutResults: 0 }])
    expect(row('kawasaki zx 6 r', 'results', '2026-11-20')).toMatchObject([{ searches: 2, withoutResults: 2 }])
    expect(log.filter((d) => d.words.replace(/\s/g, '').length < 2)).toEqual([])
    expect(log).toHaveLength(5)
  })

  it('keeps 90 days of the search log: older days are deleted', async () => {
    await recordSearches(payload, new Date('2026-08-01T12:00:00Z'), [{ kind: 'results', q: 'old bike', count: 1, withoutResults: 0 }])
    const before = (await payload.count({ collection: 'search-log', overrideAccess: true })).totalDocs
    expect(await pruneSearchLog(payload, new Date('2026-11-21T12:00:00Z'))).toBe(1)
    const left = (await payload.find({ collection: 'search-log', pagination: false, overrideAccess: true })).docs
    expect(left).toHaveLength(before - 1)
    expect(left.every((d) => d.day >= '2026-08-23')).toBe(true)
  })
})

describe(`suggestions on ${db}`, () => {
  const ask = (q: string) => handleSuggest(new Request(`http://shop.test/api/search/suggest?q=${encodeURIComponent(q)}`), payload, groupPageTotals)

  it('answers products with their headline price, brands and categories with counts', async () => {
    const res = await ask('hond')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const body = await res.json()
    expect(body.products.length).toBeGreaterThan(0)
    for (const p of body.products) {
      const product = [...byName.values()].find((x) => x.id === p.id)!
      expect(brandOf(product)).toBe('Honda')
      expect(p.pricePence).toBe(product.listPrice)
      expect(p.fromPrice).toBe(product.productType === 'variable')
      expect(p.url).toBe(`/products/${product.slug}`)
    }
    expect(body.brands[0]).toEqual({ name: 'Honda', url: '/brand/honda', count: expect.any(Number) })
    expect(body.brands[0].count).toBeGreaterThanOrEqual(body.products.length)
    expect(body.categories.length).toBeGreaterThan(0)
    expect(body.searchUrl).toBe('/search?q=hond')
  })

  it('says of each brand and category the count of the page it opens', async () => {
    const [brands, categories] = await Promise.all([allBrands(), allCategories()])
    let groups = 0
    for (const q of ['hond', 'helmet', 'jacket', 'e-bike', 'trek', 'a2 bikes', 'lock', 'kaw', 'scooter']) {
      const body = (await (await ask(q)).json()) as { brands: { name: string; url: string; count: number }[]; categories: { name: string; url: string; count: number }[] }
      for (const b of body.brands) {
        const brand = brands.find((x) => `/brand/${x.slug}` === b.url)!
        expect(b.count, `${q}: ${b.name}`).toBe((await listProducts({ type: 'brand', brandId: brand.id }, EMPTY_LISTING_QUERY)).totalDocs)
        groups++
      }
      for (const c of body.categories) {
        const category = categories.find((x) => c.url === `/category/${x.path}`)!
        expect(category, c.url).toBeDefined()
        expect(c.count, `${q}: ${c.name}`).toBe((await listProducts({ type: 'category', categoryPath: category.path }, EMPTY_LISTING_QUERY)).totalDocs)
        groups++
      }
    }
    expect(groups).toBeGreaterThan(15)
  })

  it("keeps a group's count until the catalogue changes, and counts again after a product joins it", async () => {
    const brandCount = async () => ((await (await ask('hond')).json()) as { brands: { url: string; count: number }[] }).brands.find((b) => b.url === '/brand/honda')?.count
    const before = await brandCount()
    expect(before).toBeGreaterThan(0)
    const honda = (await payload.find({ collection: 'brands', where: { slug: { equals: 'honda' } }, overrideAccess: true })).docs[0]!
    const scooters = (await payload.find({ collection: 'categories', where: { slug: { equals: 'scooters' } }, overrideAccess: true })).docs[0]!
    const made = await payload.create({ collection: 'products', data: buildProduct({ name: 'Honda Zoomer Counted', brand: honda.id, category: scooters.id, pricePence: 299_900, stock: 1 }), overrideAccess: true })
    try {
      expect(await brandCount()).toBe(before! + 1)
    } finally {
      await payload.delete({ collection: 'products', id: made.id, overrideAccess: true })
    }
    expect(await brandCount()).toBe(before)
  })

  it("shows each product's picture as Payload serves it (thumbnail, else the picture) and its brand's name", async () => {
    const body = await (await ask('honda cb')).json()
    expect(body.products.length).toBeGreaterThan(0)
    for (const p of body.products) {
      const doc = await payload.findByID({ collection: 'products', id: p.id, depth: 1, overrideAccess: false })
      const media = typeof doc.featuredImage === 'object' && doc.featuredImage ? doc.featuredImage : null
      expect(p.name).toBe(doc.name)
      expect(p.brand).toBe(typeof doc.brand === 'object' && doc.brand ? doc.brand.name : null)
      expect(p.image).toEqual(media ? { url: media.sizes?.thumbnail?.url ?? media.url, alt: media.alt ?? '' } : null)
    }
  })

  it('summarises in the statement exactly what counting the ranked matches gives: the best six that pass the words’ filters, the four groups holding most', async () => {
    // the rule as suggestions applied it in JavaScript over every ranked match (sessions 17–18), as the reference,
    // with each match's facts read here through Payload (a product is in stock with its own stock or a variant's)
    const factsOf = async (id: number) => {
      const p = await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })
      const variants = await payload.find({ collection: 'variants', where: { product: { equals: id }, stockQuantity: { greater_than: 0 } }, limit: 1, depth: 0, overrideAccess: true })
      const relation = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? (v as { id: number }).id : Number(v))
      return {
        id,
        listPrice: p.listPrice ?? null,
        licence: p.attributes?.licenceCategory ?? null,
        brandId: relation(p.brand),
        categoryId: relation(p.category),
        inStock: (p.stockQuantity ?? 0) > 0 || variants.docs.length > 0,
      }
    }
    const reference = async (outcome: Awaited<ReturnType<typeof runSearch>>) => {
      const f = outcome.filters
      const matches = await Promise.all((outcome.matches ?? []).map((m) => factsOf(m.id)))
      const kept = matches.filter(
        (m) =>
          (f.minPricePence === null || (m.listPrice !== null && m.listPrice >= f.minPricePence)) &&
          (f.maxPricePence === null || (m.listPrice !== null && m.listPrice <= f.maxPricePence)) &&
          (!f.licences.length || (m.licence !== null && (f.licences as string[]).includes(m.licence))),
      )
      const counted = (ids: (number | null)[]) => {
        const counts = new Map<number, number>()
        for (const id of ids) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1)
        return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([id, count]) => ({ id, count }))
      }
      return { top: kept.slice(0, 6).map((m) => ({ id: m.id, inStock: m.inStock })), brands: counted(kept.map((m) => m.brandId)), categories: counted(kept.map((m) => m.categoryId)) }
    }
    let compared = 0
    for (const q of ['hond', 'honda', 'helmet', 'jacket', 'e-bike', 'trek', 'a2 bikes', 'honda under 5000', 'bikes over 3000', 'lock', 'kaw']) {
      const search = await prepareSearch(payload, q)
      const summary = await rankedSummary(payload, search.clauses, search.filters, 6, 4)
      expect(summary, q).toEqual(await reference(await runSearch(payload, q)))
      if (summary.top.length) compared++
    }
    expect(compared).toBeGreaterThan(8)
  })

  it('answers an empty search with nothing, and refuses oversized or unreadable ones', async () => {
    expect(await (await ask('')).json()).toMatchObject({ products: [], brands: [], categories: [] })
    const long = await ask('x'.repeat(101))
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ error: 'invalid_request' })
    expect((await ask('honda\u0000')).status).toBe(400)
    expect((await handleSuggest(new Request('http://shop.test/api/search/suggest?q=a&q=b'), payload, groupPageTotals)).status).toBe(400)
  })

  it('matches names, brands, models and categories first, and every field when those give fewer than six products', async () => {
    // seven products named with a word, four that only mention it, and one word found in descriptions alone
    const locks = (await payload.find({ collection: 'categories', where: { slug: { equals: 'locks' } }, overrideAccess: true })).docs[0]!
    const gloves = (await payload.find({ collection: 'categories', where: { slug: { equals: 'gloves' } }, overrideAccess: true })).docs[0]!
    const created: number[] = []
    const make = async (name: string, category: number, shortDescription?: string) =>
      created.push((await payload.create({ collection: 'products', data: buildProduct({ name, category, pricePence: 4_999, stock: 3, shortDescription }), overrideAccess: true })).id)
    try {
      for (let i = 1; i <= 7; i++) await make(`Quorvex Chain Lock ${i}`, locks.id)
      for (let i = 1; i <= 4; i++) await make(`Winter Gauntlet ${i}`, gloves.id, i === 1 ? 'Pairs well with a Quorvex lock, and wrapped in zelmorine felt.' : 'Pairs well with a Quorvex lock.')
      const named = new Set(created.slice(0, 7))
      const titled = await (await ask('quorv')).json()
      expect(titled.products.map((p: { id: number }) => named.has(p.id))).toEqual([true, true, true, true, true, true])
      // only the category the titles name is offered, with the count of its page (ADR 078)
      const pageOf = async (path: string) => (await listProducts({ type: 'category', categoryPath: path }, EMPTY_LISTING_QUERY)).totalDocs
      expect(titled.categories).toEqual([{ name: locks.name, url: `/category/${locks.path}`, count: await pageOf(locks.path!) }])
      // the results page still finds every product that mentions it
      expect((await runSearch(payload, 'quorv')).matches).toHaveLength(11)
      const mentioned = await (await ask('zelmor')).json()
      expect(mentioned.products.map((p: { id: number }) => p.id)).toEqual([created[7]])
      expect(mentioned.categories).toEqual([{ name: gloves.name, url: `/category/${gloves.path}`, count: await pageOf(gloves.path!) }])
    } finally {
      await payload.delete({ collection: 'products', where: { id: { in: created } }, overrideAccess: true })
    }
  })
})
