import { describe, expect, it } from 'vitest'
import {
  canonicalHref,
  countLabel,
  EMPTY_LISTING_QUERY,
  activeFilterCount,
  hasFilters,
  listingHref,
  listingParams,
  MAX_PAGE,
  pageLinks,
  parseAmount,
  parseListingQuery,
  rawQueryString,
  totalPages,
} from './listing-query'

describe('parseListingQuery', () => {
  it('reads every filter, converting pounds to pence', () => {
    const q = parseListingQuery({
      category: 'motorcycles/naked',
      brand: ['honda', 'ktm'],
      condition: 'used',
      min: '2,500',
      max: '£9999.99',
      ccMin: '125',
      ccMax: '700',
      licence: ['A2', 'a1'],
      frame: 'm',
      type: 'mountain',
      range: '40',
      sort: 'price-desc',
      page: '3',
    })
    expect(q).toEqual({
      ...EMPTY_LISTING_QUERY,
      category: 'motorcycles/naked',
      brands: ['honda', 'ktm'],
      condition: 'used',
      minPricePence: 250_000,
      maxPricePence: 999_999,
      engineCcMin: 125,
      engineCcMax: 700,
      licences: ['A2', 'A1'],
      frameSizes: ['M'],
      bikeTypes: ['mountain'],
      batteryRangeMinMiles: 40,
      sort: 'price-desc',
      page: 3,
    })
  })

  it('gives the defaults for an empty query, and for empty form fields', () => {
    expect(parseListingQuery({})).toEqual(EMPTY_LISTING_QUERY)
    expect(parseListingQuery(new URLSearchParams('category=&condition=&min=&max=&ccMin=&sort=relevance&page='))).toEqual(EMPTY_LISTING_QUERY)
  })

  it('ignores unknown and malformed values without throwing', () => {
    const garbage = {
      category: '../../etc/passwd',
      brand: ['Honda Motor!', 'x'.repeat(200), '<script>'],
      condition: 'stolen',
      min: '-5',
      max: 'lots',
      ccMin: 'NaN',
      ccMax: 'Infinity',
      licence: ['B', 'A9'],
      frame: 'XXXL',
      type: 'unicycle',
      price: ['cheap', '0-250', '<script>'],
      engine: ['huge', '125'],
      range: '1e9',
      sort: 'price',
      page: '-2',
      extra: 'whatever',
    }
    expect(parseListingQuery(garbage)).toEqual(EMPTY_LISTING_QUERY)
    expect(parseListingQuery({ page: '1.5' }).page).toBe(1)
    expect(parseListingQuery({ page: '0' }).page).toBe(1)
    expect(parseListingQuery({ q: ['  honda   cb  ', 'second'] }).q).toBe('honda cb')
  })

  it('clamps out-of-range numbers and swaps reversed ranges', () => {
    const q = parseListingQuery({ min: '20000', max: '500', ccMin: '9000', ccMax: '50', range: '9999', page: '99999999' })
    expect(q.minPricePence).toBe(50_000)
    expect(q.maxPricePence).toBe(2_000_000)
    expect(q.engineCcMin).toBe(50)
    expect(q.engineCcMax).toBe(3000)
    expect(q.batteryRangeMinMiles).toBe(500)
    expect(q.page).toBe(MAX_PAGE)
    expect(parseListingQuery({ max: '99999999999' }).maxPricePence).toBe(100_000_000)
  })

  it('drops duplicate values and caps long lists and long search words', () => {
    expect(parseListingQuery({ brand: ['honda', 'honda', 'HONDA'] }).brands).toEqual(['honda'])
    expect(parseListingQuery({ brand: Array.from({ length: 100 }, (_, i) => `b${i}`) }).brands).toHaveLength(20)
    expect(parseListingQuery({ q: 'a'.repeat(500) }).q).toHaveLength(100)
    expect(parseListingQuery({ brand: 'honda,ktm' }).brands).toEqual(['honda', 'ktm'])
  })

  it('reads price and engine size bands in their own order, whatever order they came in, case-insensitively', () => {
    const q = parseListingQuery(new URLSearchParams('price=3000-6000&price=UNDER-250&price=3000-6000&engine=over-1000&engine=51-125,126-500'))
    expect(q.priceBands).toEqual(['under-250', '3000-6000'])
    expect(q.engineBands).toEqual(['51-125', '126-500', 'over-1000'])
    expect(listingParams(q).toString()).toBe('price=under-250&price=3000-6000&engine=51-125&engine=126-500&engine=over-1000')
    expect(hasFilters(q)).toBe(true)
  })

  it('treats a zero minimum as no minimum', () => {
    expect(parseListingQuery({ min: '0', ccMin: '0', range: '0' })).toEqual(EMPTY_LISTING_QUERY)
  })
})

