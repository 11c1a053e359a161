import { describe, expect, it } from 'vitest'
import { basketTotals } from '../basket/basket'
import { DEFAULT_ON_THE_ROAD_RATES, firstYearVedPence, onTheRoadRatesFrom, productCharges, productVatTreatment } from './on-the-road'
import { chargesFromExtraFee, includedChargesText, priceVatNote, productPrice } from './product-price'

const OTR = { feeValue: 25_000, label: 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax' }
const bands = DEFAULT_ON_THE_ROAD_RATES.vedBands

describe('firstYearVedPence', () => {
  it('charges the motorcycle VED band for the engine size', () => {
    expect(firstYearVedPence(50, bands)).toBe(2_700)
    expect(firstYearVedPence(150, bands)).toBe(2_700)
    expect(firstYearVedPence(151, bands)).toBe(5_900)
    expect(firstYearVedPence(400, bands)).toBe(5_900)
    expect(firstYearVedPence(452, bands)).toBe(9_100)
    expect(firstYearVedPence(649, bands)).toBe(12_700)
    expect(firstYearVedPence(1_350, bands)).toBe(12_700)
  })

  it('puts an electric motorcycle (no engine size) in the lowest band', () => {
    expect(firstYearVedPence(null, bands)).toBe(2_700)
    expect(firstYearVedPence(undefined, bands)).toBe(2_700)
  })
})

describe('productCharges', () => {
  it('splits a new scooter’s £250 OTR into preparation (VAT) and the DVLA fees (outside the scope of VAT)', () => {
    expect(productCharges(OTR, { kind: 'scooter', condition: 'new', engineCc: 125 })).toEqual([
      { label: 'Pre-delivery inspection and number plates', pence: 16_800, vat: 'product-rate', group: 'On-the-road charges' },
      { label: 'DVLA first registration fee', pence: 5_500, vat: 'outside-scope', group: 'On-the-road charges' },
      { label: 'First year’s road tax', pence: 2_700, vat: 'outside-scope', group: 'On-the-road charges' },
    ])
  })

  it('keeps the headline price and lowers only its VAT: the £3,849 scooter contains £627.83 VAT, not £641.50', () => {
    const split = productPrice({ basePricePence: 359_900, vatRatePercent: 20, charges: productCharges(OTR, { kind: 'scooter', condition: 'new', engineCc: 125 }) })!
    const whole = productPrice({ basePricePence: 359_900, vatRatePercent: 20, charges: chargesFromExtraFee(OTR) })!
    expect(split.totalPence).toBe(384_900)
    expect(whole.totalPence).toBe(384_900)
    expect(whole.vatPence).toBe(64_150)
    expect(split.vatPence).toBe(62_783)
    expect(includedChargesText(split)).toBe('Includes £250 on-the-road charges: £168 pre-delivery inspection and number plates, £55 DVLA first registration fee and £27 first year’s road tax (outside the scope of VAT).')
    const product = { productId: 1, name: 'Honda PCX125', sku: 'PCX', pricePence: split.totalPence, vatRatePercent: 20, stockQuantity: 1, slug: 'pcx', charges: split.charges }
    const totals = basketTotals({ items: [{ itemId: '1', product, count: 1, updatedStock: 0, addedItemCount: 0 }], couponCode: null })
    expect(totals.vatPence).toBe(62_783)
    expect(totals.vatBreakdown.map((t) => [t.treatment, t.grossPence, t.vatPence])).toEqual([['standard', 376_700, 62_783], ['outside-scope', 8_200, 0]])
  })

  it('takes the road tax from the settings’ band for a big bike', () => {
    const charges = productCharges(OTR, { kind: 'motorcycle', condition: 'new', engineCc: 1_084 }, { registrationFeePence: 5_500, vedBands: bands })
    expect(charges?.map((c) => c.pence)).toEqual([6_800, 5_500, 12_700])
  })

  it('never takes more out of the fee than the fee itself (registration first)', () => {
    expect(productCharges({ feeValue: 6_000, label: null }, { kind: 'motorcycle', condition: 'new', engineCc: 1_084 })?.map((c) => [c.pence, c.vat])).toEqual([
      [0, 'product-rate'],
      [5_500, 'outside-scope'],
      [500, 'outside-scope'],
    ])
    // The empty preparation part is no charge at all.
    expect(productPrice({ basePricePence: 100_000, vatRatePercent: 20, charges: productCharges({ feeValue: 6_000, label: null }, { kind: 'motorcycle', condition: 'new', engineCc: 1_084 }) })?.charges).toHaveLength(2)
  })

  it('leaves a used bike’s fee, rider wear and bicycles as one charge at the product’s rate', () => {
    const prep = { feeValue: 9_900, label: 'Preparation' }
    expect(productCharges(prep, { kind: 'motorcycle', condition: 'used', engineCc: 649 })).toEqual(chargesFromExtraFee(prep))
    expect(productCharges(prep, { kind: 'riderwear', condition: 'new' })).toEqual(chargesFromExtraFee(prep))
    expect(productCharges(prep, { kind: 'e-bike', condition: 'new' })).toEqual(chargesFromExtraFee(prep))
    expect(productCharges(null, { kind: 'motorcycle', condition: 'new', engineCc: 649 })).toEqual([])
  })
})

describe('productVatTreatment', () => {
  it('puts a used motorcycle or scooter under the margin scheme; everything else by its rate', () => {
    expect(productVatTreatment({ kind: 'motorcycle', condition: 'used', vatRatePercent: 20 })).toBe('margin')
    expect(productVatTreatment({ kind: 'scooter', condition: 'used', vatRatePercent: 20 })).toBe('margin')
    expect(productVatTreatment({ kind: 'motorcycle', condition: 'new', vatRatePercent: 20 })).toBe('standard')
    expect(productVatTreatment({ kind: 'riderwear', condition: 'new', vatRatePercent: 0 })).toBe('zero')
    expect(productVatTreatment({ kind: 'bicycle', condition: 'used', vatRatePercent: 20 })).toBe('standard')
  })
})

describe('priceVatNote', () => {
  it('says how much VAT the price holds and what bears none', () => {
    const scooter = productPrice({ basePricePence: 359_900, vatRatePercent: 20, charges: productCharges(OTR, { kind: 'scooter', condition: 'new', engineCc: 125 }) })!
    expect(priceVatNote(scooter)).toBe('Includes £627.83 VAT at 20%. The £82 registration fee and road tax are outside the scope of VAT.')
    expect(priceVatNote(productPrice({ basePricePence: 53_999, vatRatePercent: 0 })!)).toBe('Zero-rated for VAT: no VAT in this price.')
    const used = productPrice({ basePricePence: 499_900, vatRatePercent: 20, vatTreatment: 'margin' })!
    expect(used.vatPence).toBe(0)
    expect(priceVatNote(used)).toBe('Sold under the VAT margin scheme for used vehicles: no VAT is shown separately.')
  })
})

describe('onTheRoadRatesFrom', () => {
  it('reads the site settings, each missing or broken figure at its default', () => {
    expect(onTheRoadRatesFrom(null)).toEqual(DEFAULT_ON_THE_ROAD_RATES)
    expect(onTheRoadRatesFrom({ registrationFeePence: 6_000, vedOver600ccPence: 13_200, vedUpTo400ccPence: -1 })).toEqual({
      registrationFeePence: 6_000,
      vedBands: [
        { upToCc: 150, pence: 2_700 },
        { upToCc: 400, pence: 5_900 },
        { upToCc: 600, pence: 9_100 },
        { upToCc: null, pence: 13_200 },
      ],
    })
  })
})
