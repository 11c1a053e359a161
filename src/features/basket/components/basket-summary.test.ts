import { describe, expect, it } from 'vitest'
import type { BasketPricingResponse } from '../pricing-contract'
import { shippingText } from './basket-summary'

const option = (method: 'flat_rate' | 'free' | 'dealer_delivery', feePence: number | null) => ({ method, label: method, description: '', feePence, addressSource: 'customer' as const })
const priced = (over: Partial<BasketPricingResponse>): BasketPricingResponse => ({
  lines: [],
  problems: [],
  coupon: null,
  deliveryOptions: [],
  delivery: null,
  deliveryProblem: null,
  pickupLocation: null,
  totals: { subtotalPence: 0, discountPence: 0, shippingPence: 0, shippingToBeQuoted: false, vatPence: 0, vatBreakdown: [], totalPence: 0 },
  ...over,
})

describe('the shipping line', () => {
  it('says Free when every way is free, before and after the choice', () => {
    expect(shippingText(priced({ deliveryOptions: [option('flat_rate', 0), option('free', 0)] }))).toBe('Free')
    expect(shippingText(priced({ deliveryOptions: [option('flat_rate', 0)], delivery: option('flat_rate', 0) }))).toBe('Free')
  })

  it('shows a fee, a dealer quote, or what is free until a choice is made', () => {
    expect(shippingText(priced({ deliveryOptions: [option('flat_rate', 495), option('free', 0)] }))).toBe('Free to collect')
    expect(shippingText(priced({ delivery: option('flat_rate', 495), totals: { ...priced({}).totals, shippingPence: 495 } }))).toBe('£4.95')
    expect(shippingText(priced({ deliveryOptions: [option('dealer_delivery', null), option('free', 0)] }))).toBe('Free to collect')
    expect(shippingText(priced({ delivery: option('dealer_delivery', null), totals: { ...priced({}).totals, shippingToBeQuoted: true } }))).toBe('Quoted by the dealer')
  })
})
