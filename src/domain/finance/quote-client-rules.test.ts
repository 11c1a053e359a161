// Checks the quote client's rules of spec §5 and §9: bike identity, prices and the terms quotes start from.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { assetIdentity, defaultDepositPence, financePricePence, financeWidgetTerms, NEW_BIKE_IDENTITY_ERROR, normaliseVrm, padCapCode, parsePriceText, USED_BIKE_IDENTITY_ERROR, withQuoteDefaults, type ProductPromotion, financeIdentityProblem } from './quote-client-rules'

describe('bike identity (spec §5)', () => {
  it('fails a used bike with neither VRM nor capCode with the exact message', () => {
    expect(assetIdentity({ used: true, vrm: null, capCode: null })).toEqual({ ok: false, error: 'neither vrm nor capCode can be null' })
    expect(assetIdentity({ used: true, vrm: '   ', capCode: '' })).toEqual({ ok: false, error: USED_BIKE_IDENTITY_ERROR })
  })

  it('fails a new bike without a capCode with the exact message', () => {
    expect(assetIdentity({ used: false })).toEqual({ ok: false, error: 'capCode cannot be null' })
    expect(assetIdentity({ used: false, vrm: 'CX17HHA', capCode: null })).toEqual({ ok: false, error: NEW_BIKE_IDENTITY_ERROR })
  })

  it('identifies a used bike by VRM first, then by CAP code', () => {
    expect(assetIdentity({ used: true, vrm: 'CX17 HHA', capCode: 'HOCB50  5CC' })).toEqual({ ok: true, identityType: 'VRM', identity: 'CX17HHA' })
    expect(assetIdentity({ used: true, vrm: null, capCode: 'HOCB500' })).toEqual({ ok: true, identityType: 'RVC', identity: 'HOCB500'.padEnd(20) })
  })

  it('identifies a new bike by CAP code', () => {
    expect(assetIdentity({ used: false, vrm: 'CX17HHA', capCode: 'KTDU390' })).toEqual({ ok: true, identityType: 'RVC', identity: 'KTDU390             ' })
  })

  it('strips every space from a VRM', () => {
    expect(normaliseVrm(' CX17 HHA ')).toBe('CX17HHA')
    expect(normaliseVrm('C X1 7\tHHA')).toBe('CX17HHA')
    expect(normaliseVrm('')).toBeNull()
    expect(normaliseVrm(undefined)).toBeNull()
  })

  it('pads a CAP code with trailing spaces to 20 characters', () => {
    expect(padCapCode('KTDU390')).toBe('KTDU390             ')
    expect(padCapCode(' KTDU390 ')).toHaveLength(20)
    expect(padCapCode('ABCDEFGHIJKLMNOPQRSTUV')).toBe('ABCDEFGHIJKLMNOPQRSTUV')
    expect(padCapCode(null)).toBeNull()
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9][A-Z0-9 ]{0,18}[A-Z0-9]$/), (code) => {
        const padded = padCapCode(code)
        expect(padded).toHaveLength(20)
        expect(padded?.trimEnd()).toBe(code.trimEnd())
      }),
    )
  })
})