describe('parseAmount', () => {
  it('accepts what people type for money and refuses the rest', () => {
    expect(parseAmount('1,250')).toBe(1250)
    expect(parseAmount('£ 1250.5')).toBe(1250.5)
    expect(parseAmount('.5')).toBe(0.5)
    expect(parseAmount('12.345')).toBeNull()
    expect(parseAmount('1e3')).toBeNull()
    expect(parseAmount('-1')).toBeNull()
    expect(parseAmount(undefined)).toBeNull()
  })
})

describe('links', () => {
  const query = parseListingQuery({ brand: ['honda'], condition: 'used', min: '1000.50', sort: 'price-asc', page: '2' })

  it('writes the query in one order, leaving defaults out, and reads back the same', () => {
    expect(listingParams(query).toString()).toBe('brand=honda&condition=used&min=1000.50&sort=price-asc&page=2')
    expect(parseListingQuery(listingParams(query))).toEqual(query)
    const banded = parseListingQuery({ engine: '501-750', ccMax: '700', price: '6000-10000', max: '9000', range: '60', licence: 'A2' })
    expect(listingParams(banded).toString()).toBe('max=9000&price=6000-10000&ccMax=700&engine=501-750&licence=A2&range=60')
    expect(parseListingQuery(listingParams(banded))).toEqual(banded)
    expect(listingParams(EMPTY_LISTING_QUERY).toString()).toBe('')
  })

  it('builds page links that keep filters and sort', () => {
    expect(listingHref('/all-bikes', query, { page: 3 })).toBe('/all-bikes?brand=honda&condition=used&min=1000.50&sort=price-asc&page=3')
    expect(listingHref('/all-bikes', query, { page: 1 })).toBe('/all-bikes?brand=honda&condition=used&min=1000.50&sort=price-asc')
    expect(listingHref('/all-bikes', EMPTY_LISTING_QUERY)).toBe('/all-bikes')
  })

  it('keeps only search words and a later page in the canonical address', () => {
    expect(canonicalHref('/all-bikes', query)).toBe('/all-bikes?page=2')
    expect(canonicalHref('/all-bikes', { ...query, page: 1 })).toBe('/all-bikes')
    expect(canonicalHref('/search', parseListingQuery({ q: 'honda cb', sort: 'price-desc' }))).toBe('/search?q=honda+cb')
  })

  it('counts only the filter form\'s own choices: a monthly budget, sort, page or search words are not filters', () => {
    const budgetOnly = parseListingQuery({ monthly: '150', deposit: '500', term: '48' })
    expect(budgetOnly.budget).not.toBeNull()
    expect(activeFilterCount(budgetOnly)).toBe(0)
    expect(hasFilters(budgetOnly)).toBe(false)
    const both = parseListingQuery({ monthly: '150', condition: 'used', brand: ['honda', 'ktm'], sort: 'price-asc', q: 'x', page: '2' })
    expect(activeFilterCount(both)).toBe(3)
  })

  it('says whether filters are set, ignoring sort, page and search words', () => {
    expect(hasFilters(query)).toBe(true)
    expect(hasFilters(parseListingQuery({ sort: 'price-asc', page: '4', q: 'x' }))).toBe(false)
  })

  it('reads a raw query back in its own order', () => {
    expect(rawQueryString({ condition: 'used', brand: ['a', 'b'], x: undefined })).toBe('condition=used&brand=a&brand=b')
  })
})

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(totalPages(0)).toBe(1)
    expect(totalPages(24)).toBe(1)
    expect(totalPages(47)).toBe(2)
  })

  it('shows first, last and neighbours with gaps', () => {
    const shown = (c: number, n: number) => pageLinks(c, n).map((l) => (l.kind === 'gap' ? '…' : l.current ? `[${l.page}]` : String(l.page))).join(' ')
    expect(shown(1, 1)).toBe('[1]')
    expect(shown(1, 2)).toBe('[1] 2')
    expect(shown(5, 10)).toBe('1 … 3 4 [5] 6 7 … 10')
    expect(shown(10, 10)).toBe('1 … 8 9 [10]')
  })

  it('labels counts in the singular and plural', () => {
    expect(countLabel(1, 'bike')).toBe('1 bike')
    expect(countLabel(1234, 'bike')).toBe('1,234 bikes')
  })
})
