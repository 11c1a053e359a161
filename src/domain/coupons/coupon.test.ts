import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addCoupon,
  discountForCouponCode,
  evaluateDiscount,
  markCouponInvalid,
  normaliseCouponCode,
  removeCoupon,
  submitCoupon,
  UNSUPPORTED_DISCOUNT_TYPE_MESSAGE,
  validateCoupon,
  type CouponCheck,
  type CouponDefinition,
} from './coupon'

const now = new Date('2025-06-15T12:00:00Z')
const check: CouponCheck = { subtotalPence: 10000, now, usedCount: 0 }
const tenOff: CouponDefinition = { code: 'TENOFF', discountType: 'fixed_cart', amount: 1000 }
const summer: CouponDefinition = { code: 'summer20', discountType: 'percent', amount: 20 }

describe('evaluateDiscount', () => {
  it('fixed_cart subtracts the amount but never more than the subtotal', () => {
    expect(evaluateDiscount('fixed_cart', 1000, 10000)).toEqual({ ok: true, discountPence: 1000 })
    expect(evaluateDiscount('fixed_cart', 1000, 600)).toEqual({ ok: true, discountPence: 600 })
    expect(evaluateDiscount('fixed_cart', 1000, 0)).toEqual({ ok: true, discountPence: 0 })
  })

  it('percent takes a percentage off the subtotal, rounded to the penny', () => {
    expect(evaluateDiscount('percent', 20, 10000)).toEqual({ ok: true, discountPence: 2000 })
    // 15% of £9.99 is 149.85p
    expect(evaluateDiscount('percent', 15, 999)).toEqual({ ok: true, discountPence: 150 })
    // 12.5% of £1.01 is 12.625p
    expect(evaluateDiscount('percent', 12.5, 101)).toEqual({ ok: true, discountPence: 13 })
    // 10% of 5p is exactly half a penny and rounds up
    expect(evaluateDiscount('percent', 10, 5)).toEqual({ ok: true, discountPence: 1 })
    expect(evaluateDiscount('percent', 150, 10000)).toEqual({ ok: true, discountPence: 10000 })
    expect(evaluateDiscount('percent', -5, 10000)).toEqual({ ok: true, discountPence: 0 })
  })

  it('refuses fixed_product with the exact log text of the spec', () => {
    expect(UNSUPPORTED_DISCOUNT_TYPE_MESSAGE).toBe('this discount type is not supported')
    expect(evaluateDiscount('fixed_product', 500, 10000)).toEqual({
      ok: false,
      reason: 'unsupported_discount_type',
      logMessage: 'this discount type is not supported',
    })
  })

  it('never gives a negative discount or one above the subtotal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fixed_cart' as const, 'percent' as const),
        fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (type, amount, subtotal) => {
          const result = evaluateDiscount(type, amount, subtotal)
          if (!result.ok) return false
          return Number.isSafeInteger(result.discountPence) && result.discountPence >= 0 && result.discountPence <= subtotal
        },
      ),
    )
  })
})

