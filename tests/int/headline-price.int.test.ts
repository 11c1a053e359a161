// A new motorcycle's on-the-road charges (ADR 023), on a real database, are in every figure the
// shop stores or charges. A card order, a completed reservation and a finance order for the seeded new bikes store
// the headline price (price + £250), the card payment asks for it, "left to pay" is it less the deposit, and the
// finance agreement's cash price is it.
import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestGateway } from '../../src/adapters/payments/test-gateway.server'
import { productCharges, productVatTreatment } from '../../src/domain/catalogue/on-the-road'
import { productPrice, type ProductPrice } from '../../src/domain/catalogue/product-price'
import { leftToPayPence } from '../../src/domain/reservations/reservation-rules'
import { createFinanceOrder } from '../../src/features/finance/api/finance-order'
import { financeQuotesForProduct } from '../../src/features/finance/finance-client'
import { priceBasket } from '../../src/features/basket/price-basket.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { paymentUrlFor } from '../../src/features/orders/start-payment.server'
import { depositPaymentUrl, placeReservation } from '../../src/features/reservations/place-reservation.server'
import type { Product } from '../../src/payload-types'
import { orderInput } from './order-fixtures'
import { testPayload } from './payload'
import './secrets'
import { connectedTestGateway } from './test-gateway'

let payload: Payload
let gateway: TestGateway
const db = process.env.TEST_DB ?? 'sqlite'

beforeAll(async () => {
  payload = await testPayload('demo shop')
  gateway = connectedTestGateway(payload)
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
})

async function bike(slug: string): Promise<{ product: Product; price: ProductPrice }> {
  const product = (await payload.find({ collection: 'products', where: { slug: { equals: slug } }, limit: 1, depth: 0, overrideAccess: true })).docs[0]!
  // As basket pricing prices it: a new bike's on-the-road charge in its parts at the default settings (ADR 044).
  const facts = { kind: product.kind, condition: product.condition, engineCc: product.attributes?.engineCc }
  const price = productPrice({ basePricePence: product.price, vatRatePercent: product.vatRate, vatTreatment: productVatTreatment({ ...facts, vatRatePercent: product.vatRate }), charges: productCharges(product.beforeAddToBasketNotification?.extraFee, facts) })!
  return { product, price }
}

const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Rider' }

