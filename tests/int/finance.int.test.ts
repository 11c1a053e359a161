// Contract tests of the finance HTTP endpoints on a real database: the built-in iVendi provider, the storefront's
// quote call (with spec §5's validation messages), related products, and the two basic-auth finance order calls.
import { describe, expect, it } from 'vitest'
import { financeQuotesForProduct } from '../../src/features/finance/finance-client'
import { ivendiExampleRequest } from '../fixtures/ivendi-reference-examples'
import type { IvendiQuoteResponse } from '../../src/adapters/finance/ivendi/types'
import { createFinanceOrder, type PlaceOrderFn } from '../../src/features/finance/api/finance-order'
import { handleFinanceOrder, handleOrderReference } from '../../src/features/finance/api/order-handlers'
import { handleProviderQuotes } from '../../src/features/finance/api/provider-quotes'
import { handleRelatedProducts } from '../../src/features/finance/api/related-products'
import { execute } from '../../src/cms/sql.server'
import { handleShopFinanceOrder } from '../../src/features/finance/api/shop-orders.server'
import { handleShopQuotes } from '../../src/features/finance/api/shop-quotes.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { payload, withDemoShop } from './payload'

const credentials = { username: 'storefront-int', password: 'int-finance-service-password-0123456789' }
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })

async function productId(slug: string): Promise<number> {
  const found = await payload.find({ collection: 'products', where: { slug: { equals: slug } }, limit: 1, depth: 0, overrideAccess: true })
  const id = found.docs[0]?.id
  if (!id) throw new Error(`no product ${slug}`)
  return id
}

withDemoShop()

/** iVendi's own example request for a two-year-old bike (its 2017 car is too old for our demo panel). */
function motorbikeRequest() {
  const request = structuredClone(ivendiExampleRequest) as unknown as { QuoteRequests: { GlobalRequestParameters: { Term: number }; Requests: { Asset: Record<string, unknown> }[] }[] }
  const registered = new Date(Date.now() - 2 * 365 * 86_400_000)
  const dd = (n: number) => String(n).padStart(2, '0')
  Object.assign(request.QuoteRequests[0]!.Requests[0]!.Asset, { Class: 'Motorbike', Condition: 'Used', RegistrationDate: `${dd(registered.getUTCDate())}/${dd(registered.getUTCMonth() + 1)}/${registered.getUTCFullYear()}` })
  request.QuoteRequests[0]!.GlobalRequestParameters.Term = 37
  return request
}

