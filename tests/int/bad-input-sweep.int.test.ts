// The bad-input sweep: every write endpoint a customer (or a stranger) can reach gets a seeded corpus of malformed
// requests, and each must be answered with a clear 4xx (JSON for the APIs; an error state or a redirect back to
// the form for form posts) while orders, stock holds, reservations, bookings, users and stock stay exactly as they were.
// BAD_INPUT_SEED=<n> replays another corpus; the summary printed at the end names the seed.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from '../../src/lib/zod'
import { buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { mutationsOf, randomJson, seededRng, shuffled, transportFaults, type BadBody } from './bad-input-corpus'
import { demoBike, seedServices, smallWorkshop } from './booking-fixtures'
import { accessoryCategory, simpleProduct, variantProduct } from './order-fixtures'
import { testPayload } from './payload'
import './secrets'

// Where Next would supply the request: the headers and cookies of the request being swept, and redirect as a throw.
let currentHeaders = new Headers()
const jar = new Map<string, string>()
class Redirected extends Error {}
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
}))
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to)
  },
}))

process.env.RATE_LIMITS = 'off'

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20240612)
const MUTATIONS_PER_ENDPOINT = 24
const FUZZ_PER_ENDPOINT = 4
const SITE = 'http://localhost:3000'

const routes = {
  checkout: await import('../../src/app/api/checkout/orders/route'),
  basketPrice: await import('../../src/app/api/basket/price/route'),
  basketSaved: await import('../../src/app/api/basket/saved/route'),
  savedBikes: await import('../../src/app/api/saved-bikes/route'),
  savedBikesUnsubscribe: await import('../../src/app/api/saved-bikes/unsubscribe/route'),
  dealsUnsubscribe: await import('../../src/app/api/deals/unsubscribe/route'),
  dealsStarted: await import('../../src/app/api/deals/started/route'),
  bookServices: await import('../../src/app/api/bookings/services/route'),
  bookTestRides: await import('../../src/app/api/bookings/test-rides/route'),
  manageBooking: await import('../../src/app/api/bookings/manage/route'),
  reserve: await import('../../src/app/api/reserve/route'),
  reserveCancel: await import('../../src/app/api/reserve/cancel/route'),
  financeOrders: await import('../../src/app/api/finance/orders/route'),
  financeQuotes: await import('../../src/app/api/finance/quotes/route'),
  partExchange: await import('../../src/app/api/finance/part-exchange/route'),
  usedBikeLookup: await import('../../src/app/api/used-bikes/lookup/route'),
  providerQuotes: await import('../../src/app/api/finance-provider/quotes/route'),
  ivendiOrder: await import('../../src/app/api/v1/ivendi-payments/order/route'),
  ivendiReference: await import('../../src/app/api/v1/ivendi-payments/order-reference/route'),
  catalogueImport: await import('../../src/app/api/catalogue/import/route'),
  gatewayWebhook: await import('../../src/app/api/payments/webhooks/test-gateway/route'),
  stripeWebhook: await import('../../src/app/api/payments/webhooks/stripe/route'),
  jwtToken: await import('../../src/app/wp-json/jwt-auth/v1/token/route'),
  jwtValidate: await import('../../src/app/wp-json/jwt-auth/v1/token/validate/route'),
  jwtRevoke: await import('../../src/app/wp-json/jwt-auth/v1/token/revoke/route'),
  gatewaySubmit: await import('../../src/app/(test-gateway)/test-gateway/pay/[sessionId]/submit/route'),
  gatewayChallenge: await import('../../src/app/(test-gateway)/test-gateway/pay/[sessionId]/challenge/route'),
  gatewayCancel: await import('../../src/app/(test-gateway)/test-gateway/pay/[sessionId]/cancel/route'),
  gatewayKlarna: await import('../../src/app/(test-gateway)/test-gateway/pay/[sessionId]/klarna/route'),
  searchSuggest: await import('../../src/app/api/search/suggest/route'),
  documents: await import('../../src/app/api/documents/[number]/route'),
  stockBook: await import('../../src/app/api/stock-book/route'),
  accountErasure: await import('../../src/app/api/account/erasure/route'),
  returns: await import('../../src/app/api/v1/customer/returns/route'),
  returnChoices: await import('../../src/app/api/v1/customer/returns/choices/route'),
  faults: await import('../../src/app/api/v1/customer/faults/route'),
  exchanges: await import('../../src/app/api/v1/customer/exchanges/route'),
}
const accountActions = await import('../../src/features/account/actions.server')
const bookingActions = await import('../../src/features/bookings/actions.server')
const dealActions = await import('../../src/features/deals/actions.server')
const schemas = {
  placeOrder: (await import('../../src/features/checkout/checkout-form')).placeOrderRequest,
  basketPricing: (await import('../../src/features/basket/basket-request')).basketPricingRequest,
  savedBasket: (await import('../../src/features/basket/saved-basket')).savedBasketRequest,
  savedBikes: (await import('../../src/features/account/saved-bikes-request')).savedBikesRequest,
  booking: await import('../../src/features/bookings/booking-request'),
  erasure: (await import('../../src/features/data-rights/account-requests.server')).erasureRequest,
  returns: await import('../../src/features/returns/return-request-schema'),
  reservation: await import('../../src/features/reservations/reservation-request'),
  deals: await import('../../src/features/deals/enquiry-request'),
  shopQuote: (await import('../../src/features/finance/api/get-quotes')).shopQuoteRequest,
  valuation: (await import('../../src/features/finance/part-exchange')).valuationRequest,
  usedBikeLookup: (await import('../../src/features/used-bikes/registration-lookup.server')).lookupRequest,
  financeOrder: await import('../../src/features/finance/api/finance-order'),
  catalogueImport: (await import('../../src/features/catalogue-import/import-request')).catalogueImportRequest,
}
const { handleEndpoints } = await import('payload')
const { default: payloadConfig } = await import('../../src/payload.config')
const { financeServiceCredentials } = await import('../../src/features/finance/api/service-auth')
const { signNotFoundBatch } = await import('../../src/cms/endpoints/record-not-found')
const { payloadSecret } = await import('../../src/config/secrets.server')
const { env } = await import('../../src/config/env')

let payload: Payload
let productId: number
let variant: { productId: number; variantId: number }
let customer: { id: number; email: string; token: string }
let tierId: number
let demoBikeId: number
let otherUserId: number
let productSku: string
const STAFF_API_KEY = `sweep-staff-key-${randomUUID()}`
const PASSWORD = 'a long sweep password 42'

