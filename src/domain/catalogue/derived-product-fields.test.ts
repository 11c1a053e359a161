import { describe, expect, it } from 'vitest'
import { derivedProductFields, variantTitle } from './derived-product-fields'

describe('derivedProductFields', () => {
  it('puts every compulsory charge in the headline price, and has none without a price', () => {
    expect(derivedProductFields({ pricePence: 599_500, vatRatePercent: 20 }).listPrice).toBe(599_500)
    expect(derivedProductFields({ pricePence: 599_500, vatRatePercent: 20, extraFee: { feeValue: 29_500, label: 'On-the-road charges' } }).listPrice).toBe(629_000)
    expect(derivedProductFields({ pricePence: 599_500, vatRatePercent: null, extraFee: { feeValue: null, label: 'unused' } }).listPrice).toBe(599_500)
    expect(derivedProductFields({ pricePence: null, vatRatePercent: 20, extraFee: { feeValue: 29_500 } }).listPrice).toBeNull()
    expect(derivedProductFields({ pricePence: 0, vatRatePercent: 20 }).listPrice).toBeNull()
  })

  it('gives an e-bike the EAPC verdict of its facts, unknown until power and speed are recorded', () => {
    expect(derivedProductFields({ kind: 'e-bike', ebike: { hasPedals: true, motorPowerW: 250, assistedSpeedMph: 15.5 } }).eapc).toBe(true)
    expect(derivedProductFields({ kind: 'e-bike', ebike: { hasPedals: true, motorPowerW: 500, assistedSpeedMph: 15.5 } }).eapc).toBe(false)
    expect(derivedProductFields({ kind: 'e-bike', ebike: { hasPedals: false, motorPowerW: 250 } }).eapc).toBe(false)
    expect(derivedProductFields({ kind: 'e-bike', ebike: { motorPowerW: 250 } }).eapc).toBeNull()
    expect(derivedProductFields({ kind: 'e-bike' }).eapc).toBeNull()
  })

  it('gives any other kind no EAPC verdict, whatever its facts', () => {
    expect(derivedProductFields({ kind: 'motorcycle', ebike: { hasPedals: true, motorPowerW: 250, assistedSpeedMph: 15.5 } }).eapc).toBeNull()
    expect(derivedProductFields({ kind: null }).eapc).toBeNull()
  })
})

describe('variantTitle', () => {
  it('is the size and colour, or the SKU when there is neither', () => {
    expect(variantTitle('M', 'Black', 'JKT-M')).toBe('M / Black')
    expect(variantTitle(null, 'Red', 'JKT-R')).toBe('Red')
    expect(variantTitle('', null, 'JKT-1')).toBe('JKT-1')
    expect(variantTitle(null, null, undefined)).toBeUndefined()
  })
})