describe('POST /api/finance-provider/quotes (built-in iVendi provider)', () => {
  it('answers an iVendi request with the iVendi response tree: HP and PCP groups, figures where lenders can lend, errors where not', async () => {
    const response = await handleProviderQuotes(post('/api/finance-provider/quotes', motorbikeRequest()), payload, { expectedUsername: null })
    expect(response.status).toBe(200)
    const body = (await response.json()) as IvendiQuoteResponse
    expect(body).toMatchObject({ hasQuoteResults: true, hasErrors: false, Errors: null })
    const result = body.QuoteResults![0]!.Results![0]!
    expect(result).toMatchObject({ hasProductGroup: true, hasErrors: false })
    expect(result.ProductGroups!.map((g) => g.FacilityType)).toEqual(['HP', 'PCP'])
    const quotes = result.ProductGroups!.flatMap((g) => g.ProductQuotes ?? [])
    // Three demo lenders: HMF (HP, PCP), PBC (HP), CGF (HP, PCP).
    expect(quotes.map((q) => q.FunderCode).sort()).toEqual(['CGF', 'CGF', 'HMF', 'HMF', 'PBC'])
    for (const quote of quotes) {
      if (quote.hasErrors) {
        expect(quote.Figures).toBeNull()
        expect(quote.Errors?.PublicErrors?.length).toBeGreaterThan(0)
      } else {
        expect(quote.Errors).toBeNull()
        const f = quote.Figures!
        expect(Math.round((f.TotalDeposit + f.PaymentSchedules.reduce((s, r) => s + r.Amount * r.Number, 0)) * 100)).toBe(Math.round(f.TotalPayable * 100))
        expect(typeof quote.QuoteUID).toBe('string')
      }
    }
    expect(quotes.some((q) => !q.hasErrors)).toBe(true)
  })

  it('refuses malformed requests with 400 and iVendi-style errors', async () => {
    const notJson = await handleProviderQuotes(post('/api/finance-provider/quotes', '{"QuoteRequests": ['), payload, { expectedUsername: null })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ hasQuoteResults: false, QuoteResults: null, hasErrors: true, Errors: { hasPublicErrors: true, PublicErrors: [{ Message: 'The request body is not valid JSON.' }] } })

    const request = motorbikeRequest() as unknown as { QuoteRequests: { Requests: { Figures: Record<string, unknown> }[] }[] }
    request.QuoteRequests[0]!.Requests[0]!.Figures.CashPrice = -5
    const bad = await handleProviderQuotes(post('/api/finance-provider/quotes', request), payload, { expectedUsername: null })
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as IvendiQuoteResponse
    expect(body.Errors?.PublicErrors?.[0]?.Message).toMatch(/^QuoteRequests\.0\.Requests\.0\.Figures\.CashPrice: /)
  })

  it('checks Credentials.Username against IVENDI_USERNAME when it is set', async () => {
    const refused = await handleProviderQuotes(post('/api/finance-provider/quotes', motorbikeRequest()), payload, { expectedUsername: 'dealer-account' })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ hasErrors: true, Errors: { PublicErrors: [{ Message: 'The credentials are not recognised' }] } })
    const request = motorbikeRequest() as unknown as { Credentials: { Username: string } }
    request.Credentials.Username = 'dealer-account'
    expect((await handleProviderQuotes(post('/api/finance-provider/quotes', request), payload, { expectedUsername: 'dealer-account' })).status).toBe(200)
  })
})

