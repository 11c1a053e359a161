// Checks every finance transition of spec §4, the error states of §8 and the storage round trip.
import { describe, expect, it } from 'vitest'
import { FINANCE_STATE_VERSION, restoreFinanceState, serialiseFinanceState } from './finance-state-storage'
import {
  financeReducer,
  INITIAL_FINANCE_STATE,
  type FinanceAction,
  type FinanceProductSnapshot,
  type FinanceState,
} from './finance-state'

const bike: FinanceProductSnapshot = { productId: 101, slug: 'honda-cb500f', name: 'Honda CB500F', pricePence: 649_900 }
const bikeWithFee: FinanceProductSnapshot = { productId: 102, slug: 'yamaha-mt07', name: 'Yamaha MT-07', pricePence: 849_900, extraFeePence: 25_000 }
const helmet: FinanceProductSnapshot = { productId: 201, variantId: 2011, slug: 'shoei-nxr2', name: 'Shoei NXR2', pricePence: 49_999 }
const gloves: FinanceProductSnapshot = { productId: 'g-7', slug: 'alpinestars-gloves', name: 'Alpinestars gloves', pricePence: 8_999 }
const quote = { QuoteUID: 'q-1', ProductName: 'HP', Figures: { RegularPayment: 180.25 } }
const quoteWithAccessories = { QuoteUID: 'q-2', ProductName: 'HP with VAPs' }

function run(...actions: FinanceAction[]): FinanceState {
  return actions.reduce(financeReducer, INITIAL_FINANCE_STATE)
}

/** A state with everything filled and every flag raised, to see what each transition clears. */
function busyState(): FinanceState {
  return {
    ...run(
      { type: 'productSet', product: bike, quote },
      { type: 'emailSet', email: 'rider@example.com' },
      { type: 'phoneSet', phone: '07700 900123' },
      { type: 'accessoryAdded', product: helmet, variantId: 2011 },
      { type: 'accessoriesReceived', accessories: [helmet, gloves] },
      { type: 'quoteWithAccessoriesReceived', quote: quoteWithAccessories },
    ),
    isProcessing: true,
    isError: true,
    isSuccess: true,
    isFetchingAccessories: true,
    isAccessoriesError: true,
    isFetchingQuoteWithAccessories: true,
    isQuoteWithAccessoriesError: true,
  }
}

describe('initial state', () => {
  it('starts empty with the spec §9 widget term and mileage', () => {
    expect(INITIAL_FINANCE_STATE).toMatchObject({
      product: null,
      quote: null,
      accessories: {},
      queryAnnualDistance: 3000,
      queryTermInMonths: 36,
      queryCashDeposit: 0,
      email: '',
      phone: '',
      productAccessories: [],
      quoteWithAccessories: null,
    })
  })
})

describe('productSet', () => {
  it('stores the product and quote and opens with the default terms for the finance price', () => {
    const state = run({ type: 'productSet', product: bike, quote })
    expect(state.product).toBe(bike)
    expect(state.quote).toBe(quote)
    // £6,499 → 10% £649.90 → up to the next £100: £700.
    expect(state).toMatchObject({ queryTermInMonths: 36, queryAnnualDistance: 3000, queryCashDeposit: 70_000 })
  })

  it('works the default deposit from price plus extra fee', () => {
    // £8,499 + £250 = £8,749 → £874.90 → £900.
    expect(run({ type: 'productSet', product: bikeWithFee }).queryCashDeposit).toBe(90_000)
  })

  it('takes terms given by the product page, and defaults for any missing or unusable', () => {
    const state = run({ type: 'productSet', product: bike, terms: { termInMonths: 48, cashDepositPence: 0, annualDistance: -5 } })
    expect(state).toMatchObject({ queryTermInMonths: 48, queryCashDeposit: 0, queryAnnualDistance: 3000 })
  })

  it('has no quote when none is given', () => {
    expect(run({ type: 'productSet', product: bike }).quote).toBeNull()
  })

  it('resets email, phone, quote with accessories and the order flags', () => {
    const state = financeReducer(busyState(), { type: 'productSet', product: bikeWithFee, quote: null })
    expect(state).toMatchObject({
      product: bikeWithFee,
      quote: null,
      email: '',
      phone: '',
      quoteWithAccessories: null,
      isFetchingQuoteWithAccessories: false,
      isQuoteWithAccessoriesError: false,
      isProcessing: false,
      isError: false,
      isSuccess: false,
    })
  })

  it('leaves what the spec does not name: chosen accessories and the accessories fetch', () => {
    const before = busyState()
    const state = financeReducer(before, { type: 'productSet', product: bikeWithFee })
    expect(state.accessories).toBe(before.accessories)
    expect(state.productAccessories).toBe(before.productAccessories)
    expect(state.isFetchingAccessories).toBe(true)
    expect(state.isAccessoriesError).toBe(true)
  })
})

