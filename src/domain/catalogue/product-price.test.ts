import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { basketTotals, type Basket } from '../basket/basket'
import { productMonthlyEstimate } from '../finance/product-monthly-estimate'
import { financePricePence } from '../finance/quote-client-rules'
import { formatPence, vatIncluded } from '../money'
import { depositDeduction, leftToPayPence } from '../reservations/reservation-rules'
import { chargesFromExtraFee, headlinePricePence, includedChargesText, pricedVatLines, pricedVatPence, productPrice, wasPriceProblem, wasPricePence, type ProductPriceInput } from './product-price'

const OTR_LABEL = 'On-the-road charges: pre-delivery inspection, registration and first year’s road tax'
/** The seeded Honda CB125F: £3,399 plus £250 on-the-road charges. */
const cb125f: ProductPriceInput = { basePricePence: 339_900, vatRatePercent: 20, charges: chargesFromExtraFee({ feeValue: 25_000, label: OTR_LABEL }) }

describe('productPrice', () => {
  it('puts the on-the-road charges in the headline price and lists them as its parts', () => {
    const price = productPrice(cb125f)
    expect(price).toEqual({
      basePence: 339_900,
      vatRatePercent: 20,
      vatTreatment: 'standard',
      charges: [{ label: OTR_LABEL, pence: 25_000, vat: 'product-rate', vatRatePercent: 20 }],
      totalPence: 364_900,
      vatPence: 60_817, // £3,649 × 20/120, rounded to the penny
      optionalExtras: [],
    })
  })

  it('is the bare price for a product without charges (a bicycle, an accessory)', () => {
    expect(productPrice({ basePricePence: 129_900, vatRatePercent: 20, charges: chargesFromExtraFee(null) })).toMatchObject({ totalPence: 129_900, charges: [], vatPence: 21_650 })
    expect(productPrice({ basePricePence: 4_999, vatRatePercent: 0 })).toMatchObject({ totalPence: 4_999, vatPence: 0 })
  })

  it('is null without a price, and ignores a charge that is zero, negative or not whole pence', () => {
    expect(productPrice({ basePricePence: null, vatRatePercent: 20, charges: [{ pence: 25_000 }] })).toBeNull()
    expect(productPrice({ basePricePence: undefined, vatRatePercent: 20 })).toBeNull()
    expect(productPrice({ basePricePence: -1, vatRatePercent: 20 })).toBeNull()
    expect(productPrice({ basePricePence: 1.5, vatRatePercent: 20 })).toBeNull()
    // 0 is what dealer systems write for a price they do not know: no price, whatever charges it carries.
    expect(productPrice({ basePricePence: 0, vatRatePercent: 20, charges: [{ pence: 25_000 }] })).toBeNull()
    expect(productPrice({ basePricePence: 1, vatRatePercent: 20 })).toMatchObject({ totalPence: 1 })
    const price = productPrice({ basePricePence: 100_000, vatRatePercent: 20, charges: [{ pence: 0 }, { pence: -500 }, { pence: 12.5 }, { pence: null }] })
    expect(price?.charges).toEqual([])
    expect(price?.totalPence).toBe(100_000)
  })

  it('names an unlabelled charge, and keeps optional extras out of the total', () => {
    const price = productPrice({ basePricePence: 500_000, vatRatePercent: 20, charges: [{ label: '  ', pence: 10_000 }], optionalExtras: [{ label: 'Tail tidy', pence: 9_999 }] })
    expect(price?.charges[0]?.label).toBe('Additional charge')
    expect(price?.totalPence).toBe(510_000)
    expect(price?.optionalExtras).toEqual([{ label: 'Tail tidy', pence: 9_999 }])
  })

  it('counts no VAT in a charge outside the scope of VAT (registration and road tax paid on to DVLA)', () => {
    const price = productPrice({ basePricePence: 339_900, vatRatePercent: 20, charges: [{ label: 'Pre-delivery inspection', pence: 7_400 }, { label: 'Registration and first year’s road tax', pence: 17_600, vat: 'outside-scope' }] })
    expect(price?.totalPence).toBe(364_900)
    expect(price?.charges.map((c) => c.vatRatePercent)).toEqual([20, 0])
    expect(price?.vatPence).toBe(vatIncluded(339_900 + 7_400, 20))
  })

  it('takes a discount off the VATable part first', () => {
    const price = productPrice({ basePricePence: 10_000, vatRatePercent: 20, charges: [{ pence: 5_000, vat: 'outside-scope' }] })!
    expect(pricedVatPence(price, 1, 0)).toBe(1_667)
    expect(pricedVatPence(price, 1, 6_000)).toBe(vatIncluded(4_000, 20))
    expect(pricedVatPence(price, 1, 10_000)).toBe(0)
    expect(pricedVatPence(price, 1, 99_999)).toBe(0)
  })
})