describe('POST /api/finance/quotes (the storefront’s quote call)', () => {
  it('quotes a used bike, cheapest first, and records every quote it offers', async () => {
    const id = await productId('used-honda-cb500f-2021')
    const response = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 50000, annualDistance: 3000 }), payload)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { quotes: { quoteUid: string; facilityType: string; example: { regularPaymentPence: number; cashPricePence: number } }[] }
    expect(body.quotes.length).toBeGreaterThan(0)
    const payments = body.quotes.map((q) => q.example.regularPaymentPence)
    expect(payments).toEqual([...payments].sort((a, b) => a - b))
    expect(body.quotes[0]!.example.cashPricePence).toBe(449500)
    for (const quote of body.quotes) {
      const recorded = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: quote.quoteUid } }, overrideAccess: true, depth: 0 })
      expect(recorded.docs[0]).toMatchObject({ product: id, facilityType: quote.facilityType, regularPaymentPence: quote.example.regularPaymentPence })
    }
  })

  it('refuses a sold bike at the first step with 409 and a sentence, and records no quote', async () => {
    const id = await productId('ktm-890-adventure-r')
    await payload.update({ collection: 'products', id, data: { stockQuantity: 0 }, overrideAccess: true })
    try {
      const before = await payload.count({ collection: 'finance-quotes', where: { product: { equals: id } }, overrideAccess: true })
      const response = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 150000, annualDistance: 3000 }), payload)
      expect(response.status).toBe(409)
      expect(((await response.json()) as { message: string }).message).toBe('Sorry, the KTM 890 Adventure R has sold, so it can no longer be bought on finance.')
      expect((await payload.count({ collection: 'finance-quotes', where: { product: { equals: id } }, overrideAccess: true })).totalDocs).toBe(before.totalDocs)
    } finally {
      await payload.update({ collection: 'products', id, data: { stockQuantity: 1 }, overrideAccess: true })
    }
    const back = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 150000, annualDistance: 3000 }), payload)
    expect(back.status).toBe(200)
  })

  it('finances accessories as value-added products: the price and the payment go up', async () => {
    const id = await productId('used-honda-cb500f-2021')
    const bike = await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })
    const lock = (bike.relatedProducts ?? [])[0] as number
    const terms = { productId: id, termMonths: 36, depositPence: 50000, annualDistance: 3000 }
    const plain = await financeQuotesForProduct(payload, terms)
    const withLock = await financeQuotesForProduct(payload, { ...terms, accessories: [{ productId: lock }] })
    if (!plain.ok || !withLock.ok) throw new Error('expected quotes')
    const a = plain.quotes.find((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')!
    const b = withLock.quotes.find((q) => q.funderCode === 'HMF' && q.facilityType === 'HP')!
    const lockDoc = await payload.findByID({ collection: 'products', id: lock, depth: 0, overrideAccess: true })
    expect(b.example.cashPricePence).toBe(a.example.cashPricePence + (lockDoc.price ?? 0))
    expect(b.example.regularPaymentPence).toBeGreaterThan(a.example.regularPaymentPence)
    const recorded = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: b.quoteUid } }, overrideAccess: true, depth: 0 })
    expect(recorded.docs[0]?.accessories).toEqual([{ productId: lock, variantId: null }])
  })

  it('answers spec §5’s messages for a bike with neither VRM nor CAP code', async () => {
    const category = (await payload.find({ collection: 'categories', where: { slug: { equals: 'naked' } }, limit: 1, overrideAccess: true })).docs[0]!.id
    const suffix = uniqueSuffix()
    const used = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Unidentified used ${suffix}`, category, pricePence: 300000, stock: 1, condition: 'used', vehicle: { financeable: true, vrm: 'AB23CDE', registrationDate: '2023-01-01', mileage: 1000 } }) })
    const fresh = await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Unidentified new ${suffix}`, category, pricePence: 300000, stock: 1, vehicle: { financeable: true, capCode: 'UNID000001' } }) })
    // The admin now refuses to save such a bike (catalogue.int.test.ts); one saved before that rule still gets
    // spec §5's answer from the quote call.
    await execute(payload, null, { sql: 'UPDATE products SET vehicle_vrm = NULL, vehicle_cap_code = NULL WHERE id IN (?, ?)', args: [used.id, fresh.id] })
    const ask = (id: number) => handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 30000, annualDistance: 3000 }), payload)
    const a = await ask(used.id)
    expect(a.status).toBe(422)
    expect(await a.json()).toEqual({ error: 'refused', message: 'neither vrm nor capCode can be null' })
    const b = await ask(fresh.id)
    expect(b.status).toBe(422)
    expect(await b.json()).toEqual({ error: 'refused', message: 'capCode cannot be null' })
  })

  it('refuses prices from the browser, unknown accessories and bad terms', async () => {
    const id = await productId('used-honda-cb500f-2021')
    const withPrice = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 0, annualDistance: 3000, cashPricePence: 1 }), payload)
    expect(withPrice.status).toBe(400)
    const negative = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: -1, annualDistance: 3000 }), payload)
    expect(negative.status).toBe(400)
    const notRelated = await handleShopQuotes(post('/api/finance/quotes', { productId: id, termMonths: 36, depositPence: 0, annualDistance: 3000, accessories: [{ productId: id }] }), payload)
    expect(notRelated.status).toBe(422)
    const huge = await handleShopQuotes(post('/api/finance/quotes', JSON.stringify({ productId: id, pad: 'x'.repeat(1_000_000) })), payload)
    expect(huge.status).toBe(413)
  })
})

