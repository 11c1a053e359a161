// Checks what is offered for each kind of lender refusal: a low deposit, too much borrowed, a term outside the lender's range, a bike too old by the end, no rate at all.
import { describe, expect, it } from 'vitest'
import { alternativesToRefusal, depositThatMeetsLender, type FinanceAlternative } from './refusal-alternatives'
import { quotePanel, type BikeForFinance, type PanelRequest } from './rate-table'
import { demoLenderPanel } from '../../setup/seed/demo-lenders'

const asOf = new Date('2025-06-01T12:00:00Z')
// The demo catalogue's Honda CB650R: £8,499 plus £250 on the road, at the shop's default deposit (10%, up to the £100).
const cb650r: BikeForFinance = { cashPricePence: 874_900, condition: 'new', registrationDate: null, odometerMiles: 0 }
const helmetPence = 53_999

function kinds(alternatives: readonly FinanceAlternative[]): string[] {
  return alternatives.map((a) => `${a.kind} ${a.funderCode} ${a.product}${a.kind === 'deposit' ? ` ${a.depositPence}` : ''}`)
}

function lender(code: string) {
  const found = demoLenderPanel.find((l) => l.funderCode === code)
  if (!found) throw new Error(`no lender ${code}`)
  return found
}

describe('alternativesToRefusal', () => {
  it('a deposit below the lender’s minimum after an accessory: the smallest whole-pound deposit that meets it, another lender, or the bike alone', () => {
    const previous: PanelRequest = { termMonths: 36, depositPence: 90_000, annualDistance: 3000, asOf }
    const wanted: PanelRequest = { ...previous, valueAddedProductsPence: helmetPence }
    const alternatives = alternativesToRefusal({ panel: demoLenderPanel, bike: cb650r, chosen: { funderCode: 'HMF', product: 'HP' }, wanted, previous })
    // 10% of £9,288.99 is £928.899: £929 is the smallest whole pound that meets it.
    expect(kinds(alternatives)).toEqual(['deposit HMF HP 92900', 'lender PBC HP', 'without-change HMF HP'])
    const raised = quotePanel([lender('HMF')], cb650r, { ...wanted, depositPence: 92_900 }).find((q) => q.product === 'HP')
    expect(raised?.outcome.ok).toBe(true)
    const short = quotePanel([lender('HMF')], cb650r, { ...wanted, depositPence: 92_800 }).find((q) => q.product === 'HP')
    expect(short?.outcome.ok).toBe(false)
    for (const a of alternatives) expect(a.regularPaymentPence).toBeGreaterThan(0)
  })

  it('more borrowed than the lender lends: the deposit that brings the amount borrowed under its ceiling', () => {
    const bike: BikeForFinance = { cashPricePence: 3_000_000, condition: 'new', registrationDate: null, odometerMiles: 0 }
    const previous: PanelRequest = { termMonths: 36, depositPence: 500_000, annualDistance: 3000, asOf }
    const wanted: PanelRequest = { ...previous, valueAddedProductsPence: 10_050 }
    const alternatives = alternativesToRefusal({ panel: demoLenderPanel, bike, chosen: { funderCode: 'PBC', product: 'HP' }, wanted, previous })
    // Pennine lends up to £25,000: £30,100.50 less £25,000, up to the pound.
    expect(kinds(alternatives)[0]).toBe('deposit PBC HP 510100')
    expect(kinds(alternatives)).toContain('lender HMF HP')
    expect(kinds(alternatives).at(-1)).toBe('without-change PBC HP')
  })

  it('a term outside the lender’s range: no deposit can help, so other lenders on the new term, or the term as it was', () => {
    const bike: BikeForFinance = { cashPricePence: 700_000, condition: 'new', registrationDate: null, odometerMiles: 0 }
    const previous: PanelRequest = { termMonths: 36, depositPence: 105_000, annualDistance: 3000, asOf }
    const wanted: PanelRequest = { ...previous, termMonths: 60 }
    const alternatives = alternativesToRefusal({ panel: demoLenderPanel, bike, chosen: { funderCode: 'CGF', product: 'HP' }, wanted, previous })
    expect(alternatives.some((a) => a.kind === 'deposit')).toBe(false)
    // Same kind of agreement first, lowest monthly payment first: Harbourside at 10.9% before Pennine at 12.9%.
    expect(kinds(alternatives)).toEqual(['lender HMF HP', 'lender PBC HP', 'without-change CGF HP'])
  })

  it('a bike too old by the end of a longer term: a lender who lends on older bikes, or the shorter term', () => {
    const bike: BikeForFinance = { cashPricePence: 400_000, condition: 'used', registrationDate: '2017-06-01', odometerMiles: 12_000 }
    const previous: PanelRequest = { termMonths: 24, depositPence: 60_000, annualDistance: 3000, asOf }
    const wanted: PanelRequest = { ...previous, termMonths: 36 }
    const alternatives = alternativesToRefusal({ panel: demoLenderPanel, bike, chosen: { funderCode: 'HMF', product: 'HP' }, wanted, previous })
    expect(kinds(alternatives)).toEqual(['lender PBC HP', 'without-change HMF HP'])
  })

  it('a refusal nothing on the panel meets: only the quote without the change', () => {
    const bike: BikeForFinance = { cashPricePence: 700_000, condition: 'new', registrationDate: null, odometerMiles: 0 }
    const previous: PanelRequest = { termMonths: 37, depositPence: 105_000, annualDistance: 4000, asOf }
    const wanted: PanelRequest = { ...previous, termMonths: 96 }
    expect(kinds(alternativesToRefusal({ panel: demoLenderPanel, bike, chosen: { funderCode: 'HMF', product: 'PCP' }, wanted, previous }))).toEqual(['without-change HMF PCP'])
    // Without the earlier request there is nothing left to offer, and the caller says so.
    expect(alternativesToRefusal({ panel: demoLenderPanel, bike, chosen: { funderCode: 'HMF', product: 'PCP' }, wanted, previous: null })).toEqual([])
  })

  it('offers nothing when the lender accepts the change or is not on the panel', () => {
    const request: PanelRequest = { termMonths: 36, depositPence: 200_000, annualDistance: 3000, valueAddedProductsPence: helmetPence, asOf }
    expect(alternativesToRefusal({ panel: demoLenderPanel, bike: cb650r, chosen: { funderCode: 'HMF', product: 'HP' }, wanted: request, previous: null })).toEqual([])
    expect(alternativesToRefusal({ panel: demoLenderPanel, bike: cb650r, chosen: { funderCode: 'XYZ', product: 'HP' }, wanted: { ...request, depositPence: 0 }, previous: null })).toEqual([])
  })
})

describe('depositThatMeetsLender', () => {
  it('is null when the deposit asked already meets the rules or would leave too little to borrow', () => {
    const request: PanelRequest = { termMonths: 36, depositPence: 100_000, annualDistance: 3000, asOf }
    expect(depositThatMeetsLender(lender('HMF'), cb650r, request)).toBeNull()
    const small: BikeForFinance = { ...cb650r, cashPricePence: 160_000 }
    // Castlegate lends from £3,000: a £1,600 bike leaves nothing it would lend, whatever the deposit.
    expect(depositThatMeetsLender(lender('CGF'), small, { ...request, depositPence: 0 })).toBeNull()
  })
})