describe('wasPricePence', () => {
  it('shows the price staff entered, one the bike was offered at, never with the on-the-road charge added', () => {
    const headline = headlinePricePence({ basePricePence: 849_900, vatRatePercent: 20, charges: chargesFromExtraFee({ feeValue: 25_000 }) })
    expect(headline).toBe(874_900)
    // It was offered at £8,999 with its charges in it: the record says so.
    expect(wasPricePence(899_900, headline, 899_900)).toBe(899_900)
    // £8,749 entered beside a £8,749 headline is no saving: nothing shown (it once showed "was £8,999").
    expect(wasPricePence(874_900, headline, 899_900)).toBeNull()
  })

  it('refuses a figure above the highest price on record, and any figure without a record (ADR 075)', () => {
    // Offered at £8,749 (base £8,499 plus the £250 on-the-road charge) and never more: "was £8,999" was never charged.
    expect(wasPricePence(899_900, 849_900, 874_900)).toBeNull()
    expect(wasPricePence(899_900, 849_900, null)).toBeNull()
    expect(wasPricePence(899_900, 849_900, undefined)).toBeNull()
  })

  it('never exceeds the highest price the product was offered at in its history', () => {
    // A history is a run of headline prices (charges in them, like the headline); today's headline is its last.
    const history = fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(history, fc.option(fc.integer({ min: -1_000, max: 6_000_000 }), { nil: null }), (offered, entered) => {
        const headline = offered[offered.length - 1]!
        const highest = Math.max(...offered)
        const was = wasPricePence(entered, headline, highest)
        if (was === null) return
        expect(was).toBe(entered)
        expect(was).toBeGreaterThan(headline)
        expect(was).toBeLessThanOrEqual(highest)
      }),
    )
  })

  it('is never more than the figure entered, and only ever a saving on a priced product', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -1_000, max: 5_000_000 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }), (entered, headline) => {
        const was = wasPricePence(entered, headline, 5_000_000)
        if (was === null) return
        expect(was).toBe(entered)
        expect(was).toBeGreaterThan(headline!)
      }),
    )
    expect(wasPricePence(899_900, null, 1_000_000)).toBeNull()
    expect(wasPricePence(899_900.5, 100, 1_000_000)).toBeNull()
    expect(wasPricePence(0, 0, 1_000_000)).toBeNull()
  })
})

describe('wasPriceProblem', () => {
  it('lets a was-price at or below the highest price on record be saved, and says why another may not', () => {
    expect(wasPriceProblem(899_900, 899_900)).toBeNull()
    expect(wasPriceProblem(null, null)).toBeNull()
    expect(wasPriceProblem(899_900, 874_900)).toBe('was-price £8,999 is above any price this product was offered at (the highest it was offered at is £8,749, compulsory charges included): a was-price must be a price it was actually charged at')
    expect(wasPriceProblem(899_900, null)).toMatch(/it has no price on record yet/)
  })
})

describe('includedChargesText', () => {
  it('is the sentence under the headline price', () => {
    expect(includedChargesText(productPrice(cb125f)!)).toBe('Includes £250 on-the-road charges: pre-delivery inspection, registration and first year’s road tax.')
    expect(includedChargesText({ charges: [] })).toBeNull()
  })

  it('keeps an acronym’s capitals and joins two charges', () => {
    const price = productPrice({ basePricePence: 1, vatRatePercent: 20, charges: [{ label: 'PDI', pence: 7_450 }, { label: 'Registration', pence: 5_500, vat: 'outside-scope' }] })!
    expect(includedChargesText(price)).toBe('Includes £74.50 PDI and £55 registration.')
  })
})

