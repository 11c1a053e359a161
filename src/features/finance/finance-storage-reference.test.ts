// The finance steps' storage codecs were zod schemas; they are plain checks now, so that the steps do not load zod
// (state/finance-state-storage.ts, finance-storage.ts). The zod schemas they replace are kept here, unchanged, as
// the reference: both must give the same answer at every edge of every rule, on random mixes of those edges, and on
// arbitrary JSON.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from '../../lib/zod'
import { accessoryKey, INITIAL_FINANCE_STATE, type FinanceAccessory, type FinanceState } from './state/finance-state'
import { FINANCE_STATE_VERSION, restoreFinanceState } from './state/finance-state-storage'
import { contactFromStore, reservationFromStore } from './finance-storage'
import { EMPTY_CONTACT, type FinanceContact } from './finance-contact'
import { looksLikeReservationToken, type FinanceReservation } from './finance-reservation'

// ---- the reference: the zod code as it was (commit 1fe14e7) ----
const idSchema = z.union([z.string().min(1).max(100), z.number().int().nonnegative()])
const penceSchema = z.number().int().nonnegative()
const productSchema = z.object({
  productId: idSchema,
  variantId: idSchema.optional(),
  slug: z.string().max(300),
  name: z.string().max(300),
  pricePence: penceSchema,
  extraFeePence: penceSchema.optional(),
})
const accessorySchema = z.object({ product: productSchema, variantId: idSchema.nullable().catch(null) })
const quoteSchema = z.looseObject({ QuoteUID: z.string().min(1).max(200) })
const storedStateSchema = z.object({
  product: productSchema.nullable().catch(null),
  quote: quoteSchema.nullable().catch(null),
  accessories: z.record(z.string(), z.unknown()).catch({}),
  queryAnnualDistance: z.number().int().nonnegative().catch(INITIAL_FINANCE_STATE.queryAnnualDistance),
  queryCashDeposit: penceSchema.catch(INITIAL_FINANCE_STATE.queryCashDeposit),
  queryTermInMonths: z.number().int().positive().catch(INITIAL_FINANCE_STATE.queryTermInMonths),
  email: z.string().max(320).catch(''),
  phone: z.string().max(50).catch(''),
  isError: z.boolean().catch(false),
  isSuccess: z.boolean().catch(false),
  isAccessoriesError: z.boolean().catch(false),
  productAccessories: z.array(z.unknown()).max(500).catch([]),
  quoteWithAccessories: quoteSchema.nullable().catch(null),
  isQuoteWithAccessoriesError: z.boolean().catch(false),
})
const envelopeSchema = z.object({ version: z.literal(FINANCE_STATE_VERSION), state: z.record(z.string(), z.unknown()) })

function referenceRestore(value: unknown): FinanceState {
  const envelope = envelopeSchema.safeParse(value)
  if (!envelope.success) return INITIAL_FINANCE_STATE
  const parsed = storedStateSchema.safeParse(envelope.data.state)
  if (!parsed.success) return INITIAL_FINANCE_STATE
  const stored = parsed.data
  const accessories: Record<string, FinanceAccessory> = {}
  for (const entry of Object.values(stored.accessories)) {
    const result = accessorySchema.safeParse(entry)
    if (result.success) accessories[accessoryKey(result.data.product.productId)] = result.data
  }
  const productAccessories = stored.productAccessories.flatMap((entry) => {
    const result = productSchema.safeParse(entry)
    return result.success ? [result.data] : []
  })
  const hasProduct = stored.product !== null
  return { ...INITIAL_FINANCE_STATE, ...stored, quote: hasProduct ? stored.quote : null, quoteWithAccessories: hasProduct ? stored.quoteWithAccessories : null, accessories, productAccessories }
}

const contactSchema = z.object({
  firstName: z.string().max(80).catch(''),
  lastName: z.string().max(80).catch(''),
  address1: z.string().max(120).catch(''),
  address2: z.string().max(120).catch(''),
  city: z.string().max(80).catch(''),
  postcode: z.string().max(10).catch(''),
  shippingMethod: z.enum(['free', 'dealer_delivery']).catch('free'),
})
const pence = z.number().int().nonnegative().max(100_000_000)
const figuresSchema = z
  .object({ reservationNumber: z.string().max(40), depositPaidPence: pence, depositPence: pence, depositToPayPence: pence })
  .refine((f) => f.depositToPayPence === f.depositPence - f.depositPaidPence)