describe('validateCoupon', () => {
  it('accepts a known coupon whatever the case and spacing the customer typed', () => {
    expect(validateCoupon('  Summer20 ', summer, check)).toEqual({ ok: true, coupon: summer })
    expect(normaliseCouponCode(' summer20 ')).toBe('SUMMER20')
  })

  it('refuses an unknown code, or one that is not the definition it was looked up with', () => {
    expect(validateCoupon('NOPE', undefined, check)).toMatchObject({ ok: false, reason: 'unknown', message: expect.stringContaining('recognise') })
    expect(validateCoupon('OTHER', tenOff, check)).toMatchObject({ ok: false, reason: 'unknown' })
    expect(validateCoupon('   ', { ...tenOff, code: '' }, check)).toMatchObject({ ok: false, reason: 'unknown' })
  })

  it('refuses fixed_product before anything else with a customer message', () => {
    const result = validateCoupon('PART5', { code: 'PART5', discountType: 'fixed_product', amount: 500 }, check)
    expect(result).toMatchObject({ ok: false, reason: 'unsupported_discount_type' })
    if (!result.ok) expect(result.message).not.toBe(UNSUPPORTED_DISCOUNT_TYPE_MESSAGE)
  })

  it('refuses a coupon before its start, showing the date in London time', () => {
    const early = { ...tenOff, validFrom: new Date('2025-07-01T00:00:00+01:00') }
    expect(validateCoupon('TENOFF', early, check)).toEqual({ ok: false, reason: 'not_yet_valid', message: 'This coupon can be used from 1 July 2025.' })
    expect(validateCoupon('TENOFF', early, { ...check, now: new Date('2025-07-01T00:00:00+01:00') }).ok).toBe(true)
  })

  it('refuses an expired coupon from the expiry instant on', () => {
    const expiresAt = new Date('2025-06-15T12:00:00Z')
    const expiring = { ...tenOff, expiresAt }
    expect(validateCoupon('TENOFF', expiring, check)).toEqual({ ok: false, reason: 'expired', message: 'This coupon expired on 15 June 2025.' })
    expect(validateCoupon('TENOFF', expiring, { ...check, now: new Date(expiresAt.getTime() - 1) }).ok).toBe(true)
  })

  it('refuses a coupon whose usage limit is reached', () => {
    const limited = { ...tenOff, usageLimit: 100 }
    expect(validateCoupon('TENOFF', limited, { ...check, usedCount: 99 }).ok).toBe(true)
    expect(validateCoupon('TENOFF', limited, { ...check, usedCount: 100 })).toMatchObject({ ok: false, reason: 'usage_limit_reached' })
    expect(validateCoupon('TENOFF', { ...tenOff, usageLimit: null }, { ...check, usedCount: 10_000 }).ok).toBe(true)
  })

  it('refuses a basket under the minimum spend and says how much more to add', () => {
    const minimum = { ...tenOff, minimumSpendPence: 15000 }
    expect(validateCoupon('TENOFF', minimum, check)).toEqual({
      ok: false,
      reason: 'minimum_spend_not_met',
      message: 'Spend at least £150 to use this coupon: add £50 more to your basket.',
    })
    expect(validateCoupon('TENOFF', minimum, { ...check, subtotalPence: 15000 }).ok).toBe(true)
  })

  it('reports the expiry before the minimum spend when both apply', () => {
    const both = { ...tenOff, expiresAt: new Date('2025-01-01T00:00:00Z'), minimumSpendPence: 99999 }
    expect(validateCoupon('TENOFF', both, check)).toMatchObject({ reason: 'expired' })
  })
})

describe('couponCode state machine', () => {
  it('add holds the normalised code, unvalidated and worth nothing', () => {
    const state = addCoupon(null, ' tenoff ')
    expect(state).toEqual({ status: 'entered', code: 'TENOFF', amount: 0, discount_type: null, valid: false })
    expect(discountForCouponCode(state, 10000)).toEqual({ ok: true, discountPence: 0 })
    expect(addCoupon(state, '   ')).toBeNull()
  })

  it('submit applies a valid coupon with the spec fields', () => {
    const applied = submitCoupon(addCoupon(null, 'summer20'), summer, check)
    expect(applied).toEqual({ status: 'applied', code: 'SUMMER20', amount: 20, discount_type: 'percent', valid: true })
    expect(discountForCouponCode(applied, 10000)).toEqual({ ok: true, discountPence: 2000 })
  })

  it('submit marks a refused coupon invalid with the reason and message', () => {
    const refused = submitCoupon(addCoupon(null, 'TENOFF'), { ...tenOff, minimumSpendPence: 20000 }, check)
    expect(refused).toMatchObject({ status: 'invalid', code: 'TENOFF', valid: false, amount: 0, reason: 'minimum_spend_not_met' })
    expect(discountForCouponCode(refused, 10000)).toEqual({ ok: true, discountPence: 0 })
  })

  it('an invalid coupon can be submitted again once the basket qualifies', () => {
    const minimum = { ...tenOff, minimumSpendPence: 20000 }
    const refused = submitCoupon(addCoupon(null, 'TENOFF'), minimum, check)
    expect(submitCoupon(refused, minimum, { ...check, subtotalPence: 20000 })).toMatchObject({ status: 'applied', valid: true })
  })

  it('mark invalid takes the discount away but keeps the code', () => {
    const applied = submitCoupon(addCoupon(null, 'TENOFF'), tenOff, check)
    const invalid = markCouponInvalid(applied, { reason: 'minimum_spend_not_met', message: 'Spend more' })
    expect(invalid).toEqual({ status: 'invalid', code: 'TENOFF', amount: 0, discount_type: null, valid: false, reason: 'minimum_spend_not_met', message: 'Spend more' })
    expect(markCouponInvalid(null, { reason: 'expired', message: 'x' })).toBeNull()
  })

  it('remove clears it, and submit with nothing entered does nothing', () => {
    expect(removeCoupon(submitCoupon(addCoupon(null, 'TENOFF'), tenOff, check))).toBeNull()
    expect(submitCoupon(null, tenOff, check)).toBeNull()
  })

  it('an applied fixed_product coupon (e.g. from older data) surfaces the unsupported reason', () => {
    const legacy = { status: 'applied', code: 'P', amount: 500, discount_type: 'fixed_product', valid: true } as const
    expect(discountForCouponCode(legacy, 10000)).toMatchObject({ ok: false, logMessage: UNSUPPORTED_DISCOUNT_TYPE_MESSAGE })
  })
})