describe('GET /api/v1/related-products', () => {
  it('answers the active products asked for, public fields only', async () => {
    const bike = await payload.findByID({ collection: 'products', id: await productId('used-honda-cb500f-2021'), depth: 0, overrideAccess: true })
    const ids = (bike.relatedProducts ?? []) as number[]
    const response = await handleRelatedProducts(new Request(`http://shop.test/api/v1/related-products?ids=${ids.join(',')}`), payload)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { products: Record<string, unknown>[] }
    expect(body.products.map((p) => p.id)).toEqual(ids)
    for (const p of body.products) {
      expect(Object.keys(p).sort()).toEqual(['id', 'image', 'name', 'nodeType', 'price', 'pricePence', 'sku', 'slug', 'stockQuantity', 'variants'])
      expect(p.price).toMatch(/^£/)
    }
  })

  it('leaves out products that are not on sale', async () => {
    const id = ((await payload.findByID({ collection: 'products', id: await productId('used-honda-cb500f-2021'), depth: 0, overrideAccess: true })).relatedProducts as number[])[0]!
    await payload.update({ collection: 'products', id, data: { status: 'draft' }, overrideAccess: true })
    try {
      const body = (await (await handleRelatedProducts(new Request(`http://shop.test/api/v1/related-products?ids=${id}`), payload)).json()) as { products: unknown[] }
      expect(body.products).toEqual([])
    } finally {
      await payload.update({ collection: 'products', id, data: { status: 'active' }, overrideAccess: true })
    }
  })

  it('refuses missing or malformed ids with 400', async () => {
    for (const query of ['', '?ids=', '?ids=abc', '?ids=1,,2', '?ids=-1', `?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`]) {
      const response = await handleRelatedProducts(new Request(`http://shop.test/api/v1/related-products${query}`), payload)
      expect(response.status, query).toBe(400)
      expect((await response.json()) as { error: string; message: string }, query).toMatchObject({ error: 'invalid_request', message: expect.stringMatching(/ids/) })
    }
  })
})

