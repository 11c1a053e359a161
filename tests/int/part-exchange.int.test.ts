// Part-exchange: "Value my bike" stores the valuation it issued; a quote names it by id and the server
// quotes the stored figures (never the browser's), and the finance application is filed with it for staff.
import { describe, expect, it } from 'vitest'
import { handlePartExchangeValuation } from '../../src/features/finance/api/part-exchange-valuations'
import { handleShopFinanceOrder } from '../../src/features/finance/api/shop-orders.server'
import { handleShopQuotes } from '../../src/features/finance/api/shop-quotes.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { DVLA, LOOKUP_MESSAGES, type VehicleEnquirySource } from '../../src/adapters/vehicle-data/vehicle-data-source'
import { payload, withDemoShop } from './payload'

const post = (url: string, body: unknown) => new Request(`http://shop.test${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

type Quote = { quoteUid: string; facilityType: string; funderCode: string; example: { regularPaymentPence: number; depositPence: number; cashPricePence: number }; partExchange: { valuationId: string; valuePence: number; settlementPence: number; netPence: number; vrm: string } | null }

async function productId(slug: string): Promise<number> {
  const found = await payload.find({ collection: 'products', where: { slug: { equals: slug } }, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]!.id
}

async function valuationCount(): Promise<number> {
  return (await payload.count({ collection: 'part-exchange-valuations', overrideAccess: true })).totalDocs
}

async function value(body: Record<string, unknown>) {
  const response = await handlePartExchangeValuation(post('/api/finance/part-exchange', body), payload)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function quotes(body: Record<string, unknown>): Promise<Quote[]> {
  const response = await handleShopQuotes(post('/api/finance/quotes', body), payload)
  const json = (await response.json()) as { quotes?: Quote[]; message?: string }
  if (response.status !== 200) throw new Error(`${response.status} ${json.message}`)
  return json.quotes!
}

withDemoShop()

describe('POST /api/finance/part-exchange', () => {
  it('values a bike from its registration, mileage, condition and make, and stores the valuation', async () => {
    const before = await valuationCount()
    const { status, body } = await value({ registration: 'cx19 abc', mileage: 12_000, condition: 'good', outstandingFinancePence: 50_000, make: 'Yamaha' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ vrm: 'CX19ABC', make: 'Yamaha', year: 2019, mileage: 12_000, outstandingFinancePence: 50_000 })
    expect(body.lowPence as number).toBeLessThan(body.highPence as number)
    expect(body.valuePence).toBe(body.lowPence)
    expect(body.netPence).toBe((body.valuePence as number) - 50_000)
    expect(await valuationCount()).toBe(before + 1)
    const stored = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: body.valuationId as string } }, overrideAccess: true })
    expect(stored.docs[0]).toMatchObject({ vrm: 'CX19ABC', valuePence: body.valuePence, outstandingFinancePence: 50_000, source: 'built-in' })
  })

  it('refuses a registration that is not a UK mark, and asks for the make, storing nothing', async () => {
    const before = await valuationCount()
    const bad = await value({ registration: 'NOT A PLATE', mileage: 1000, condition: 'good', make: 'Honda' })
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ error: 'invalid_registration', fields: { registration: expect.any(String) } })
    const noMake = await value({ registration: 'CX19ABC', mileage: 1000, condition: 'good' })
    expect(noMake.status).toBe(422)
    expect(noMake.body).toMatchObject({ error: 'more_details_needed', fields: { make: expect.any(String) } })
    // DVLA was asked for the make first (the built-in source knows only its demo registrations): it says so
    expect(noMake.body.message).toBe('DVLA has no record of the registration CX19ABC. Check it and try again, or fill the details in by hand. Tell us the make of your bike.')
    const wrongShape = await value({ registration: 'CX19ABC', mileage: -5, condition: 'mint', make: 'Honda' })
    expect(wrongShape.status).toBe(400)
    expect(await valuationCount()).toBe(before)
  })
})

describe('a valuation applied to a finance quote', () => {
  const terms = { termMonths: 36, depositPence: 50_000, annualDistance: 3000 }

  it('goes into the quote as PartExchange and OutstandingSettlement and lowers the monthly payment', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const valued = await value({ registration: 'AB21 CDE', mileage: 9000, condition: 'good', outstandingFinancePence: 30_000, make: 'Honda' })
    const valuationId = valued.body.valuationId as string
    const plain = await quotes({ productId: id, ...terms })
    const withPx = await quotes({ productId: id, ...terms, valuationId })
    const pick = (list: Quote[]) => list.find((q) => q.facilityType === 'HP' && q.funderCode === plain.find((p) => p.facilityType === 'HP')!.funderCode)!
    const net = (valued.body.valuePence as number) - 30_000
    expect(pick(withPx).partExchange).toMatchObject({ valuationId, vrm: 'AB21CDE', valuePence: valued.body.valuePence, settlementPence: 30_000, netPence: net })
    expect(pick(plain).partExchange).toBeNull()
    expect(pick(withPx).example.regularPaymentPence).toBeLessThan(pick(plain).example.regularPaymentPence)
    // The equity counts as deposit: the balance to finance is lower by exactly the net.
    expect(pick(withPx).example.depositPence - pick(plain).example.depositPence).toBe(net)
    const recorded = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: pick(withPx).quoteUid } }, depth: 0, overrideAccess: true })
    const figures = recorded.docs[0]!.figures as { Asset: { PartExchange: number; OutstandingSettlement: number }; Advance: number }
    expect(figures.Asset).toMatchObject({ PartExchange: (valued.body.valuePence as number) / 100, OutstandingSettlement: 300 })
    const plainRecorded = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: pick(plain).quoteUid } }, depth: 0, overrideAccess: true })
    expect(Math.round(((plainRecorded.docs[0]!.figures as { Advance: number }).Advance - figures.Advance) * 100)).toBe(net)
  })

  it('does not trust a forged valuation: unknown ids are refused, and browser figures cannot be sent', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const forged = await handleShopQuotes(post('/api/finance/quotes', { productId: id, ...terms, valuationId: '00000000-0000-4000-8000-000000000000' }), payload)
    expect(forged.status).toBe(422)
    const withFigures = await handleShopQuotes(post('/api/finance/quotes', { productId: id, ...terms, partExchangePence: 900_000 }), payload)
    expect(withFigures.status).toBe(400)
    // The figures quoted are the stored ones, whatever the browser kept: changing the browser's copy changes nothing.
    const valued = await value({ registration: 'AB21 CDE', mileage: 9000, condition: 'poor', make: 'Honda' })
    const list = await quotes({ productId: id, ...terms, valuationId: valued.body.valuationId })
    expect(list[0]!.partExchange!.valuePence).toBe(valued.body.valuePence)
  })

  it('refuses an expired valuation', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const valued = await value({ registration: 'AB21 CDE', mileage: 9000, condition: 'good', make: 'Honda' })
    const stored = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valued.body.valuationId as string } }, overrideAccess: true })
    await payload.update({ collection: 'part-exchange-valuations', id: stored.docs[0]!.id, data: { expiresAt: new Date(Date.now() - 1000).toISOString() }, overrideAccess: true })
    const response = await handleShopQuotes(post('/api/finance/quotes', { productId: id, ...terms, valuationId: valued.body.valuationId }), payload)
    expect(response.status).toBe(422)
  })

  it('refuses an application whose quote priced a valuation that has since expired, placing nothing', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const valued = await value({ registration: 'AB21 CDE', mileage: 9000, condition: 'good', make: 'Honda' })
    const quote = (await quotes({ productId: id, ...terms, valuationId: valued.body.valuationId }))[0]!
    const stored = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valued.body.valuationId as string } }, overrideAccess: true })
    await payload.update({ collection: 'part-exchange-valuations', id: stored.docs[0]!.id, data: { expiresAt: '2026-01-10T12:00:00.000Z' }, overrideAccess: true })
    const orders = async () => (await payload.count({ collection: 'orders', overrideAccess: true })).totalDocs
    const before = await orders()
    const details = { email: 'late@example.co.uk', phone: '07700 900457', firstName: 'Late', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' } }
    const response = await handleShopFinanceOrder(post('/api/finance/orders', { ...details, quoteId: quote.quoteUid, productId: id, variantId: null }), payload, { placeOrder })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { message: string }).message).toContain('expired on 10 January 2026')
    expect(await orders()).toBe(before)
  })

  it('is stored with the finance application, for staff to see on it', async () => {
    const id = await productId('used-ktm-790-duke-2019')
    const valued = await value({ registration: 'AB21 CDE', mileage: 9000, condition: 'good', outstandingFinancePence: 10_000, make: 'Honda' })
    const list = await quotes({ productId: id, ...terms, valuationId: valued.body.valuationId })
    const quote = list[0]!
    const details = { email: 'px@example.co.uk', phone: '07700 900456', firstName: 'Grace', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' } }
    const response = await handleShopFinanceOrder(post('/api/finance/orders', { ...details, quoteId: quote.quoteUid, productId: id, variantId: null }), payload, { placeOrder })
    expect(response.status).toBe(201)
    const { orderId } = (await response.json()) as { orderId: number }
    const stored = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valued.body.valuationId as string } }, depth: 0, overrideAccess: true })
    expect(stored.docs[0]).toMatchObject({ order: orderId, valuePence: valued.body.valuePence, outstandingFinancePence: 10_000 })
    // Staff see it on the application (the admin reads the order with its joins).
    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 1, overrideAccess: true })
    const joined = (order as unknown as { partExchange?: { docs?: { vrm?: string }[] } }).partExchange
    expect(joined?.docs?.map((d) => d.vrm)).toEqual(['AB21CDE'])
    expect((order.finance?.figures as { Asset: { PartExchange: number } }).Asset.PartExchange).toBe((valued.body.valuePence as number) / 100)
  })
})

describe('"Value my bike" asks DVLA for a make the customer left out', () => {
  const ask = async (body: Record<string, unknown>, deps: Parameters<typeof handlePartExchangeValuation>[2]) => {
    const response = await handlePartExchangeValuation(post('/api/finance/part-exchange', body), payload, deps)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const failing = (reason: 'rate-limited' | 'unavailable', message: string): VehicleEnquirySource => ({ name: 'stub', vehicle: async () => ({ ok: false, reason, message, detail: 'stub' }) })

  it('fills the make and year in from DVLA', async () => {
    const { status, body } = await value({ registration: 'wh19 mot', mileage: 18_500, condition: 'good' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ vrm: 'WH19MOT', make: 'Honda', year: 2019, mileage: 18_500 })
    // a make the customer typed is theirs: DVLA is not asked
    const typed = await ask({ registration: 'WH19 MOT', mileage: 18_500, condition: 'good', make: 'Yamaha' }, { vehicles: { name: 'never', vehicle: () => Promise.reject(new Error('asked')) } })
    expect(typed.body).toMatchObject({ make: 'Yamaha' })
  })

  it('says why when DVLA cannot, asks the customer for the make, and stores nothing: a rate limit, a timeout, the network’s own limit', async () => {
    const before = await valuationCount()
    const body = { registration: 'WH19 MOT', mileage: 18_500, condition: 'good' }
    const limited = await ask(body, { vehicles: failing('rate-limited', LOOKUP_MESSAGES.rateLimited(DVLA)) })
    expect(limited.status).toBe(422)
    expect(limited.body).toMatchObject({ error: 'more_details_needed', message: `${LOOKUP_MESSAGES.rateLimited(DVLA)} Tell us the make of your bike.`, fields: { make: expect.any(String) } })
    const slow = await ask(body, { vehicles: failing('unavailable', LOOKUP_MESSAGES.timeout(DVLA)) })
    expect(slow.status).toBe(422)
    expect(slow.body.message).toBe(`${LOOKUP_MESSAGES.timeout(DVLA)} Tell us the make of your bike.`)
    const thrown = await ask(body, { vehicles: { name: 'broken', vehicle: () => Promise.reject(new Error('socket hang up')) } })
    expect(thrown.status).toBe(422)
    expect(thrown.body.message).toBe('Tell us the make of your bike.')
    let asked = 0
    const used = await ask(body, { mayLookUpVehicle: async () => false, vehicles: { name: 'counted', vehicle: async () => (asked++, { ok: false, reason: 'not-found', message: 'x' }) } })
    expect(used.status).toBe(422)
    expect(used.body.message).toBe('We cannot look more registrations up for your network just now. Tell us the make of your bike.')
    expect(asked).toBe(0)
    expect(await valuationCount()).toBe(before)
    // the customer types it, and the bike is valued
    expect((await ask({ ...body, make: 'Honda' }, { vehicles: failing('unavailable', LOOKUP_MESSAGES.timeout(DVLA)) })).status).toBe(201)
  })
})
