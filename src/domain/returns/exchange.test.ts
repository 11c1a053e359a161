import { describe, expect, it } from 'vitest'
import { planExchange, settleExchange } from './exchange'

const choice = (over: { price?: number | null; inStock?: boolean; to?: number; product?: number; from?: number | null; paid?: number } = {}) => ({
  productId: 1,
  fromVariantId: over.from === undefined ? 10 : over.from,
  to: { productId: over.product ?? 1, variantId: over.to ?? 11, pricePence: over.price === undefined ? 12_999 : over.price, inStock: over.inStock ?? true, title: 'Jacket, size L' },
  unitPaidPence: over.paid ?? 12_999,
})

describe('planExchange', () => {
  it('swaps at the same price: the credit pays it all, nothing to pay or refund', () => {
    expect(planExchange(choice())).toEqual({ ok: true, replacementPence: 12_999, creditPence: 12_999, toPayPence: 0, refundPence: 0 })
  })
  it('a cheaper replacement refunds the difference to the card', () => {
    expect(planExchange(choice({ price: 9_999 }))).toEqual({ ok: true, replacementPence: 9_999, creditPence: 9_999, toPayPence: 0, refundPence: 3_000 })
  })
  it('a dearer replacement asks for the difference by card', () => {
    expect(planExchange(choice({ price: 14_999 }))).toEqual({ ok: true, replacementPence: 14_999, creditPence: 12_999, toPayPence: 2_000, refundPence: 0 })
  })
  it('counts what the customer paid after a discount, not the list price', () => {
    expect(planExchange(choice({ paid: 11_699 }))).toMatchObject({ ok: true, creditPence: 11_699, toPayPence: 1_300, refundPence: 0 })
  })
  it('refuses another product, the same variant, a one-version product, one off sale or out of stock', () => {
    expect(planExchange(choice({ product: 2 }))).toMatchObject({ ok: false, problem: expect.stringMatching(/same product/) })
    expect(planExchange(choice({ to: 10 }))).toMatchObject({ ok: false, problem: expect.stringMatching(/different size or colour/) })
    expect(planExchange(choice({ from: null }))).toMatchObject({ ok: false, problem: expect.stringMatching(/one version only/) })
    expect(planExchange(choice({ price: null }))).toMatchObject({ ok: false, problem: expect.stringMatching(/not on sale/) })
    expect(planExchange(choice({ inStock: false }))).toMatchObject({ ok: false, problem: expect.stringMatching(/out of stock/) })
  })
  it('every plan balances: credit plus card equals the replacement, credit plus refund equals what was paid', () => {
    for (let paid = 1; paid < 30_000; paid += 997) {
      for (let price = 1; price < 30_000; price += 1_301) {
        const plan = planExchange(choice({ paid, price }))
        if (!plan.ok) throw new Error(plan.problem)
        expect(plan.creditPence + plan.toPayPence).toBe(price)
        expect(plan.creditPence + plan.refundPence).toBe(paid)
        expect(Math.min(plan.toPayPence, plan.refundPence)).toBe(0)
      }
    }
  })
})

describe('settleExchange', () => {
  it('gives the rest of the value back to the card, less a deduction', () => {
    expect(settleExchange({ valuePence: 12_999, deductionPence: 0, creditUsedPence: 9_999 })).toEqual({ ok: true, cardPence: 3_000, creditPence: 9_999 })
    expect(settleExchange({ valuePence: 12_999, deductionPence: 1_000, creditUsedPence: 9_999 })).toEqual({ ok: true, cardPence: 2_000, creditPence: 9_999 })
    expect(settleExchange({ valuePence: 12_999, deductionPence: 0, creditUsedPence: 12_999 })).toEqual({ ok: true, cardPence: 0, creditPence: 12_999 })
  })
  it('refuses a deduction larger than what would go to the card', () => {
    expect(settleExchange({ valuePence: 12_999, deductionPence: 3_001, creditUsedPence: 9_999 })).toEqual({ ok: false, problem: "The deduction may be at most £30: £99.99 of this item's value already paid for its replacement." })
  })
})