describe('prices (spec §5, §9)', () => {
  it('reads price text without currency symbols, commas or spaces', () => {
    expect(parsePriceText('£6,499.00')).toBe(649900)
    expect(parsePriceText('£ 12,345.6')).toBe(1234560)
    expect(parsePriceText('&pound;6,499')).toBe(649900)
    expect(parsePriceText('&#163;899.99')).toBe(89999)
    expect(parsePriceText('6 499')).toBe(649900)
    expect(parsePriceText('£0.10')).toBe(10)
  })

  it('gives null for text that is not one amount', () => {
    expect(parsePriceText('')).toBeNull()
    expect(parsePriceText(null)).toBeNull()
    expect(parsePriceText('£1,000.00 - £1,200.00')).toBeNull()
    expect(parsePriceText('POA')).toBeNull()
    expect(parsePriceText('£1.999')).toBeNull()
  })

  it('reads back any amount formatted as the shop shows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (pence) => {
        const text = `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
        expect(parsePriceText(text)).toBe(pence)
      }),
    )
  })

  it('adds the extra fee to the product price', () => {
    expect(financePricePence(649900, 25000)).toBe(674900)
    expect(financePricePence(649900, null)).toBe(649900)
    expect(financePricePence(649900)).toBe(649900)
  })
})

describe('finance widget terms (spec §9)', () => {
  it('deposits 10% of the price rounded up to the next £100', () => {
    expect(defaultDepositPence(649900)).toBe(70000)
    expect(defaultDepositPence(700000)).toBe(70000)
    expect(defaultDepositPence(700100)).toBe(80000)
    expect(defaultDepositPence(99)).toBe(10000)
    expect(defaultDepositPence(0)).toBe(0)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (price) => {
        const deposit = defaultDepositPence(price)
        expect(deposit % 10000).toBe(0)
        expect(deposit * 10).toBeGreaterThanOrEqual(price)
        expect((deposit - 10000) * 10).toBeLessThan(price)
      }),
    )
  })

  it('starts at 36 months, 3000 miles a year and the default deposit', () => {
    expect(financeWidgetTerms(649900)).toEqual({ termMonths: 36, annualDistance: 3000, depositPence: 70000 })
  })

  const offer = (adjustment: NonNullable<ProductPromotion['financeOptionsAdjustment']>, offerType = 'Finance Offer'): ProductPromotion => ({
    offerType,
    financeOptionsAdjustment: adjustment,
  })

  it('lets a Finance Offer override term and mileage above 0, and the deposit from 0', () => {
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 48, annualDistance: 4000, cashDepositPence: 0 })])).toEqual({
      termMonths: 48,
      annualDistance: 4000,
      depositPence: 0,
    })
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 0, annualDistance: 0, cashDepositPence: -1 })])).toEqual({
      termMonths: 36,
      annualDistance: 3000,
      depositPence: 70000,
    })
    expect(financeWidgetTerms(649900, [offer({ termInMonths: null, annualDistance: null, cashDepositPence: null })])).toEqual({
      termMonths: 36,
      annualDistance: 3000,
      depositPence: 70000,
    })
  })

  it('ignores promotions of other types and takes the first Finance Offer', () => {
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 48 }, 'Free Gift')]).termMonths).toBe(36)
    expect(financeWidgetTerms(649900, [offer({ termInMonths: 0 }, 'Free Gift'), offer({ termInMonths: 24 }), offer({ termInMonths: 60 })]).termMonths).toBe(24)
    expect(financeWidgetTerms(649900, [{ offerType: 'Finance Offer', financeOptionsAdjustment: null }]).termMonths).toBe(36)
  })

  it('fills a quote call’s missing terms with 24 months, 10000 miles and no deposit, keeping zeros', () => {
    expect(withQuoteDefaults({})).toEqual({ termMonths: 24, annualDistance: 10000, depositPence: 0 })
    expect(withQuoteDefaults({ termMonths: 48, annualDistance: null, depositPence: 50000 })).toEqual({ termMonths: 48, annualDistance: 10000, depositPence: 50000 })
    expect(withQuoteDefaults({ depositPence: 0, annualDistance: 0 })).toEqual({ termMonths: 24, annualDistance: 0, depositPence: 0 })
  })
})

describe('financeIdentityProblem', () => {
  it('refuses a financeable new bike without a CAP code, with a sentence for staff', () => {
    expect(financeIdentityProblem({ financeable: true, condition: 'new', capCode: '' })).toMatch(/needs its CAP code/)
    expect(financeIdentityProblem({ financeable: true, condition: 'new', capCode: '   ', vrm: 'YD21 KXP' })).toMatch(/needs its CAP code/)
    expect(financeIdentityProblem({ financeable: true, condition: 'new', capCode: 'HOCB650R24' })).toBeNull()
  })

  it('accepts a used bike with a registration or a CAP code, and refuses one with neither', () => {
    expect(financeIdentityProblem({ financeable: true, condition: 'used', vrm: 'YD21 KXP' })).toBeNull()
    expect(financeIdentityProblem({ financeable: true, condition: 'used', capCode: 'HOCB500F21' })).toBeNull()
    expect(financeIdentityProblem({ financeable: true, condition: 'used', vrm: null, capCode: null })).toMatch(/registration \(VRM\) or its CAP code/)
  })

  it('says nothing about a bike not offered on finance', () => {
    expect(financeIdentityProblem({ financeable: false, condition: 'new', capCode: null })).toBeNull()
    expect(financeIdentityProblem({ financeable: undefined, condition: 'used' })).toBeNull()
  })
})