describe('POST /api/v1/ivendi-payments/order', () => {
  const unusedPlaceOrder: PlaceOrderFn = async () => {
    throw new Error('placeOrder must not be reached')
  }
  const orderBody = (quoteId: string, productId: number) => ({
    quoteId,
    email: 'rider@example.co.uk',
    phone: '07700 900123',
    firstName: 'Ada',
    lastName: 'Rider',
    shippingMethod: 'free',
    shippingAddress: { address1: '1 High Street', address2: '', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
    productId,
    variantId: null,
  })

  it('refuses a caller without the service credentials: 401 with WWW-Authenticate', async () => {
    for (const headers of [{}, { authorization: basic(credentials.username, 'wrong') }, { authorization: basic('someone', credentials.password) }, { authorization: 'Bearer x' }] as Record<string, string>[]) {
      const response = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', orderBody('q', 1), headers), payload, { placeOrder: unusedPlaceOrder, credentials })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
    }
  })

  it('refuses bad bodies with 400 naming the fields, and unknown quotes with 404', async () => {
    const auth = { authorization: basic(credentials.username, credentials.password) }
    const bad = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', { ...orderBody('q', 1), productId: 'one', price: 1 }, auth), payload, { placeOrder: unusedPlaceOrder, credentials })
    expect(bad.status).toBe(400)
    const badBody = (await bad.json()) as { error: string; issues: string[] }
    expect(badBody.error).toBe('invalid_request')
    const problems = badBody.issues.join(' ')
    expect(problems).toMatch(/productId/)
    expect(problems).toMatch(/price/)
    const badPostcode = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', { ...orderBody('q', 1), shippingAddress: { ...orderBody('q', 1).shippingAddress, postcode: 'NOPE' } }, auth), payload, { placeOrder: unusedPlaceOrder, credentials })
    expect(badPostcode.status).toBe(400)
    expect(((await badPostcode.json()) as { issues: string[] }).issues.join(' ')).toMatch(/postcode/i)
    const unknown = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', orderBody('no-such-quote', 1), auth), payload, { placeOrder: unusedPlaceOrder, credentials })
    expect(unknown.status).toBe(404)
  })

  it('refuses a quote given for another product or one that has expired', async () => {
    const id = await productId('used-honda-cb500f-2021')
    const outcome = await financeQuotesForProduct(payload, { productId: id, termMonths: 36, depositPence: 50000, annualDistance: 3000 })
    if (!outcome.ok) throw new Error(outcome.message)
    const quoteId = outcome.quotes[0]!.quoteUid
    const other = await productId('used-ktm-790-duke-2019')
    const parsed = { ...orderBody(quoteId, other), shippingMethod: 'free' as const, shippingAddress: { ...orderBody(quoteId, other).shippingAddress } }
    expect(await createFinanceOrder(payload, parsed, { placeOrder: unusedPlaceOrder })).toMatchObject({ ok: false, status: 422, message: 'That quote was given for another product.' })
    const later = new Date(Date.now() + 60 * 86_400_000)
    expect(await createFinanceOrder(payload, { ...parsed, productId: id }, { placeOrder: unusedPlaceOrder, now: later })).toMatchObject({ ok: false, status: 422, message: expect.stringMatching(/expired/) })
  })
})

describe('POST /api/v1/ivendi-payments/order-reference', () => {
  const auth = { authorization: basic(credentials.username, credentials.password) }

  it('refuses a caller without the service credentials: 401 with WWW-Authenticate', async () => {
    const response = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', {}), payload, { credentials })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
  })

  it('refuses bad bodies with 400 and orders that are not this customer’s finance order with 404', async () => {
    const bad = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', { email: 'x', items: [] }, auth), payload, { credentials })
    expect(bad.status).toBe(400)
    const unknown = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', { email: 'a@b.co.uk', phone: '07700900123', externalSystemName: 'Shop', externalOrderId: '999999', items: [{ productId: 1 }] }, auth), payload, { credentials })
    expect(unknown.status).toBe(404)
  })

  it('records the accessories against the finance order, once', async () => {
    const bike = await productId('used-honda-cb500f-2021')
    const lock = ((await payload.findByID({ collection: 'products', id: bike, depth: 0, overrideAccess: true })).relatedProducts as number[])[0]!
    // A finance order as placeOrder leaves it (created directly: this test is about the reference call).
    const order = await payload.create({
      collection: 'orders',
      overrideAccess: true,
      data: {
        orderNumber: `WH-INT-${uniqueSuffix()}`.slice(0, 20),
        kind: 'finance',
        status: 'processing',
        financeStatus: 'submitted',
        firstName: 'Ada',
        lastName: 'Rider',
        email: 'ada.ref@example.co.uk',
        phone: '07700900123',
        address: { line1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' },
        delivery: { method: 'free', feePence: 0 },
        lines: [{ product: bike, name: 'Used bike', unitPricePence: 449500, count: 1, vatRatePercent: 20, lineTotalPence: 449500 }],
        subtotalPence: 449500,
        vatPence: 74917,
        totalPence: 449500,
        stock: { state: 'held' },
      } as never,
    })
    const body = { email: 'ada.ref@example.co.uk', phone: '07700 900123', externalSystemName: 'Wheelhouse storefront', externalOrderId: String(order.id), items: [{ productId: lock, variantId: null }] }
    const first = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', body, auth), payload, { credentials })
    expect(first.status).toBe(201)
    expect(await first.json()).toEqual({ orderId: order.id, references: 1 })
    const again = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', body, auth), payload, { credentials })
    expect(await again.json()).toEqual({ orderId: order.id, references: 1 })
    const stored = await payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true })
    expect(stored.finance?.references).toMatchObject([{ externalSystemName: 'Wheelhouse storefront', externalOrderId: String(order.id), items: [{ productId: lock, variantId: null }] }])
    const wrongPhone = await handleOrderReference(post('/api/v1/ivendi-payments/order-reference', { ...body, phone: '07700 111111' }, auth), payload, { credentials })
    expect(wrongPhone.status).toBe(404)
  })
})