describe('quoteSet', () => {
  it('replaces or clears the quote', () => {
    const state = run({ type: 'productSet', product: bike }, { type: 'quoteSet', quote })
    expect(state.quote).toBe(quote)
    expect(financeReducer(state, { type: 'quoteSet', quote: null }).quote).toBeNull()
  })
})

describe('term, deposit and mileage setters', () => {
  it('store whole values', () => {
    const state = run(
      { type: 'productSet', product: bike },
      { type: 'termSet', termInMonths: 60 },
      { type: 'cashDepositSet', cashDepositPence: 150_000 },
      { type: 'annualDistanceSet', annualDistance: 8000 },
    )
    expect(state).toMatchObject({ queryTermInMonths: 60, queryCashDeposit: 150_000, queryAnnualDistance: 8000 })
  })

  it('accept a zero deposit and zero mileage', () => {
    const state = run({ type: 'cashDepositSet', cashDepositPence: 0 }, { type: 'annualDistanceSet', annualDistance: 0 })
    expect(state).toMatchObject({ queryCashDeposit: 0, queryAnnualDistance: 0 })
  })

  it('ignore values no form should send', () => {
    const start = busyState()
    for (const action of [
      { type: 'termSet', termInMonths: 0 },
      { type: 'termSet', termInMonths: 36.5 },
      { type: 'termSet', termInMonths: Number.NaN },
      { type: 'cashDepositSet', cashDepositPence: -1 },
      { type: 'cashDepositSet', cashDepositPence: 100.5 },
      { type: 'annualDistanceSet', annualDistance: -3000 },
      { type: 'annualDistanceSet', annualDistance: Number.POSITIVE_INFINITY },
    ] satisfies FinanceAction[]) {
      expect(financeReducer(start, action)).toBe(start)
    }
  })

  it('drop a quote with accessories that priced the old terms', () => {
    for (const action of [
      { type: 'termSet', termInMonths: 48 },
      { type: 'cashDepositSet', cashDepositPence: 100_000 },
      { type: 'annualDistanceSet', annualDistance: 6000 },
    ] satisfies FinanceAction[]) {
      const state = financeReducer(busyState(), action)
      expect(state.quoteWithAccessories).toBeNull()
      expect(state.isQuoteWithAccessoriesError).toBe(false)
    }
  })
})

describe('email and phone', () => {
  it('are stored as entered', () => {
    const state = run({ type: 'emailSet', email: 'a@b.co' }, { type: 'phoneSet', phone: '+44 7700 900123' })
    expect(state).toMatchObject({ email: 'a@b.co', phone: '+44 7700 900123' })
  })
})

describe('accessories', () => {
  it('adds keyed by product id, with the chosen variant or none', () => {
    const state = run({ type: 'accessoryAdded', product: helmet, variantId: 2011 }, { type: 'accessoryAdded', product: gloves })
    expect(state.accessories).toEqual({
      '201': { product: helmet, variantId: 2011 },
      'g-7': { product: gloves, variantId: null },
    })
  })

  it('keeps one entry per product, the latest variant winning', () => {
    const state = run({ type: 'accessoryAdded', product: helmet, variantId: 2011 }, { type: 'accessoryAdded', product: helmet, variantId: 2012 })
    expect(Object.keys(state.accessories)).toEqual(['201'])
    expect(state.accessories['201']?.variantId).toBe(2012)
  })

  it('removes by product id, whether given as number or string', () => {
    const added = run({ type: 'accessoryAdded', product: helmet }, { type: 'accessoryAdded', product: gloves })
    expect(Object.keys(financeReducer(added, { type: 'accessoryRemoved', productId: 201 }).accessories)).toEqual(['g-7'])
    expect(Object.keys(financeReducer(added, { type: 'accessoryRemoved', productId: '201' }).accessories)).toEqual(['g-7'])
  })

  it('leaves the state alone when removing one not chosen', () => {
    const start = busyState()
    expect(financeReducer(start, { type: 'accessoryRemoved', productId: 999 })).toBe(start)
  })

  it('drops a quote with accessories that priced the old set', () => {
    expect(financeReducer(busyState(), { type: 'accessoryAdded', product: gloves }).quoteWithAccessories).toBeNull()
    expect(financeReducer(busyState(), { type: 'accessoryRemoved', productId: 201 }).quoteWithAccessories).toBeNull()
  })

  it('does not change the state it was given', () => {
    const start = run({ type: 'accessoryAdded', product: helmet })
    const snapshot = structuredClone(start)
    financeReducer(start, { type: 'accessoryAdded', product: gloves })
    financeReducer(start, { type: 'accessoryRemoved', productId: 201 })
    expect(start).toEqual(snapshot)
  })
})