beforeAll(async () => {
  payload = await testPayload()
  payload.sendEmail = (async () => undefined) as Payload['sendEmail']
  productId = await simpleProduct(payload, 5, 2500)
  variant = await variantProduct(payload, 3)
  const ids = await seedServices(payload)
  tierId = Object.values(ids)[0]!
  await smallWorkshop(payload)
  await accessoryCategory(payload)
  demoBikeId = await demoBike(payload, { name: 'Sweep Demo', engineCc: 649, powerKw: 35, weightKg: 190 })
  const email = `sweep-${uniqueSuffix()}@int.test`
  const user = await payload.create({ collection: 'users', data: { email, password: PASSWORD, firstName: 'Sweep', lastName: 'Customer', role: 'customer' }, overrideAccess: true })
  const login = await payload.login({ collection: 'users', data: { email, password: PASSWORD } })
  customer = { id: user.id, email, token: login.token! }
  otherUserId = (await payload.create({ collection: 'users', data: { email: `other-${uniqueSuffix()}@int.test`, password: PASSWORD, firstName: 'Other', lastName: 'Customer', role: 'customer' }, overrideAccess: true })).id
  // A dealer system's staff API key, for the stock feed endpoint.
  await payload.create({ collection: 'users', data: { email: `dms-${uniqueSuffix()}@int.test`, password: PASSWORD, role: 'staff', enableAPIKey: true, apiKey: STAFF_API_KEY }, overrideAccess: true })
  productSku = (await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: true })).sku!
  // A withdrawn product, so "an id that exists but cannot be sold" is in the corpus too.
  await payload.create({ collection: 'products', overrideAccess: true, data: { ...buildProduct({ name: `Withdrawn ${uniqueSuffix()}`, category: await accessoryCategory(payload), pricePence: 100, stock: 1 }), _status: 'draft' } as never })
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

// What Payload's users collection lets a customer leave out or clear (it has no zod schema of its own).
const optionalText = z.string().nullish()
const registration = z.object({ email: z.string().min(1), password: z.string().min(1), firstName: optionalText, lastName: optionalText }).strict()
const searchLogBatch = (await import('../../src/features/search/search-log-endpoint')).searchLogBatch
const notFoundBatch = z.object({ hits: z.array(z.object({ path: z.string().min(1), count: z.number(), referrer: z.string().nullable(), at: z.string().min(1) }).strict()) }).strict()
const ownDetails = z.object({ firstName: optionalText, lastName: optionalText, phone: optionalText, addresses: z.array(z.object({ line1: z.string().min(1), town: z.string().min(1), postcode: z.string().min(1) }).strict()).optional() }).strict()

// ---------------------------------------------------------------- what must not change

async function snapshot(): Promise<Record<string, unknown>> {
  const count = async (collection: 'orders' | 'stock-holds' | 'reservations' | 'bookings' | 'users' | 'api-tokens' | 'payment-events' | 'test-gateway-payments' | 'not-found-paths' | 'booking-days' | 'part-exchange-valuations' | 'search-log' | 'data-requests' | 'returns' | 'refunds' | 'deals') =>
    (await payload.count({ collection, overrideAccess: true })).totalDocs
  const stock = async (collection: 'products' | 'variants') =>
    (await payload.find({ collection, overrideAccess: true, depth: 0, pagination: false, select: { stockQuantity: true } })).docs.map((d) => `${d.id}:${d.stockQuantity}`).join(',')
  const me = await payload.findByID({ collection: 'users', id: customer.id, overrideAccess: true, depth: 0, showHiddenFields: true })
  const [orders, holds, reservations, bookings, users, tokens, events, gateway, notFound, days, valuations, products, variants, searchLog, dataRequests, returns, refunds, deals] = await Promise.all([
    count('orders'), count('stock-holds'), count('reservations'), count('bookings'), count('users'), count('api-tokens'), count('payment-events'),
    count('test-gateway-payments'), count('not-found-paths'), count('booking-days'), count('part-exchange-valuations'), stock('products'), stock('variants'), count('search-log'), count('data-requests'), count('returns'), count('refunds'), count('deals'),
  ])
  return {
    orders, holds, reservations, bookings, users, tokens, events, gateway, notFound, days, valuations, products, variants, searchLog, dataRequests, returns, refunds, deals,
    customer: JSON.stringify({ firstName: me.firstName, lastName: me.lastName, phone: me.phone, addresses: me.addresses, savedBasket: me.savedBasket, email: me.email, role: me.role }),
  }
}

// ---------------------------------------------------------------- the endpoints

type Answer = { status: number; json: unknown; location: string | null; text: string }
type HttpEndpoint = {
  readonly kind: 'json' | 'text' | 'form'
  readonly name: string
  readonly url: string
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly handler: (request: Request) => Promise<Response>
  /** A body the endpoint would accept (for Payload's own endpoints, one it would act on); faults are made from it. */
  readonly valid: Record<string, unknown>
  /** The endpoint's own schema: a null, missing or empty field it allows is not bad input, so it is left out. */
  readonly schema?: z.ZodType
  readonly headers?: Record<string, string>
  /** Payload's and the test gateway's forms: no leaf faults in bodies they never parse. */
  readonly transportOnly?: boolean
  /** server.mjs's internal endpoints: sign each body as the server would, so the parsing behind the signature is swept too. */
  readonly signed?: boolean
}

