import { describe, expect, it } from 'vitest'
import { filtersShown, setsFilters, takeLicenceWords, takePriceWords, takeWordFilters, withWordFilters } from './query-filters'

describe('price words', () => {
  it('reads a top price', () => {
    expect(takePriceWords('scooter under 5000')).toMatchObject({ maxPricePence: 500_000, minPricePence: null })
    expect(takePriceWords('below £3k').maxPricePence).toBe(300_000)
    expect(takePriceWords('bikes less than £2,500').maxPricePence).toBe(250_000)
    expect(takePriceWords('up to 1.5k').maxPricePence).toBe(150_000)
  })

  it('reads a bottom price and a range', () => {
    expect(takePriceWords('over 10 grand').minPricePence).toBe(1_000_000)
    expect(takePriceWords('between 2000 and 4000')).toMatchObject({ minPricePence: 200_000, maxPricePence: 400_000 })
    expect(takePriceWords('£2k to £4k')).toMatchObject({ minPricePence: 200_000, maxPricePence: 400_000 })
    expect(takePriceWords('£4000-£2000')).toMatchObject({ minPricePence: 200_000, maxPricePence: 400_000 })
  })

  it('takes the phrase out of the words and leaves model numbers alone', () => {
    expect(takePriceWords('honda under 5000').text.trim()).toBe('honda')
    expect(takePriceWords('ktm 390 duke')).toEqual({ text: 'ktm 390 duke', minPricePence: null, maxPricePence: null })
  })

  it('caps silly amounts', () => {
    expect(takePriceWords('under 99999999999').maxPricePence).toBe(100_000_000)
  })
})

describe('licence words', () => {
  it('reads A1 and A2 alone or with "licence"', () => {
    expect(takeLicenceWords('a2 bikes')).toEqual({ text: 'bikes', licences: ['A2'] })
    expect(takeLicenceWords('a1 licence scooter')).toEqual({ text: 'scooter', licences: ['A1'] })
    expect(takeLicenceWords('a2-friendly adventure')).toEqual({ text: 'adventure', licences: ['A2'] })
  })

  it('reads AM and A only with "licence", so ordinary words stay words', () => {
    expect(takeLicenceWords('am licence')).toEqual({ text: '', licences: ['AM'] })
    expect(takeLicenceWords('full licence naked')).toEqual({ text: 'naked', licences: ['A'] })
    expect(takeLicenceWords('a bike i am after')).toEqual({ text: 'a bike i am after', licences: [] })
  })
})

describe('word filters joined with the form', () => {
  const none = { minPricePence: null, maxPricePence: null, licences: [] }
  it('applies both ranges and keeps the form’s licences', () => {
    expect(withWordFilters({ ...none, maxPricePence: 400_000, page: 2 }, { ...none, maxPricePence: 500_000, licences: ['A2'] })).toEqual({ minPricePence: null, maxPricePence: 400_000, licences: ['A2'], page: 2 })
    expect(withWordFilters({ ...none, minPricePence: 100, licences: ['A1'] }, { ...none, minPricePence: 300, licences: ['A2'] })).toMatchObject({ minPricePence: 300, licences: ['A1'] })
  })
})

describe('words and the filters they set, apart', () => {
  it('leaves the words to search for and answers the filters', () => {
    expect(takeWordFilters('A2 bikes under 5000')).toEqual({ text: 'bikes', minPricePence: null, maxPricePence: 500_000, licences: ['A2'] })
    expect(takeWordFilters('under £5,000')).toEqual({ text: '', minPricePence: null, maxPricePence: 500_000, licences: [] })
    expect(setsFilters(takeWordFilters('KTM 390 Duke'))).toBe(false)
    expect(takeWordFilters('KTM 390 Duke').text).toBe('ktm 390 duke')
  })
})

describe('filters shown as the listing’s own', () => {
  it('moves the filters out of the words, page one, and leaves a search without them alone', () => {
    const q = { minPricePence: null, maxPricePence: null, licences: [], q: 'a2 bikes under 5000', page: 3 }
    expect(filtersShown(q)).toEqual({ minPricePence: null, maxPricePence: 500_000, licences: ['A2'], q: 'bikes', page: 1 })
    expect(filtersShown({ ...q, q: 'honda' })).toBeNull()
  })
})