describe('accessories fetch', () => {
  it('requesting raises the fetching flag and clears an earlier failure', () => {
    const state = financeReducer({ ...INITIAL_FINANCE_STATE, isAccessoriesError: true }, { type: 'accessoriesRequested' })
    expect(state).toMatchObject({ isFetchingAccessories: true, isAccessoriesError: false })
  })

  it('success stores the list', () => {
    const state = run({ type: 'accessoriesRequested' }, { type: 'accessoriesReceived', accessories: [helmet, gloves] })
    expect(state).toMatchObject({ isFetchingAccessories: false, isAccessoriesError: false, productAccessories: [helmet, gloves] })
  })

  it('failure sets its failure state and empties the list (spec §8)', () => {
    const state = run(
      { type: 'accessoriesReceived', accessories: [helmet] },
      { type: 'accessoriesRequested' },
      { type: 'accessoriesFailed' },
    )
    expect(state).toMatchObject({ isFetchingAccessories: false, isAccessoriesError: true, productAccessories: [] })
  })
})

describe('quote with accessories', () => {
  it('requesting raises its flag and drops the previous quote and failure', () => {
    const state = financeReducer(busyState(), { type: 'quoteWithAccessoriesRequested' })
    expect(state).toMatchObject({ isFetchingQuoteWithAccessories: true, isQuoteWithAccessoriesError: false, quoteWithAccessories: null })
  })

  it('success stores the quote', () => {
    const state = run({ type: 'quoteWithAccessoriesRequested' }, { type: 'quoteWithAccessoriesReceived', quote: quoteWithAccessories })
    expect(state).toMatchObject({ isFetchingQuoteWithAccessories: false, isQuoteWithAccessoriesError: false })
    expect(state.quoteWithAccessories).toBe(quoteWithAccessories)
  })

  it('failure sets the quote failure state (spec §8) and keeps the order flags alone', () => {
    const state = run({ type: 'quoteWithAccessoriesRequested' }, { type: 'quoteWithAccessoriesFailed' })
    expect(state).toMatchObject({ isFetchingQuoteWithAccessories: false, isQuoteWithAccessoriesError: true, quoteWithAccessories: null, isError: false })
  })
})

describe('order creation', () => {
  it('processing raises isProcessing and clears an earlier outcome', () => {
    const state = financeReducer({ ...INITIAL_FINANCE_STATE, isError: true, isSuccess: true }, { type: 'orderRequested' })
    expect(state).toMatchObject({ isProcessing: true, isError: false, isSuccess: false })
  })

  it('success', () => {
    expect(run({ type: 'orderRequested' }, { type: 'orderSucceeded' })).toMatchObject({ isProcessing: false, isError: false, isSuccess: true })
  })

  it('failure sets the finance error flag (spec §8)', () => {
    expect(run({ type: 'orderRequested' }, { type: 'orderFailed' })).toMatchObject({ isProcessing: false, isError: true, isSuccess: false })
  })

  it('finishing the process clears the order flags and keeps the rest', () => {
    const before = busyState()
    const state = financeReducer(before, { type: 'processFinished' })
    expect(state).toEqual({ ...before, isProcessing: false, isError: false, isSuccess: false })
  })
})

describe('reset', () => {
  it('clears everything', () => {
    expect(financeReducer(busyState(), { type: 'reset' })).toEqual(INITIAL_FINANCE_STATE)
  })
})