describe('placing a finance order', () => {
  const details = { email: 'placed@example.co.uk', phone: '07700 900456', firstName: 'Grace', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' } }

  it('places the application for the quote over the service endpoint: stock held, the same order for the same quote', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const before = (await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })).stockQuantity
    const outcome = await financeQuotesForProduct(payload, { productId: id, termMonths: 36, depositPence: 100000, annualDistance: 3000 })
    if (!outcome.ok) throw new Error(outcome.message)
    const quote = outcome.quotes[0]!
    const auth = { authorization: basic(credentials.username, credentials.password) }
    const first = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', { ...details, quoteId: quote.quoteUid, productId: id, variantId: null }, auth), payload, { placeOrder, credentials })
    expect(first.status).toBe(201)
    const { orderId } = (await first.json()) as { orderId: number }
    const again = await handleFinanceOrder(post('/api/v1/ivendi-payments/order', { ...details, quoteId: quote.quoteUid, productId: id, variantId: null }, auth), payload, { placeOrder, credentials })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ orderId })
    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
    expect(order).toMatchObject({ kind: 'finance', status: 'processing', financeStatus: 'submitted', email: 'placed@example.co.uk', stock: { state: 'held' }, finance: { quoteId: quote.quoteUid, funderCode: quote.funderCode, facilityType: quote.facilityType, lenderName: quote.lenderName } })
    expect((order.finance?.figures as { RegularPayment: number }).RegularPayment * 100).toBeCloseTo(quote.example.regularPaymentPence, 5)
    expect((await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })).stockQuantity).toBe((before ?? 0) - 1)
  })

  it('places the storefront’s application with its accessories from the recorded quote, and records the order reference', async () => {
    const id = await productId('used-honda-africa-twin-2020')
    const bike = await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })
    const lock = (bike.relatedProducts as number[])[0]!
    const outcome = await financeQuotesForProduct(payload, { productId: id, termMonths: 36, depositPence: 150000, annualDistance: 3000, accessories: [{ productId: lock }] })
    if (!outcome.ok) throw new Error(outcome.message)
    const quote = outcome.quotes[0]!
    const response = await handleShopFinanceOrder(post('/api/finance/orders', { ...details, quoteId: quote.quoteUid, productId: id, variantId: null }), payload, { placeOrder })
    expect(response.status).toBe(201)
    const { orderId, orderNumber, signedIn } = (await response.json()) as { orderId: number; orderNumber: string; signedIn: boolean }
    expect(orderNumber).toMatch(/\w/)
    expect(signedIn).toBe(false) // a guest: the confirmation points to the order lookup, not to an account
    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true })
    expect(order.lines.map((l) => l.product)).toEqual([id, lock])
    expect(order.customer ?? null).toBeNull()
    expect(order.finance?.references).toMatchObject([{ externalSystemName: 'Wheelhouse storefront', externalOrderId: String(orderId), items: [{ productId: lock, variantId: null }] }])
  })

  it('refuses a bike that has sold out meanwhile with 409 and holds nothing', async () => {
    const id = await productId('used-royal-enfield-meteor-350-2022')
    const outcome = await financeQuotesForProduct(payload, { productId: id, termMonths: 36, depositPence: 40000, annualDistance: 3000 })
    if (!outcome.ok) throw new Error(outcome.message)
    await payload.update({ collection: 'products', id, data: { stockQuantity: 0 }, overrideAccess: true })
    const response = await handleShopFinanceOrder(post('/api/finance/orders', { ...details, quoteId: outcome.quotes[0]!.quoteUid, productId: id, variantId: null }), payload, { placeOrder })
    expect(response.status).toBe(409)
    expect((await payload.find({ collection: 'orders', where: { 'finance.quoteId': { equals: outcome.quotes[0]!.quoteUid } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