const basic = () => {
  const c = financeServiceCredentials()
  return { authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}` }
}
const signedIn = () => ({ authorization: `JWT ${customer.token}` })
const payloadRest = (request: Request) => handleEndpoints({ config: payloadConfig, request })
const withSession = (name: string) => (request: Request) => {
  const mod = routes[name as keyof typeof routes] as unknown as Record<string, (r: Request, ctx: unknown) => Promise<Response>>
  return mod.POST!(request, { params: Promise.resolve({ sessionId: 'tgs_unknown_session' }) })
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const contact = { firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700 900123' }

function endpoints(): HttpEndpoint[] {
  const lines = [{ productId, count: 1 }, { productId: variant.productId, variantId: variant.variantId, count: 2 }]
  return [
    {
      kind: 'json', name: 'POST /api/checkout/orders', url: '/api/checkout/orders', method: 'POST', handler: routes.checkout.POST, schema: schemas.placeOrder,
      valid: { checkoutKey: randomUUID(), lines, deliveryMethod: 'flat_rate', couponCode: 'SPRING', contact, address: { line1: '2 Low Road', line2: '', town: 'York', county: '', postcode: 'YO1 7HH' }, acceptTerms: true },
    },
    {
      kind: 'json', name: 'POST /api/checkout/orders (Pay in 3)', url: '/api/checkout/orders', method: 'POST', handler: routes.checkout.POST, schema: schemas.placeOrder,
      valid: { checkoutKey: randomUUID(), lines, deliveryMethod: 'flat_rate', paymentMethod: 'klarna', contact, address: { line1: '2 Low Road', line2: '', town: 'York', county: '', postcode: 'YO1 7HH' }, acceptTerms: true },
    },
    {
      // A certificate worth far more than the basket: refused (422) as it stands, and every fault in it refused too.
      kind: 'json', name: 'POST /api/checkout/orders (Cycle to Work)', url: '/api/checkout/orders', method: 'POST', handler: routes.checkout.POST, schema: schemas.placeOrder,
      valid: { checkoutKey: randomUUID(), lines, deliveryMethod: 'flat_rate', paymentMethod: 'cycle_to_work', certificate: { scheme: 'cyclescheme', number: 'CS12345678', redemptionCode: 'RC998877', valuePence: 900_000 }, contact, address: { line1: '2 Low Road', line2: '', town: 'York', county: '', postcode: 'YO1 7HH' }, acceptTerms: true },
    },
    { kind: 'json', name: 'POST /api/basket/price', url: '/api/basket/price', method: 'POST', handler: routes.basketPrice.POST, schema: schemas.basketPricing, valid: { lines, couponCode: 'SPRING', deliveryMethod: 'free' } },
    { kind: 'json', name: 'PUT /api/basket/saved (signed in)', url: '/api/basket/saved', method: 'PUT', handler: routes.basketSaved.PUT, schema: schemas.savedBasket, headers: signedIn(), valid: { lines } },
    { kind: 'json', name: 'POST /api/saved-bikes (signed in)', url: '/api/saved-bikes', method: 'POST', handler: routes.savedBikes.POST, schema: schemas.savedBikes, headers: signedIn(), valid: { action: 'remove', slugs: ['not-saved-bike'] } },
    { kind: 'json', name: 'POST /api/saved-bikes/unsubscribe', url: '/api/saved-bikes/unsubscribe?token=forged.token', method: 'POST', handler: routes.savedBikesUnsubscribe.POST, transportOnly: true, valid: { 'List-Unsubscribe': 'One-Click' } },
    { kind: 'json', name: 'POST /api/deals/started', url: '/api/deals/started', method: 'POST', handler: routes.dealsStarted.POST, schema: schemas.deals.dealStartedRequest, valid: { productId: demoBikeId, contact, consent: true } },
    { kind: 'json', name: 'POST /api/deals/unsubscribe', url: '/api/deals/unsubscribe?token=forged.token', method: 'POST', handler: routes.dealsUnsubscribe.POST, transportOnly: true, valid: { 'List-Unsubscribe': 'One-Click' } },
    {
      kind: 'json', name: 'POST /api/bookings/services', url: '/api/bookings/services', method: 'POST', handler: routes.bookServices.POST, schema: schemas.booking.serviceBookingRequest,
      valid: { tierId, addOnIds: [], day: day(9), bike: { make: 'Trek', model: 'Domane', bikeType: 'road', eBike: false, notes: 'Squeaks' }, contact, extraWorkLimitPence: 2000, acceptTerms: true },
    },
    { kind: 'json', name: 'POST /api/bookings/test-rides', url: '/api/bookings/test-rides', method: 'POST', handler: routes.bookTestRides.POST, schema: schemas.booking.testRideRequest, valid: { productId: demoBikeId, day: day(9), window: '10:00', licence: 'A2', contact, acceptTerms: true } },
    { kind: 'json', name: 'POST /api/bookings/manage', url: '/api/bookings/manage', method: 'POST', handler: routes.manageBooking.POST, schema: schemas.booking.manageRequest, valid: { action: 'reschedule', token: 'bk1.forged.token', day: day(12), window: null } },
    { kind: 'json', name: 'POST /api/reserve', url: '/api/reserve', method: 'POST', handler: routes.reserve.POST, schema: schemas.reservation.reserveRequest, valid: { reservationKey: randomUUID(), productId: demoBikeId, contact, acceptTerms: true } },
    // A part-exchange valuation named with the reservation: an id never issued, so a body that passed would file nothing.
    { kind: 'json', name: 'POST /api/reserve (part-exchange)', url: '/api/reserve', method: 'POST', handler: routes.reserve.POST, schema: schemas.reservation.reserveRequest, valid: { reservationKey: randomUUID(), productId: demoBikeId, contact, acceptTerms: true, valuationId: randomUUID() } },
    { kind: 'json', name: 'POST /api/reserve/cancel', url: '/api/reserve/cancel', method: 'POST', handler: routes.reserveCancel.POST, schema: schemas.reservation.cancelRequest, valid: { token: 'rs1.forged.token' } },
    {
      kind: 'json', name: 'POST /api/finance/orders', url: '/api/finance/orders', method: 'POST', handler: routes.financeOrders.POST, schema: schemas.financeOrder.financeOrderRequest,
      valid: { quoteId: 'quote-never-given', email: 'ada@example.co.uk', phone: '07700900123', firstName: 'Ada', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' }, productId: demoBikeId },
    },
    { kind: 'json', name: 'POST /api/finance/quotes', url: '/api/finance/quotes', method: 'POST', handler: routes.financeQuotes.POST, schema: schemas.shopQuote, valid: { productId: demoBikeId, termMonths: 37, depositPence: 100_000, annualDistance: 6000, accessories: [{ productId }] } },
    { kind: 'json', name: 'POST /api/finance/quotes (part-exchange)', url: '/api/finance/quotes', method: 'POST', handler: routes.financeQuotes.POST, schema: schemas.shopQuote, valid: { productId: demoBikeId, termMonths: 37, depositPence: 100_000, annualDistance: 6000, valuationId: randomUUID() } },
    { kind: 'json', name: 'POST /api/finance/part-exchange', url: '/api/finance/part-exchange', method: 'POST', handler: routes.partExchange.POST, schema: schemas.valuation, valid: { registration: 'CX17 HHA', mileage: 12_000, condition: 'good', outstandingFinancePence: 0, make: 'Honda' } },
    { kind: 'json', name: 'POST /api/finance/part-exchange (condition answers)', url: '/api/finance/part-exchange', method: 'POST', handler: routes.partExchange.POST, schema: schemas.valuation, valid: { registration: 'CX17 HHA', mileage: 12_000, condition: 'good', outstandingFinancePence: 0, make: 'Honda', fullServiceHistory: true, keys: 2, logbookPresent: true, damage: true, damageDescription: 'Scratched tank' } },
    { kind: 'json', name: 'POST /api/finance-provider/quotes', url: '/api/finance-provider/quotes', method: 'POST', handler: routes.providerQuotes.POST, transportOnly: true, valid: { Credentials: { Username: 'dealer' }, QuoteRequests: [] } },
    {
      kind: 'json', name: 'POST /api/v1/ivendi-payments/order (service)', url: '/api/v1/ivendi-payments/order', method: 'POST', handler: routes.ivendiOrder.POST, headers: basic(), schema: schemas.financeOrder.financeOrderRequest,
      valid: { quoteId: 'quote-never-given', email: 'ada@example.co.uk', phone: '07700900123', firstName: 'Ada', lastName: 'Rider', shippingMethod: 'free', shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH' }, productId: demoBikeId },
    },
    {
      kind: 'json', name: 'POST /api/v1/ivendi-payments/order-reference (service)', url: '/api/v1/ivendi-payments/order-reference', method: 'POST', handler: routes.ivendiReference.POST, headers: basic(), schema: schemas.financeOrder.orderReferenceRequest,
      valid: { email: 'ada@example.co.uk', phone: '07700900123', externalSystemName: 'Lender', externalOrderId: '999999', items: [{ productId }] },
    },
    { kind: 'text', name: 'POST /api/payments/webhooks/test-gateway', url: '/api/payments/webhooks/test-gateway', method: 'POST', handler: routes.gatewayWebhook.POST, transportOnly: true, valid: { type: 'payment.succeeded', orderNumber: 'WH-1', amountPence: 1 } },
    { kind: 'text', name: 'POST /api/payments/webhooks/stripe', url: '/api/payments/webhooks/stripe', method: 'POST', handler: routes.stripeWebhook.POST, transportOnly: true, valid: { type: 'checkout.session.completed' } },
    { kind: 'json', name: 'POST /wp-json/jwt-auth/v1/token', url: '/wp-json/jwt-auth/v1/token', method: 'POST', handler: routes.jwtToken.POST, valid: { username: customer.email, password: 'not the password' } },
    { kind: 'json', name: 'POST /wp-json/jwt-auth/v1/token/validate', url: '/wp-json/jwt-auth/v1/token/validate', method: 'POST', handler: routes.jwtValidate.POST, transportOnly: true, headers: { authorization: 'Bearer forged.token.here' }, valid: { token: 'x' } },
    { kind: 'json', name: 'POST /wp-json/jwt-auth/v1/token/revoke', url: '/wp-json/jwt-auth/v1/token/revoke', method: 'POST', handler: routes.jwtRevoke.POST, transportOnly: true, headers: { authorization: 'Bearer forged.token.here' }, valid: { token: 'x' } },
    { kind: 'form', name: 'POST /test-gateway/pay/[id]/submit', url: '/test-gateway/pay/tgs_unknown_session/submit', method: 'POST', handler: withSession('gatewaySubmit'), transportOnly: true, valid: { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ada' } },
    { kind: 'form', name: 'POST /test-gateway/pay/[id]/challenge', url: '/test-gateway/pay/tgs_unknown_session/challenge', method: 'POST', handler: withSession('gatewayChallenge'), transportOnly: true, valid: { challenge: '000000', decision: 'approve' } },
    { kind: 'form', name: 'POST /test-gateway/pay/[id]/klarna', url: '/test-gateway/pay/tgs_unknown_session/klarna', method: 'POST', handler: withSession('gatewayKlarna'), transportOnly: true, valid: { email: 'ada@example.co.uk' } },
    { kind: 'form', name: 'POST /test-gateway/pay/[id]/cancel', url: '/test-gateway/pay/tgs_unknown_session/cancel', method: 'POST', handler: withSession('gatewayCancel'), transportOnly: true, valid: { confirm: 'yes' } },
    // Payload's REST API and custom endpoints, as a browser reaches them.
    // An order number no one holds: whatever the body, nothing may be cancelled, refunded or returned.
    { kind: 'json', name: 'POST /api/v1/customer/returns', url: '/api/v1/customer/returns', method: 'POST', handler: routes.returns.POST, schema: schemas.returns.cancelLinesRequest, valid: { orderNumber: 'WH-333333', email: 'ada@example.co.uk', lines: [{ lineId: '0123456789abcdef01234567', count: 1 }], reason: 'Wrong size', returnMethod: 'post' } },
    { kind: 'json', name: 'POST /api/v1/customer/returns (signed in)', url: '/api/v1/customer/returns', method: 'POST', handler: routes.returns.POST, schema: schemas.returns.cancelLinesRequest, headers: signedIn(), valid: { orderNumber: 'WH-333333', lines: [{ lineId: '0123456789abcdef01234567', count: 1 }], reason: 'Wrong size', returnMethod: 'dealer' } },
    { kind: 'json', name: 'POST /api/v1/customer/faults', url: '/api/v1/customer/faults', method: 'POST', handler: routes.faults.POST, schema: schemas.returns.customerFaultRequest, valid: { orderNumber: 'WH-333333', email: 'ada@example.co.uk', lineId: '0123456789abcdef01234567', count: 1, description: 'The zip came apart' } },
    { kind: 'json', name: 'POST /api/v1/customer/exchanges', url: '/api/v1/customer/exchanges', method: 'POST', handler: routes.exchanges.POST, schema: schemas.returns.customerExchangeRequest, valid: { orderNumber: 'WH-333333', email: 'ada@example.co.uk', lineId: '0123456789abcdef01234567', toVariantId: 7, reason: 'Too small', returnMethod: 'post' } },
    { kind: 'json', name: 'POST /api/v1/customer/returns/choices', url: '/api/v1/customer/returns/choices', method: 'POST', handler: routes.returnChoices.POST, schema: schemas.returns.choicesRequest, valid: { orderNumber: 'WH-333333', email: 'ada@example.co.uk' } },
    // The staff steps refuse a customer before reading the body.
    { kind: 'json', name: 'POST /api/returns/:id/refund (customer)', url: '/api/returns/1/refund', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { deductionPence: 0, deductionReason: '' } },
    { kind: 'json', name: 'POST /api/orders/:id/certificate (customer)', url: '/api/orders/1/certificate', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { action: 'refuse', reason: 'Already redeemed' } },
    { kind: 'json', name: 'POST /api/returns/:id/receive (customer)', url: '/api/returns/1/receive', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: {} },
    { kind: 'json', name: 'POST /api/returns/fault (customer)', url: '/api/returns/fault', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { orderNumber: 'WH-333333', lineId: 'x', count: 1, description: 'Zip broke' } },
    { kind: 'json', name: 'POST /api/returns/record (customer)', url: '/api/returns/record', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { orderNumber: 'WH-333333', lines: [{ lineId: 'x', count: 1 }], reason: 'x', statedBy: 'phone' } },
    { kind: 'json', name: 'POST /api/users (register)', url: '/api/users', method: 'POST', handler: payloadRest, schema: registration, valid: { email: `new-${uniqueSuffix()}@int.test`, password: 'another long password 7', firstName: 'New', lastName: 'Customer' } },
    { kind: 'json', name: 'PATCH /api/users/:self (signed in)', url: `/api/users/${customer.id}`, method: 'PATCH', handler: payloadRest, headers: signedIn(), schema: ownDetails, valid: { firstName: 'Changed', phone: '07700900999', addresses: [{ line1: '3 High St', town: 'York', postcode: 'YO1 1AA' }] } },
    { kind: 'json', name: 'PATCH /api/users/:other (signed in)', url: `/api/users/${otherUserId}`, method: 'PATCH', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { firstName: 'Mallory', role: 'admin' } },
    { kind: 'json', name: 'DELETE /api/users/:self (signed in)', url: `/api/users/${customer.id}`, method: 'DELETE', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: {} },
    { kind: 'json', name: 'POST /api/users/login', url: '/api/users/login', method: 'POST', handler: payloadRest, valid: { email: `nobody-${uniqueSuffix()}@int.test`, password: 'a wrong password' } },
    { kind: 'json', name: 'POST /api/users/forgot-password', url: '/api/users/forgot-password', method: 'POST', handler: payloadRest, schema: z.object({ email: z.string().min(1) }).strict(), valid: { email: `nobody-${uniqueSuffix()}@int.test` } },
    { kind: 'json', name: 'POST /api/users/reset-password', url: '/api/users/reset-password', method: 'POST', handler: payloadRest, valid: { token: 'a'.repeat(40), password: 'a new long password 1' } },
    { kind: 'json', name: 'POST /api/users/first-register', url: '/api/users/first-register', method: 'POST', handler: payloadRest, transportOnly: true, valid: { email: `first-${uniqueSuffix()}@int.test`, password: 'first long password 1', confirmPassword: 'first long password 1' } },
    { kind: 'json', name: 'POST /api/users/unlock', url: '/api/users/unlock', method: 'POST', handler: payloadRest, transportOnly: true, valid: { email: customer.email } },
    { kind: 'json', name: 'POST /api/orders', url: '/api/orders', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { orderNumber: 'WH-FAKE', totalPence: 0, email: 'ada@example.co.uk' } },
    { kind: 'json', name: 'PATCH /api/orders/:id', url: '/api/orders/1', method: 'PATCH', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { status: 'paid' } },
    { kind: 'json', name: 'POST /api/reservations', url: '/api/reservations', method: 'POST', handler: payloadRest, transportOnly: true, valid: { product: demoBikeId, depositPence: 0 } },
    { kind: 'json', name: 'POST /api/bookings', url: '/api/bookings', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { kind: 'service', day: day(9) } },
    // Erasure confirmed by a password that is not the account's: refused, nothing recorded or erased.
    { kind: 'json', name: 'POST /api/account/erasure (signed in)', url: '/api/account/erasure', method: 'POST', handler: routes.accountErasure.POST, schema: schemas.erasure, headers: signedIn(), valid: { password: 'not the password' } },
    { kind: 'json', name: 'POST /api/data-requests (signed in customer)', url: '/api/data-requests', method: 'POST', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { kind: 'erasure', customer: otherUserId, channel: 'email' } },
    { kind: 'json', name: 'POST /api/stock-holds', url: '/api/stock-holds', method: 'POST', handler: payloadRest, transportOnly: true, valid: { product: productId, quantity: 5 } },
    { kind: 'json', name: 'PATCH /api/products/:id', url: `/api/products/${productId}`, method: 'PATCH', handler: payloadRest, headers: signedIn(), transportOnly: true, valid: { stockQuantity: 0, pricePence: 1 } },
    { kind: 'json', name: 'POST /api/internal/not-found (unsigned)', url: '/api/internal/not-found', method: 'POST', handler: payloadRest, transportOnly: true, valid: { hits: [{ path: '/x', count: 1, referrer: null, at: new Date().toISOString() }] } },
    { kind: 'text', name: 'POST /api/internal/not-found (signed)', url: '/api/internal/not-found', method: 'POST', handler: payloadRest, signed: true, schema: notFoundBatch, valid: { hits: [{ path: '/x', count: 1, referrer: null, at: new Date().toISOString() }] } },
    { kind: 'json', name: 'POST /api/internal/search-log (unsigned)', url: '/api/internal/search-log', method: 'POST', handler: payloadRest, transportOnly: true, valid: { at: new Date().toISOString(), searches: [{ kind: 'results', q: 'honda', count: 1, withoutResults: 0 }] } },
    { kind: 'text', name: 'POST /api/internal/search-log (signed)', url: '/api/internal/search-log', method: 'POST', handler: payloadRest, signed: true, schema: searchLogBatch, valid: { at: new Date().toISOString(), searches: [{ kind: 'results', q: 'honda', count: 1, withoutResults: 0 }] } },
    { kind: 'text', name: 'POST /api/internal/revalidate (signed)', url: '/api/internal/revalidate', method: 'POST', handler: payloadRest, signed: true, transportOnly: true, valid: { kind: 'product', id: productId } },
    // A stock push from a dealer's system: a dry run of the product's own stock, which changes nothing.
    { kind: 'json', name: 'POST /api/used-bikes/lookup (staff API key)', url: '/api/used-bikes/lookup', method: 'POST', handler: routes.usedBikeLookup.POST, schema: schemas.usedBikeLookup, headers: { authorization: `users API-Key ${STAFF_API_KEY}` }, valid: { registration: 'WH19 MOT' } },
    { kind: 'json', name: 'POST /api/catalogue/import (staff API key)', url: '/api/catalogue/import', method: 'POST', handler: routes.catalogueImport.POST, schema: schemas.catalogueImport, headers: { authorization: `users API-Key ${STAFF_API_KEY}` }, valid: { dryRun: true, rows: [{ sku: productSku, stock: '5', price: '25.00' }] } },
    { kind: 'json', name: 'POST /api/internal/revalidate (unsigned)', url: '/api/internal/revalidate', method: 'POST', handler: payloadRest, transportOnly: true, valid: { kind: 'product', id: productId } },
  ]
}

function requestOf(endpoint: HttpEndpoint, bad: BadBody): Request {
  const headers = new Headers({ origin: SITE, host: 'localhost:3000', ...endpoint.headers })
  if (bad.contentType) headers.set('content-type', bad.contentType)
  if (endpoint.signed && typeof bad.body === 'string') headers.set('x-wheelhouse-signature', signNotFoundBatch(bad.body, payloadSecret(env().PAYLOAD_SECRET)))
  if (endpoint.kind === 'form' && bad.contentType === 'application/json') headers.set('content-type', 'application/x-www-form-urlencoded')
  const body = endpoint.method === 'DELETE' && bad.body === null ? undefined : (bad.body ?? undefined)
  return new Request(`${SITE}${endpoint.url}`, { method: endpoint.method, headers, body: body as BodyInit | undefined })
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return { status: response.status, json, location: response.headers.get('location'), text }
}

/** The corpus for one endpoint: every transport fault, a seeded sample of single faults, and seeded random junk. */
function corpusFor(endpoint: HttpEndpoint, seed: number): BadBody[] {
  const rng = seededRng(seed)
  // Signed server-to-server bodies are read whatever their declared type: the signature is what is checked.
  const out = transportFaults(endpoint.valid).filter((f) => !(endpoint.kind === 'text' && (f.name === 'no content type' || f.name === 'text/plain')))
  if (endpoint.kind === 'form') {
    // A form endpoint's own faults: a form that lacks its fields, repeats them, or carries junk in them.
    const good = new URLSearchParams(Object.entries(endpoint.valid).map(([k, v]) => [k, String(v)]))
    const junk = new URLSearchParams(good)
    for (const k of good.keys()) junk.set(k, 'x\u0000'.repeat(3000))
    out.push({ name: 'the form with junk values', contentType: 'application/x-www-form-urlencoded', body: junk.toString() })
    out.push({ name: 'an empty form', contentType: 'application/x-www-form-urlencoded', body: '' })
    out.push({ name: 'a form with __proto__ fields', contentType: 'application/x-www-form-urlencoded', body: `__proto__[role]=admin&constructor[prototype][x]=1&${good}` })
    out.push({ name: 'a form over 8 KB', contentType: 'application/x-www-form-urlencoded', body: `${good}&pad=${'x'.repeat(9000)}` })
  }
  if (endpoint.transportOnly) return out
  const candidates = mutationsOf(endpoint.valid).filter((m) => !(m.optional && endpoint.schema?.safeParse(m.value).success))
  for (const m of shuffled(candidates, rng).slice(0, MUTATIONS_PER_ENDPOINT)) out.push({ name: m.name, contentType: 'application/json', body: JSON.stringify(m.value) })
  for (let i = 0; i < FUZZ_PER_ENDPOINT; i++) {
    const value = randomJson(rng)
    if (endpoint.schema?.safeParse(value).success) continue
    out.push({ name: `random junk #${i + 1}`, contentType: 'application/json', body: JSON.stringify(value) })
  }
  return out
}