describe('persistence', () => {
  it('survives a reload, requests in flight coming back as not running', () => {
    const before = busyState()
    const restored = restoreFinanceState(serialiseFinanceState(before))
    expect(restored).toEqual({ ...before, isProcessing: false, isFetchingAccessories: false, isFetchingQuoteWithAccessories: false })
  })

  it('keeps every field of the adapter quote, not only QuoteUID', () => {
    const restored = restoreFinanceState(serialiseFinanceState(run({ type: 'productSet', product: bike, quote })))
    expect(restored.quote).toEqual(quote)
  })

  it('round-trips the initial state and accepts already-parsed JSON', () => {
    expect(restoreFinanceState(serialiseFinanceState(INITIAL_FINANCE_STATE))).toEqual(INITIAL_FINANCE_STATE)
    const parsed: unknown = JSON.parse(serialiseFinanceState(busyState()))
    expect(restoreFinanceState(parsed).email).toBe('rider@example.com')
  })

  it('does not store the in-flight flags', () => {
    const stored = JSON.parse(serialiseFinanceState(busyState())) as { version: number; state: Record<string, unknown> }
    expect(stored.version).toBe(FINANCE_STATE_VERSION)
    expect(stored.state).not.toHaveProperty('isProcessing')
    expect(stored.state).not.toHaveProperty('isFetchingAccessories')
    expect(stored.state).not.toHaveProperty('isFetchingQuoteWithAccessories')
  })

  it('fills missing fields of a partial state with their initial values', () => {
    const restored = restoreFinanceState({ version: FINANCE_STATE_VERSION, state: { product: bike, email: 'a@b.co', queryTermInMonths: 48 } })
    expect(restored).toEqual({ ...INITIAL_FINANCE_STATE, product: bike, email: 'a@b.co', queryTermInMonths: 48 })
  })

  it('loses only the fields that are bad', () => {
    const restored = restoreFinanceState({
      version: FINANCE_STATE_VERSION,
      state: {
        product: bike,
        quote: { QuoteUID: 42 },
        queryTermInMonths: -3,
        queryCashDeposit: 12.5,
        queryAnnualDistance: '3000',
        email: 7,
        phone: '0123',
        isSuccess: 'yes',
        isError: true,
        isProcessing: true,
        isFetchingAccessories: true,
      },
    })
    expect(restored).toEqual({ ...INITIAL_FINANCE_STATE, product: bike, phone: '0123', isError: true })
  })

  it('drops bad accessories one by one and rekeys the good ones by their product', () => {
    const restored = restoreFinanceState({
      version: FINANCE_STATE_VERSION,
      state: {
        product: bike,
        accessories: {
          wrong: { product: helmet, variantId: 2011 },
          'g-7': { product: { ...gloves, pricePence: -1 }, variantId: null },
          x: 'nonsense',
        },
        productAccessories: [helmet, { name: 'no id' }, gloves, null],
      },
    })
    expect(restored.accessories).toEqual({ '201': { product: helmet, variantId: 2011 } })
    expect(restored.productAccessories).toEqual([helmet, gloves])
  })

  it('drops quotes stored without a product', () => {
    const restored = restoreFinanceState({ version: FINANCE_STATE_VERSION, state: { product: null, quote, quoteWithAccessories } })
    expect(restored.quote).toBeNull()
    expect(restored.quoteWithAccessories).toBeNull()
  })

  it('falls back to the initial state on garbage and never throws', () => {
    for (const garbage of [
      undefined,
      null,
      42,
      true,
      '',
      '{not json',
      'null',
      '"a string"',
      '[1,2,3]',
      [],
      {},
      { state: {} },
      { version: 99, state: { email: 'a@b.co' } },
      { version: FINANCE_STATE_VERSION, state: 'nope' },
      { version: FINANCE_STATE_VERSION, state: [1, 2] },
      JSON.stringify({ version: FINANCE_STATE_VERSION }),
    ]) {
      expect(restoreFinanceState(garbage)).toEqual(INITIAL_FINANCE_STATE)
    }
  })

  it('ignores fields it does not know', () => {
    const restored = restoreFinanceState({ version: FINANCE_STATE_VERSION, state: { email: 'a@b.co', __proto__x: 1, admin: true } })
    expect(restored).toEqual({ ...INITIAL_FINANCE_STATE, email: 'a@b.co' })
  })
})