// Property tests: whichever surface shows or charges a product, it comes to the same penny.
const chargeArb = fc.record({
  label: fc.option(fc.string({ maxLength: 30 }), { nil: null }),
  pence: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(0, -100, 1.5)),
  vat: fc.constantFrom('product-rate' as const, 'outside-scope' as const),
})
const inputArb = fc.record({
  basePricePence: fc.integer({ min: 1, max: 5_000_000 }),
  vatRatePercent: fc.constantFrom(20, 5, 0),
  charges: fc.array(chargeArb, { maxLength: 4 }),
})

function basketOf(input: ProductPriceInput, count: number): Basket {
  const price = productPrice(input)!
  // What the server's basket pricing puts in a line for this product (features/basket/price-basket.server.ts).
  const product = { productId: 1, name: 'Bike', sku: 'B', pricePence: price.totalPence, vatRatePercent: input.vatRatePercent, stockQuantity: count, slug: 'bike', charges: price.charges }
  return { items: [{ itemId: '1', product, count, updatedStock: 0, addedItemCount: 0 }], couponCode: null }
}

describe('every surface agrees to the penny (properties)', () => {
  it('headline = base + mandatory charges; the parts and their VAT add up', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const price = productPrice(input)!
        expect(price.totalPence).toBe(price.basePence + price.charges.reduce((s, c) => s + c.pence, 0))
        expect(headlinePricePence(input)).toBe(price.totalPence)
        expect(pricedVatLines(price, 1, 0).reduce((s, p) => s + p.grossPence, 0)).toBe(price.totalPence)
        const vatable = price.basePence + price.charges.filter((c) => c.vat === 'product-rate').reduce((s, c) => s + c.pence, 0)
        expect(price.vatPence).toBe(vatIncluded(vatable, input.vatRatePercent))
        for (const c of price.charges) expect(c.pence).toBeGreaterThan(0)
      }),
    )
  })

  it('the basket, checkout, payment and stored order total = the headline price × count, with the same VAT', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 3 }), (input, count) => {
        const price = productPrice(input)!
        const totals = basketTotals(basketOf(input, count))
        expect(totals.subtotalPence).toBe(price.totalPence * count)
        expect(totals.totalPence).toBe(price.totalPence * count)
        expect(totals.vatPence).toBe(pricedVatPence(price, count, 0))
        if (count === 1) expect(totals.vatPence).toBe(price.vatPence)
      }),
    )
  })

  it('the finance cash price, the product page’s finance figure and the reservation’s price = the headline price', () => {
    fc.assert(
      fc.property(inputArb.filter((i) => i.basePricePence > 0), fc.integer({ min: 0, max: 100_000 }), (input, depositPence) => {
        const price = productPrice(input)!
        // The stored extra fee is one charge (chargesFromExtraFee); finance adds it through the same function.
        const fee = price.charges.reduce((s, c) => s + c.pence, 0)
        expect(financePricePence(price.basePence, fee)).toBe(price.totalPence)
        expect(productMonthlyEstimate({ kind: 'motorcycle', financeable: true, pricePence: price.basePence, extraFeePence: fee })?.financePricePence ?? price.totalPence).toBe(price.totalPence)
        // "Left to pay" on the reservation is what completing it by card stores as the order total.
        const cardTotal = basketTotals(basketOf(input, 1)).totalPence
        expect(leftToPayPence(price.totalPence, depositPence)).toBe(cardTotal - depositDeduction(cardTotal, depositPence))
      }),
    )
  })

  it('the breakdown sentence names every charge’s amount', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const price = productPrice(input)!
        const text = includedChargesText(price)
        if (price.charges.length === 0) expect(text).toBeNull()
        for (const c of price.charges) expect(text).toContain(formatPence(c.pence))
      }),
    )
  })

  it('a discount never raises VAT, and VAT is never more than what is paid', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 20_000_000 }), (input, count, discount) => {
        const price = productPrice(input)!
        const paid = Math.max(0, price.totalPence * count - discount)
        const vat = pricedVatPence(price, count, discount)
        expect(vat).toBeLessThanOrEqual(pricedVatPence(price, count, 0))
        expect(vat).toBeLessThanOrEqual(paid)
        expect(vat).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})