type Failure = { endpoint: string; request: string; status: number; why: string; body: string }

function judge(endpoint: HttpEndpoint, a: Answer): string | null {
  if (endpoint.kind === 'form') {
    // A hosted form answers as a page would: a 4xx, or a 303 back to the form (never onward to a shop's return URL).
    if (a.status === 303) return a.location?.startsWith('/test-gateway/pay/') ? null : `redirected onward to ${a.location}`
    if (a.status >= 400 && a.status < 500) return a.text.trim().length > 0 ? null : 'an empty error body'
    return `status ${a.status}`
  }
  if (a.status < 400 || a.status >= 500) return `status ${a.status}`
  if (!a.json || typeof a.json !== 'object') return 'the error body is not JSON'
  const message = JSON.stringify(a.json)
  if (!/"(message|error|errors|code)"/i.test(message)) return 'the error body says nothing'
  return null
}

// ---------------------------------------------------------------- server actions (the no-JavaScript forms)

type Action = { readonly name: string; readonly run: (form: FormData) => Promise<unknown>; readonly valid: Record<string, string>; readonly signedIn?: boolean; readonly optional?: readonly string[] }

function actions(): Action[] {
  const none = { status: 'idle' } as never
  return [
    { name: 'signInAction', run: (f) => accountActions.signInAction(none, f), valid: { email: customer.email, password: 'not the password', next: '/account' } },
    { name: 'registerAction', run: (f) => accountActions.registerAction(none, f), valid: { firstName: 'Form', lastName: 'Customer', email: `form-${uniqueSuffix()}@int.test`, password: 'a sturdy long form password 9', confirmPassword: 'a sturdy long form password 9' } },
    { name: 'forgotPasswordAction', run: (f) => accountActions.forgotPasswordAction(none, f), valid: { email: 'x' } },
    { name: 'resetPasswordAction', run: (f) => accountActions.resetPasswordAction(none, f), valid: { token: 'a'.repeat(40), password: 'a new long password 1', confirmPassword: 'a new long password 1' } },
    { name: 'updateDetailsAction', run: (f) => accountActions.updateDetailsAction(none, f), signedIn: true, optional: ['phone'], valid: { firstName: 'Sweep', lastName: 'Customer', phone: '07700900123', addressCount: '1', 'addresses.0.line1': '3 High St', 'addresses.0.town': 'York', 'addresses.0.postcode': 'YO1 1AA' } },
    { name: 'changePasswordAction', run: (f) => accountActions.changePasswordAction(none, f), signedIn: true, valid: { currentPassword: 'not the password', newPassword: 'a brand new long password 5', confirmPassword: 'a brand new long password 5' } },
    { name: 'lookupOrderAction', run: (f) => accountActions.lookupOrderAction(none, f), valid: { orderNumber: 'WH-NOPE', email: 'ada@example.co.uk' } },
    {
      name: 'bookServiceAction', run: (f) => bookingActions.bookServiceAction(none, f),
      valid: { tierId: String(tierId), day: day(9), make: 'Trek', model: 'Domane', bikeType: 'road', notes: '', firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700900123', extraWorkLimit: '20', acceptTerms: 'on' },
    },
    { name: 'bookTestRideAction', run: (f) => bookingActions.bookTestRideAction(none, f), valid: { productId: String(demoBikeId), slot: `${day(9)} 10:00`, licence: 'A2', firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700900123', acceptTerms: 'on' } },
    { name: 'manageBookingAction', run: (f) => bookingActions.manageBookingAction(none, f), valid: { action: 'cancel', token: 'bk1.forged.token' } },
    { name: 'askAboutBikeAction', run: (f) => dealActions.askAboutBikeAction(none, f), optional: ['consent'], valid: { productId: String(demoBikeId), message: 'Is it still available?', firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700900123', consent: 'on' } },
    { name: 'chooseHandoverAction', run: (f) => dealActions.chooseHandoverAction(none, f), valid: { dealId: '1', token: 'forged.deal.token', handover: 'collection' } },
  ]
}

/**
 * Every server action in src must be in actions(): each module that opens with 'use server' is read, and every
 * function it exports is looked for by name. A 'use server' inside a function elsewhere is listed here with why
 * the sweep leaves it out, so a new one fails this check until someone decides.
 */
const INLINE_SERVER_FUNCTIONS: Record<string, string> = {
  'src/app/(payload)/layout.tsx': 'Payload’s generated admin serverFunction: every admin function it dispatches checks the admin session itself.',
}

async function serverActionInventory(): Promise<{ modules: Record<string, string[]>; inline: string[] }> {
  const { readdir, readFile } = await import('node:fs/promises')
  const path = await import('node:path')
  const root = path.resolve(__dirname, '../..')
  const modules: Record<string, string[]> = {}
  const inline: string[] = []
  for (const entry of await readdir(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const text = await readFile(file, 'utf8')
    if (!/['"]use server['"]/.test(text)) continue
    const rel = path.relative(root, file).split(path.sep).join('/')
    if (/^\s*['"]use server['"]/.test(text)) {
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>
      modules[rel] = Object.entries(mod).filter(([, v]) => typeof v === 'function').map(([k]) => k)
    } else inline.push(rel)
  }
  return { modules, inline }
}

const NOT_A_FORM: [string, unknown][] = [
  ['a string in place of the form', 'email=a@b.c&password=x'],
  ['null in place of the form', null],
  ['an object in place of the form', { email: 'ada@example.co.uk', get: 'not a function' }],
  ['an array in place of the form', [['email', 'ada@example.co.uk']]],
  ['a number in place of the form', 42],
]

/** Form faults: each field missing, empty, over-long, with control characters, a file instead of text; fields that do not exist. */
function formCorpus(action: Action, rng: ReturnType<typeof seededRng>): { name: string; form: FormData; headers?: Record<string, string> }[] {
  const make = (entries: Record<string, string | Blob>) => {
    const f = new FormData()
    for (const [k, v] of Object.entries(entries)) f.append(k, v)
    return f
  }
  const out: { name: string; form: FormData; headers?: Record<string, string> }[] = [
    { name: 'an empty form', form: make({}) },
    { name: 'only unknown fields', form: make({ __proto__x: 'a', constructor: 'b', totalPence: '0' }) },
    // The valid form itself, posted from another site: refused before anything is read.
    { name: 'the valid form from another site', form: make(action.valid), headers: { origin: 'https://evil.example' } },
    { name: 'the valid form marked cross-site, without Origin', form: make(action.valid), headers: { origin: '', 'sec-fetch-site': 'cross-site' } },
    // Anyone can call a server action with any arguments Next can encode in place of the page's FormData.
    ...NOT_A_FORM.map(([name, value]) => ({ name, form: value as FormData })),
  ]
  const candidates: { name: string; form: FormData }[] = []
  // Faults that make a field wrong whatever the form: optional fields' empties are not faults, so only required-looking ones are emptied.
  const mustHave = ['message', 'handover', 'dealId', 'email', 'password', 'firstName', 'lastName', 'token', 'orderNumber', 'tierId', 'day', 'make', 'productId', 'slot', 'licence', 'phone', 'acceptTerms', 'newPassword', 'confirmPassword', 'action', 'addresses.0.line1', 'addresses.0.postcode']
  for (const field of Object.keys(action.valid)) {
    if (field === 'next' || field === 'addressCount') continue
    const { [field]: _gone, ...rest } = action.valid
    const required = mustHave.includes(field) && !action.optional?.includes(field)
    if (required) {
      candidates.push({ name: `${field} missing`, form: make(rest) })
      candidates.push({ name: `${field} empty`, form: make({ ...rest, [field]: '' }) })
    }
    candidates.push({ name: `${field} over-long`, form: make({ ...rest, [field]: 'x'.repeat(5000) }) })
    candidates.push({ name: `${field} with a NUL`, form: make({ ...rest, [field]: `${action.valid[field]}\u0000` }) })
    // A file where text belongs reads as an empty field: a fault only where the field is required.
    if (required) candidates.push({ name: `${field} as a file`, form: make({ ...rest, [field]: new Blob(['junk'], { type: 'text/plain' }) }) })
  }
  return [...out, ...shuffled(candidates, rng).slice(0, 14)]
}

// ---------------------------------------------------------------- the sweep

const db = process.env.TEST_DB ?? 'sqlite'

describe(`bad input sweep on ${db} (seed ${SEED})`, () => {
  it('answers every malformed request with a 4xx and an error message, and changes nothing', async () => {
    const failures: Failure[] = []
    const perEndpoint: Record<string, { requests: number; statuses: Record<number, number> }> = {}
    let before = await snapshot()
    let total = 0
    const started = Date.now()

    const list = endpoints()
    for (const [index, endpoint] of list.entries()) {
      const tally = (perEndpoint[endpoint.name] = { requests: 0, statuses: {} as Record<number, number> })
      if (endpoint.schema && !endpoint.transportOnly) expect(endpoint.schema.safeParse(endpoint.valid).success, `${endpoint.name}: the valid body the faults are made from must pass the endpoint's own schema`).toBe(true)
      for (const bad of corpusFor(endpoint, SEED + index)) {
        currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', ...endpoint.headers })
        let a: Answer
        try {
          a = await answer(await endpoint.handler(requestOf(endpoint, bad)))
        } catch (error) {
          a = { status: 500, json: null, location: null, text: `threw: ${(error as Error).stack ?? String(error)}` }
        }
        total += 1
        tally.requests += 1
        tally.statuses[a.status] = (tally.statuses[a.status] ?? 0) + 1
        const wrong = judge(endpoint, a)
        const after = await snapshot()
        const changed = Object.keys(before).filter((k) => before[k] !== after[k])
        if (wrong) failures.push({ endpoint: endpoint.name, request: bad.name, status: a.status, why: wrong, body: a.text.slice(0, 300) })
        if (changed.length > 0) failures.push({ endpoint: endpoint.name, request: bad.name, status: a.status, why: `changed ${changed.join(', ')}`, body: a.text.slice(0, 300) })
        before = after
      }
    }

    for (const [index, action] of actions().entries()) {
      const tally = (perEndpoint[`action ${action.name}`] = { requests: 0, statuses: {} as Record<number, number> })
      for (const { name, form, headers } of formCorpus(action, seededRng(SEED + 1000 + index))) {
        currentHeaders = new Headers({ origin: SITE, host: 'localhost:3000', ...(action.signedIn ? signedIn() : {}), ...headers })
        if (currentHeaders.get('origin') === '') currentHeaders.delete('origin')
        jar.clear()
        let state: unknown
        let wrong: string | null = null
        try {
          state = await action.run(form)
          const s = state as { status?: string; message?: string }
          if (s?.status !== 'error') wrong = `answered ${JSON.stringify(state).slice(0, 200)}`
          else if (!s.message) wrong = 'an error state without a message'
        } catch (error) {
          wrong = error instanceof Redirected ? `redirected to ${error.message}` : `threw: ${(error as Error).message}`
        }
        total += 1
        tally.requests += 1
        const key = wrong ? 500 : 400
        tally.statuses[key] = (tally.statuses[key] ?? 0) + 1
        const after = await snapshot()
        const changed = Object.keys(before).filter((k) => before[k] !== after[k])
        if (wrong) failures.push({ endpoint: `action ${action.name}`, request: name, status: 0, why: wrong, body: '' })
        if (changed.length > 0) failures.push({ endpoint: `action ${action.name}`, request: name, status: 0, why: `changed ${changed.join(', ')}`, body: JSON.stringify(state ?? null).slice(0, 200) })
        before = after
      }
    }

    const lines = Object.entries(perEndpoint).map(([name, t]) => `  ${String(t.requests).padStart(3)}  ${name}  ${Object.entries(t.statuses).map(([s, n]) => `${s}×${n}`).join(' ')}`)
    console.info(
      [
        `bad input sweep on ${db}, seed ${SEED}: ${total} requests at ${Object.keys(perEndpoint).length} endpoints in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failures`,
        '  (server actions: 400 = an error state, 500 = anything else)',
        ...lines,
        ...failures.map((f) => `  FAIL ${f.endpoint} <- ${f.request}: ${f.why} ${f.body}`),
      ].join('\n'),
    )
    expect(total).toBeGreaterThanOrEqual(400)
    expect(failures).toEqual([])
  }, 420_000)

  it('sweeps every server action in src: each exported action of a \'use server\' module is in the sweep', async () => {
    const { modules, inline } = await serverActionInventory()
    const swept = new Set(actions().map((a) => a.name))
    const missing = Object.entries(modules).flatMap(([file, names]) => names.filter((n) => !swept.has(n)).map((n) => `${file}: ${n}`))
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(2)
    expect(missing).toEqual([])
    expect(inline.filter((file) => !(file in INLINE_SERVER_FUNCTIONS))).toEqual([])
  })

  it('a rate limit answers 429 with JSON, never a 5xx, and the requests over it change nothing', async () => {
    const before = await snapshot()
    process.env.RATE_LIMITS = 'on'
    try {
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) {
        const response = await routes.reserve.POST(new Request(`${SITE}/api/reserve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-wheelhouse-client-address': '203.0.113.201' }, body: '{"productId":-1}' }))
        statuses.push(response.status)
        if (i === 10) expect(await response.json()).toMatchObject({ error: 'rate_limited', message: expect.any(String) })
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
      expect(statuses[10]).toBe(429)
    } finally {
      process.env.RATE_LIMITS = 'off'
    }
    expect(await snapshot()).toEqual(before)
  })

  it('search suggestions (GET /api/search/suggest): oversized, repeated or unreadable q is a 400; search syntax and injection are only words', async () => {
    const before = await snapshot()
    const ask = async (query: string) => {
      const response = await routes.searchSuggest.GET(new Request(`${SITE}/api/search/suggest?${query}`))
      return { status: response.status, body: await response.json() }
    }
    const refused = [`q=${'a'.repeat(101)}`, `q=${'é'.repeat(101)}`, 'q=a&q=b', 'q=honda%00', 'q=%1B%5B2J', 'q=tab%09tab', `q=${encodeURIComponent('\u007f')}`]
    for (const query of refused) {
      const a = await ask(query)
      expect(a.status, query).toBe(400)
      expect(a.body, query).toMatchObject({ error: expect.stringMatching(/^(invalid_request|invalid_characters)$/), message: expect.any(String) })
    }
    const words = ['"', '*', '"honda" NEAR("ktm")', 'AND OR NOT', "'; DROP TABLE products; --", 'honda:* & !ktm', '(((', '\\', '%', '_', '{}', 'ünïcödé ✓', 'ﷺ', '😀 bike', `a${' '.repeat(98)}b`, '', 'q']
    for (const q of words) {
      const a = await ask(`q=${encodeURIComponent(q)}`)
      expect(a.status, q).toBe(200)
      expect(a.body, q).toMatchObject({ products: expect.any(Array), brands: expect.any(Array), categories: expect.any(Array) })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('invoice and credit-note downloads (GET /api/documents/:number) and the stock book: bad numbers, links and callers get a clear 4xx and change nothing', async () => {
    const before = await snapshot()
    jar.clear()
    const ask = async (path: string, headers: Record<string, string> = {}) => {
      currentHeaders = new Headers({ host: 'localhost:3000', ...headers })
      const route = path.startsWith('/api/stock-book') ? routes.stockBook : routes.documents
      const response = await route.GET(new Request(`${SITE}${path}`, { headers: currentHeaders }))
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const numbers = ['', 'x', 'INV-', 'INV-12', 'INV-0000001234567890', 'inv-000001%00', '..%2F..%2Fetc%2Fpasswd', encodeURIComponent("INV-000001' OR '1'='1"), encodeURIComponent('INV-٠٠٠٠٠١'), 'CN-00000a', 'a'.repeat(5000), '%F0%9F%98%80', '%E0%A4%A']
    for (const n of numbers) {
      const a = await ask(`/api/documents/${n}`)
      expect(a.status, n).toBe(400)
      expect(a.body, n).toMatchObject({ error: 'invalid_request', message: expect.any(String) })
    }
    // Well-formed, but no such document or not this caller's: the same 404 either way.
    for (const [path, headers] of [['/api/documents/INV-999999', {}], ['/api/documents/CN-000001', signedIn()], ['/api/documents/INV-000001?access=forged.token', {}]] as const) {
      const a = await ask(path, headers)
      expect(a.status, path).toBe(404)
      expect(a.body, path).toMatchObject({ error: 'not_found', message: expect.any(String) })
    }
    for (const access of ['no-dot', 'a.b.c', `${'a'.repeat(2000)}.b`, '%00.%00']) {
      const a = await ask(`/api/documents/INV-000001?access=${access}`)
      expect(a.status, access).toBe(400)
    }
    for (const headers of [{}, signedIn()]) expect((await ask('/api/stock-book', headers)).status).toBe(403)
    expect(await snapshot()).toEqual(before)
  })
})
