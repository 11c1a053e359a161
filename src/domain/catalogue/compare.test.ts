import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { compareLinkText, compareRows, MAX_COMPARED, parseCompareSlugs, toggleCompared, type CompareBike } from './compare'

const money = (p: number) => `£${(p / 100).toFixed(2)}`
const bike = (over: Partial<CompareBike> = {}): CompareBike => ({
  name: 'Bike',
  pricePence: 500000,
  monthlyPence: 12000,
  condition: 'new',
  brandName: 'Honda',
  specSheet: null,
  mileage: null,
  keepers: null,
  serviceHistory: null,
  registrationYear: null,
  ...over,
})

describe('parseCompareSlugs', () => {
  it('reads comma-separated slugs in order, once each, at most four', () => {
    expect(parseCompareSlugs('a-bike,b-bike,a-bike, C-Bike ,d,e,f')).toEqual(['a-bike', 'b-bike', 'c-bike', 'd'])
    expect(parseCompareSlugs(['a', 'b'])).toEqual(['a', 'b'])
  })

  it('drops anything that is not a slug and survives any input', () => {
    expect(parseCompareSlugs('../etc,<script>,ok-1,,%20')).toEqual(['ok-1'])
    expect(parseCompareSlugs(undefined)).toEqual([])
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (s) => {
        const out = parseCompareSlugs(s)
        return out.length <= MAX_COMPARED && new Set(out).size === out.length && out.every((x) => /^[a-z0-9-]+$/.test(x))
      }),
    )
  })
})

describe('toggleCompared', () => {
  it('adds at the end, removes a bike already there, and keeps the newest four', () => {
    expect(toggleCompared(['a'], 'b')).toEqual(['a', 'b'])
    expect(toggleCompared(['a', 'b'], 'a')).toEqual(['b'])
    expect(toggleCompared(['a', 'b', 'c', 'd'], 'e')).toEqual(['b', 'c', 'd', 'e'])
  })
})

describe('compareRows', () => {
  it('marks a row as differing only when the values differ', () => {
    const rows = compareRows([bike({ pricePence: 500000 }), bike({ pricePence: 650000, brandName: 'honda' })], { money })
    const price = rows.find((r) => r.key === 'price')!
    expect(price.values).toEqual(['£5000.00', '£6500.00'])
    expect(price.differs).toBe(true)
    expect(rows.find((r) => r.key === 'brand')!.differs).toBe(false)
    expect(rows.find((r) => r.key === 'monthly')!.values).toEqual(['£120.00 a month', '£120.00 a month'])
  })

  it('shows used-bike rows only when a used bike is compared, and a missing value counts as a difference', () => {
    expect(compareRows([bike(), bike()], { money }).some((r) => r.group === 'used')).toBe(false)
    const rows = compareRows([bike(), bike({ condition: 'used', mileage: 12000, keepers: 2, serviceHistory: 'Full service history', registrationYear: 2021 })], { money })
    expect(rows.find((r) => r.key === 'mileage')).toMatchObject({ values: [null, '12,000 miles'], differs: true })
    expect(rows.find((r) => r.key === 'keepers')).toMatchObject({ values: [null, '2'] })
  })

  it('lists spec-sheet parts that any bike fills, in the spec sheet order, and none that nobody fills', () => {
    const rows = compareRows([bike({ specSheet: { power: '94 hp', engine: '649 cc' } }), bike({ specSheet: { engine: '649cc', weight: '' } })], { money })
    const spec = rows.filter((r) => !['summary', 'used'].includes(r.group)).map((r) => r.key)
    expect(spec).toEqual(['engine', 'power'])
    expect(rows.find((r) => r.key === 'engine')!.differs).toBe(true)
  })

  it('never marks a single bike as differing, and gives one value per bike on every row', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ pricePence: fc.option(fc.nat()), monthlyPence: fc.option(fc.nat()), used: fc.boolean() }), { minLength: 1, maxLength: 4 }), (specs) => {
        const bikes = specs.map((s) => bike({ pricePence: s.pricePence, monthlyPence: s.monthlyPence, condition: s.used ? 'used' : 'new' }))
        const rows = compareRows(bikes, { money })
        return rows.every((r) => r.values.length === bikes.length && (bikes.length > 1 || !r.differs))
      }),
    )
  })
})

describe('compareLinkText', () => {
  it('counts the bikes and says when no more fit', () => {
    expect(compareLinkText(1)).toBe('Compare 1 bike')
    expect(compareLinkText(3)).toBe('Compare 3 bikes')
    expect(compareLinkText(MAX_COMPARED)).toBe('Compare 4 bikes (the most at once)')
  })
})