const reservationSchema = z.object({
  token: z.string().refine(looksLikeReservationToken),
  productId: z.number().int().positive(),
  figures: figuresSchema.nullable().catch(null),
})
function referenceContact(value: unknown): FinanceContact {
  const parsed = contactSchema.safeParse(value ?? {})
  return parsed.success ? parsed.data : EMPTY_CONTACT
}
function referenceReservation(value: unknown): FinanceReservation | null {
  const parsed = reservationSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
// ---- end of the reference ----

const store = (slice: string, value: unknown) => JSON.stringify({ [slice]: value })
/** Both answers, compared as the stored JSON they become (key order aside) and as values. */
function same(actual: unknown, expected: unknown, input: unknown) {
  expect(actual, JSON.stringify(input)).toEqual(expected)
}

const TOKEN = 'MTIuLm1hbmFnZS4xNzk5OTk5OTk5.c2lnbmF0dXJlLW9mLTQzLWNoYXJhY3RlcnMtYWJjZGVmZ2hpag'
const text = (n: number) => 'x'.repeat(n)
const product = { productId: 7, variantId: 'v-1', slug: 'used-bike', name: 'Used bike', pricePence: 449500, extraFeePence: 25000 }
const quote = { QuoteUID: 'q-1', Figures: { MonthlyPayment: 99.5 }, Lender: 'Bank' }

// Each field's values at and just past the edges of its rule, and values of the wrong kind.
const WRONG = [null, true, 'text', [], {}, 1.5, -1]
const ID_EDGES = [0, 1, -1, 2 ** 53 - 1, 2 ** 53, 1.5, '', 'a', text(100), text(101), null, [], {}]
const productEdges: Record<string, unknown[]> = {
  productId: [...ID_EDGES, undefined],
  variantId: [...ID_EDGES, undefined],
  slug: ['', text(300), text(301), 5, null, undefined],
  name: ['', text(300), text(301), 5, null, undefined],
  pricePence: [0, 1, -1, 1.5, 2 ** 53, '100', null, undefined],
  extraFeePence: [0, -1, 1.5, '1', null, undefined],
}
const stateEdges: Record<string, unknown[]> = {
  product: [product, null, ...WRONG, { ...product, slug: text(301) }, { ...product, variantId: undefined, extraFeePence: undefined }],
  quote: [quote, null, { QuoteUID: '' }, { QuoteUID: text(200) }, { QuoteUID: text(201) }, { QuoteUID: 5 }, ...WRONG],
  accessories: [{}, { a: { product, variantId: 3 } }, { x: { product, variantId: -1 } }, { y: { product: { ...product, productId: 'p-9' } } }, { z: 'junk' }, [], [{ product, variantId: null }], null, 'x'],
  queryAnnualDistance: [0, 1, -1, 1.5, 3000, '3000', null, undefined],
  queryCashDeposit: [0, 1, -1, 1.5, 2 ** 53, null, undefined],
  queryTermInMonths: [0, 1, -1, 48, 1.5, null, undefined],
  email: ['', text(320), text(321), 5, null, undefined],
  phone: ['', text(50), text(51), 5, null, undefined],
  isError: [true, false, 'true', 1, null, undefined],
  isSuccess: [true, false, 0, undefined],
  isAccessoriesError: [true, false, 'x', undefined],
  productAccessories: [[], [product], [product, 'junk', { ...product, pricePence: -1 }], Array(500).fill(product), Array(501).fill(product), {}, null, 'x'],
  quoteWithAccessories: [quote, null, { QuoteUID: '' }, ...WRONG],
  isQuoteWithAccessoriesError: [true, false, null, undefined],
}
const contactEdges: Record<string, unknown[]> = {
  firstName: ['', 'Ada', text(80), text(81), 5, null, undefined],
  lastName: ['', text(80), text(81), [], undefined],
  address1: ['', text(120), text(121), {}, undefined],
  address2: ['', text(120), text(121), false, undefined],
  city: ['', text(80), text(81), 1, undefined],
  postcode: ['', 'SW1A 1AA', text(10), text(11), null, undefined],
  shippingMethod: ['free', 'dealer_delivery', 'rocket', '', 5, null, undefined],
}
const figures = { reservationNumber: 'RS-0001', depositPaidPence: 9900, depositPence: 50000, depositToPayPence: 40100 }
const reservationEdges: Record<string, unknown[]> = {
  token: [TOKEN, 'a.b', 'a', 'a.b.c', `${text(150)}.${text(149)}`, `${text(150)}.${text(150)}`, 'a b.c', 5, null, undefined],
  productId: [1, 0, -1, 1.5, 2 ** 53, '7', null, undefined],
  figures: [
    figures,
    null,
    undefined,
    { ...figures, depositToPayPence: 40101 },
    { ...figures, reservationNumber: text(40) },
    { ...figures, reservationNumber: text(41) },
    { ...figures, depositPence: 100_000_000, depositPaidPence: 0, depositToPayPence: 100_000_000 },
    { ...figures, depositPence: 100_000_001, depositPaidPence: 1, depositToPayPence: 100_000_000 },
    { ...figures, depositPaidPence: -1, depositToPayPence: 50001 },
    { ...figures, depositPaidPence: 9900.5, depositToPayPence: 40099.5 },
    { ...figures, extra: 1 },
    ...WRONG,
  ],
}

/** A JSON value as storage would hold it: `undefined` means the key is absent. */
function withChange(base: Record<string, unknown>, field: string, value: unknown) {
  const copy: Record<string, unknown> = { ...base }
  if (value === undefined) delete copy[field]
  else copy[field] = value
  return JSON.parse(JSON.stringify(copy)) as Record<string, unknown>
}

const fullState = { product, quote, accessories: { '7': { product, variantId: 3 } }, queryAnnualDistance: 6000, queryCashDeposit: 50000, queryTermInMonths: 36, email: 'a@b.test', phone: '07700 900000', isError: false, isSuccess: false, isAccessoriesError: false, productAccessories: [product], quoteWithAccessories: quote, isQuoteWithAccessoriesError: false }
const contact = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Road', address2: '', city: 'Leeds', postcode: 'LS1 1AA', shippingMethod: 'dealer_delivery' }
const reservation = { token: TOKEN, productId: 7, figures }

function checkState(state: unknown) {
  const envelope = { version: FINANCE_STATE_VERSION, state }
  same(restoreFinanceState(envelope), referenceRestore(envelope), envelope)
  same(restoreFinanceState(JSON.stringify(envelope)), referenceRestore(envelope), envelope)
}
function checkContact(value: unknown) {
  same(contactFromStore(store('financeContact', value)), referenceContact(value), value)
}
function checkReservation(value: unknown) {
  same(reservationFromStore(store('financeReservation', value)), referenceReservation(value), value)
}

describe('the finance storage codecs agree with the zod schemas they replace', () => {
  it('at every edge of every field', () => {
    for (const [field, values] of Object.entries(stateEdges)) for (const value of values) checkState(withChange(fullState, field, value))
    for (const [field, values] of Object.entries(productEdges)) for (const value of values) checkState(withChange(fullState, 'product', withChange(product, field, value)))
    for (const [field, values] of Object.entries(productEdges)) for (const value of values) checkState(withChange(fullState, 'productAccessories', [withChange(product, field, value)]))
    for (const [field, values] of Object.entries(contactEdges)) for (const value of values) checkContact(withChange(contact, field, value))
    for (const [field, values] of Object.entries(reservationEdges)) for (const value of values) checkReservation(withChange(reservation, field, value))
  })

  it('on the envelope itself', () => {
    for (const envelope of [null, 'x', [], {}, { version: 2, state: fullState }, { version: '1', state: fullState }, { version: 1 }, { version: 1, state: [] }, { version: 1, state: null }, { version: 1, state: {} }]) {
      same(restoreFinanceState(envelope), referenceRestore(envelope), envelope)
    }
  })

  it('on random mixes of those edges', () => {
    const mix = (edges: Record<string, unknown[]>) => fc.record(Object.fromEntries(Object.entries(edges).map(([field, values]) => [field, fc.constantFrom(...values)])), { requiredKeys: [] })
    fc.assert(fc.property(mix(stateEdges), (state) => checkState(JSON.parse(JSON.stringify(state)))), { numRuns: 1000 })
    fc.assert(fc.property(mix(productEdges), (p) => checkState({ ...fullState, product: JSON.parse(JSON.stringify(p)) })), { numRuns: 500 })
    fc.assert(fc.property(mix(contactEdges), (c) => checkContact(JSON.parse(JSON.stringify(c)))), { numRuns: 500 })
    fc.assert(fc.property(mix(reservationEdges), (r) => checkReservation(JSON.parse(JSON.stringify(r)))), { numRuns: 500 })
    // 2,500 runs of two codecs each: about a second on a quiet machine, several on a busy one; the default 5 s is a
    // deadline for a stuck test, not for this much work.
  }, 60_000)

  it('on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      checkState(value)
      checkContact(value)
      checkReservation(value)
      same(restoreFinanceState(value), referenceRestore(value), value)
    }), { numRuns: 1000 })
  }, 60_000)
})