describe(`the headline price on ${db}`, () => {
  it('the seeded new motorcycles carry £250 on-the-road charges, used bikes and accessories none', async () => {
    expect((await bike('honda-cb125f')).price).toMatchObject({ basePence: 339_900, totalPence: 364_900, charges: [{ pence: 16_800, vat: 'product-rate' }, { pence: 5_500, vat: 'outside-scope' }, { pence: 2_700, vat: 'outside-scope' }] })
    expect((await bike('used-honda-cb500f-2021')).price).toMatchObject({ basePence: 449_500, totalPence: 449_500, charges: [] })
  })

  it('a card order for a new motorcycle stores and charges the headline price, VAT only on what bears it, breakdown in its history', async () => {
    const { product, price } = await bike('honda-cb125f')
    const priced = await priceBasket(payload, [{ productId: product.id, count: 1 }], { deliveryMethod: 'free', images: false })
    expect(priced.totals).toMatchObject({ subtotalPence: price.totalPence, totalPence: price.totalPence, vatPence: price.vatPence })
    const placed = await placeOrder(payload, orderInput([{ productId: product.id, count: 1 }]))
    if (!placed.ok) throw new Error(placed.message)
    const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
    // £3,649 less the £82 paid to DVLA bears VAT: £594.50, not £608.17 (a sixth of the whole).
    expect(order).toMatchObject({ subtotalPence: 364_900, totalPence: 364_900, vatPence: 59_450 })
    expect(order.vatBreakdown).toEqual([
      { treatment: 'standard', ratePercent: 20, grossPence: 356_700, netPence: 297_250, vatPence: 59_450 },
      { treatment: 'outside-scope', ratePercent: 0, grossPence: 8_200, netPence: 8_200, vatPence: 0 },
    ])
    expect(order.lines).toMatchObject([{ unitPricePence: 364_900, lineTotalPence: 364_900, count: 1 }])
    expect(order.history?.[0]?.note).toContain('Includes £250 on-the-road charges: £168 pre-delivery inspection and number plates, £55 DVLA first registration fee and £27 first year’s road tax (outside the scope of VAT).')
    expect(order.history?.[0]?.note).toContain('VAT: VAT 20% £594.50 on £3,567; outside the scope of VAT £82.')
    const session = (await paymentUrlFor(payload, order, gateway.provider)).split('/').pop()!
    expect((await gateway.findSession(payload, session))?.amountPence).toBe(364_900)
  })

  it('a reservation of a new motorcycle records the headline price; completing it stores what was left to pay', async () => {
    const { product, price } = await bike('honda-pcx125')
    const r = await placeReservation(payload, { reservationKey: randomUUID(), productId: product.id, contact: { firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' } })
    if (!r.ok) throw new Error(r.message)
    const reservation = await payload.findByID({ collection: 'reservations', id: r.reservationId, depth: 0, overrideAccess: true })
    expect(reservation.pricePence).toBe(price.totalPence)
    expect(price.totalPence).toBe(359_900 + 25_000)
    const left = leftToPayPence(reservation.pricePence, reservation.depositPence)
    expect(left).toBe(384_900 - r.depositPence)
    const url = await depositPaymentUrl(payload, reservation, gateway.provider)
    expect(await gateway.submitCard(url.split('/').pop()!, card)).toMatchObject({ kind: 'done' })

    const placed = await placeOrder(payload, orderInput([{ productId: product.id, count: 1 }], { reservation: { id: r.reservationId } }))
    if (!placed.ok) throw new Error(placed.message)
    const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
    expect(order).toMatchObject({ subtotalPence: price.totalPence, totalPence: left, reservationDepositPence: r.depositPence })
    expect(order.totalPence + (order.reservationDepositPence ?? 0)).toBe(price.totalPence)
  })

  it('a finance order for the Africa Twin stores the price the agreement’s cash price was quoted on, accessories beside it', async () => {
    const { product, price } = await bike('honda-africa-twin-adventure-sports')
    expect(price.totalPence).toBe(1_674_900)
    const lock = (product.relatedProducts as number[])[0]!
    const outcome = await financeQuotesForProduct(payload, { productId: product.id, termMonths: 48, depositPence: 250_000, annualDistance: 5000, accessories: [{ productId: lock }] })
    if (!outcome.ok) throw new Error(outcome.message)
    const quote = outcome.quotes[0]!
    const lockPrice = outcome.accessories[0]!.pricePence
    // The agreement's cash price is the bike's headline price plus the financed accessory (iVendi's TotalCashPrice).
    expect(quote.example.cashPricePence).toBe(price.totalPence + lockPrice)
    const details = { email: `grace.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700 900456', firstName: 'Grace', lastName: 'Rider', shippingMethod: 'free' as const, shippingAddress: { address1: '2 Low Road', city: 'York', postcode: 'YO1 7HH', country: 'GB' } }
    const placed = await createFinanceOrder(payload, { ...details, quoteId: quote.quoteUid, productId: product.id, variantId: null }, { placeOrder })
    if (!placed.ok) throw new Error(placed.message)
    const order = await payload.findByID({ collection: 'orders', id: placed.orderId, depth: 0, overrideAccess: true })
    expect(order.lines).toMatchObject([{ product: product.id, unitPricePence: price.totalPence }, { product: lock, unitPricePence: lockPrice }])
    expect(order.totalPence).toBe(quote.example.cashPricePence)
    // The figures recorded with the order are the agreement's: its cash price less the accessory is the headline price.
    const recorded = (order.finance?.figures ?? {}) as { TotalCashPrice?: number }
    expect(Math.round((recorded.TotalCashPrice ?? 0) * 100)).toBe(order.totalPence)
    expect(Math.round((recorded.TotalCashPrice ?? 0) * 100) - lockPrice).toBe(price.totalPence)
  })

  it('listings sort and filter by the stored headline price, kept in step with the price and the charge', async () => {
    const { product, price } = await bike('honda-cb650r')
    expect(product.listPrice, 'the migration and the hook store price + charge').toBe(price.totalPence)
    const noFee = await payload.update({ collection: 'products', id: product.id, overrideAccess: true, data: { beforeAddToBasketNotification: { extraFee: { feeValue: null } } } })
    expect(noFee.listPrice).toBe(product.price)
    const newPrice = await payload.update({ collection: 'products', id: product.id, overrideAccess: true, data: { price: 800_000, beforeAddToBasketNotification: { extraFee: { feeValue: 25_000, label: 'On-the-road charges' } } } })
    expect(newPrice.listPrice).toBe(825_000)
    const found = await payload.find({ collection: 'products', overrideAccess: true, depth: 0, where: { and: [{ listPrice: { greater_than_equal: 824_999 } }, { listPrice: { less_than_equal: 825_000 } }, { id: { equals: product.id } }] } })
    expect(found.totalDocs).toBe(1)
  })
})
