// Places a card or finance order: prices the basket afresh, holds its stock with one conditional update
// per line, counts the coupon within its limit and writes the order, all or nothing.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { revalidateStorefront } from '../../cms/hooks/revalidate-storefront'
import { resolveShippingAddress } from '../../domain/delivery/delivery'
import { generateOrderNumber } from '../../domain/orders/order-number'
import type { Order } from '../../payload-types'
import { dealerShopOf } from '../basket/pickup-location.server'
import { priceBasket, type PricedBasket } from '../checkout/price-basket.server'
import type { PlaceOrderInput, PlaceOrderRefusal, PlaceOrderResult } from './order-contract'
import { countCouponUse, returnStock, takeStock, uncountCouponUse, type StockLine } from './stock.server'

/** How long a card order keeps its stock while the customer pays. */
export const CARD_HOLD_MINUTES = 15

class Refused extends Error {
  constructor(readonly refusal: PlaceOrderRefusal) {
    super(refusal.message)
  }
}

function refusalFor(priced: PricedBasket, input: PlaceOrderInput): PlaceOrderRefusal | null {
  const gone = priced.problems.filter((p) => p.kind === 'product_gone')
  if (gone.length) {
    return { ok: false, status: 422, code: 'unavailable', message: gone.map((p) => p.message).join(' '), problems: gone.map((p) => ({ itemId: p.itemId, message: p.message })) }
  }
  const short = priced.problems.filter((p) => p.kind === 'out_of_stock' || p.kind === 'count_reduced')
  if (short.length) {
    return { ok: false, status: 409, code: 'sold_out', message: short.map((p) => p.message).join(' '), problems: short.map((p) => ({ itemId: p.itemId, message: p.message })) }
  }
  if (priced.lines.length === 0) return { ok: false, status: 422, code: 'unavailable', message: 'Your basket is empty.', problems: [] }
  if (input.couponCode && priced.coupon?.status !== 'applied') {
    const message = priced.coupon?.status === 'invalid' ? priced.coupon.message : 'That coupon cannot be used.'
    return { ok: false, status: 422, code: 'coupon_invalid', message }
  }
  if (!priced.delivery || priced.deliveryProblem) {
    return { ok: false, status: 422, code: 'delivery_unavailable', message: priced.deliveryProblem ?? 'Please choose a delivery option for this basket.' }
  }
  return null
}

function soldOut(itemId: string, name: string): PlaceOrderRefusal {
  const message = `Sorry, ${name} has just sold out: someone else bought the last one.`
  return { ok: false, status: 409, code: 'sold_out', message, problems: [{ itemId, message }] }
}

async function findByCheckoutKey(payload: Payload, checkoutKey: string, req?: Partial<PayloadRequest>): Promise<Order | undefined> {
  const found = await payload.find({ collection: 'orders', where: { checkoutKey: { equals: checkoutKey } }, limit: 1, depth: 0, overrideAccess: true, req })
  return found.docs[0]
}

async function uniqueOrderNumber(payload: Payload, req: Partial<PayloadRequest>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = generateOrderNumber(randomBytes)
    const taken = await payload.count({ collection: 'orders', where: { orderNumber: { equals: candidate } }, overrideAccess: true, req })
    if (taken.totalDocs === 0) return candidate
  }
  throw new Error('Could not find a free order number')
}

/** Lines in a fixed order (table, id) so two orders never lock the same rows in opposite orders. */
function stockLinesOf(priced: PricedBasket): (StockLine & { itemId: string; name: string })[] {
  return priced.lines
    .map((l) => ({
      itemId: l.item.itemId,
      name: l.item.product.name,
      productId: Number(l.item.product.productId),
      variantId: l.item.product.variantId != null ? Number(l.item.product.variantId) : null,
      count: l.item.count,
    }))
    .sort((a, b) => (a.variantId ? 1 : 0) - (b.variantId ? 1 : 0) || (a.variantId ?? a.productId) - (b.variantId ?? b.productId))
}

async function dealerShopAddress(payload: Payload, req: Partial<PayloadRequest>) {
  return dealerShopOf(await payload.findGlobal({ slug: 'site-settings', depth: 0, req }))
}

export async function placeOrder(payload: Payload, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = new Date()
  const existing = await findByCheckoutKey(payload, input.checkoutKey)
  if (existing) return { ok: true, orderId: existing.id, orderNumber: existing.orderNumber, totalPence: existing.totalPence, created: false }

  // Stock held by abandoned card checkouts goes back before we look at what is left.
  try {
    const { releaseExpiredHolds } = await import('./order-lifecycle.server')
    await releaseExpiredHolds(payload, now)
  } catch (error) {
    payload.logger.warn({ err: error }, 'releasing expired stock holds before checkout failed')
  }

  // PostgreSQL: one real transaction. SQLite: this shop runs Payload's SQLite adapter without transactions
  // (libsql's driver is synchronous, so a second connection waiting for the write lock would block the
  // whole process), so every step here is undone by hand if a later one fails. Either way each stock
  // change is a single conditional UPDATE, which is what makes overselling impossible.
  const transactionID = (await payload.db.beginTransaction()) ?? null
  const req: Partial<PayloadRequest> = transactionID != null ? { transactionID } : {}
  const undo: (() => Promise<void>)[] = []
  try {
    const priced = await priceBasket(payload, input.lines, { couponCode: input.couponCode, deliveryMethod: input.deliveryMethod, req, now })
    const refusal = refusalFor(priced, input)
    if (refusal) throw new Refused(refusal)

    for (const line of stockLinesOf(priced)) {
      if (!(await takeStock(payload, transactionID, line))) throw new Refused(soldOut(line.itemId, line.name))
      undo.push(() => returnStock(payload, null, line))
    }

    let couponCounted = false
    if (priced.couponId != null) {
      if (!(await countCouponUse(payload, transactionID, priced.couponId))) {
        throw new Refused({ ok: false, status: 422, code: 'coupon_invalid', message: 'That coupon has reached its usage limit.' })
      }
      couponCounted = true
      const couponId = priced.couponId
      undo.push(() => uncountCouponUse(payload, null, couponId))
    }

    const delivery = priced.delivery!
    const shipping = resolveShippingAddress(delivery.method, {
      customer: { firstName: input.contact.firstName, lastName: input.contact.lastName, address1: input.address.line1, address2: input.address.line2, city: input.address.town, postcode: input.address.postcode },
      dealerShop: delivery.addressSource === 'dealer' ? await dealerShopAddress(payload, req) : null,
    })
    if (!shipping.ok && shipping.reason === 'pickup_location_not_found') payload.logger.warn({ method: delivery.method }, shipping.logMessage)
    if (!shipping.ok && shipping.reason !== 'pickup_location_not_found') {
      throw new Refused({ ok: false, status: 422, code: 'delivery_unavailable', message: shipping.message })
    }

    const finance = input.kind === 'finance'
    const holdExpiresAt = finance ? null : new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString()
    const orderNumber = await uniqueOrderNumber(payload, req)
    const totals = priced.totals
    const order = await payload.create({
      collection: 'orders',
      overrideAccess: true,
      depth: 0, // the answer needs the id and total only
      req,
      context: { orderLifecycle: true },
      data: {
        orderNumber,
        kind: input.kind,
        status: finance ? 'processing' : 'awaiting_payment',
        financeStatus: finance ? 'submitted' : undefined,
        customer: input.customerId ?? undefined,
        firstName: input.contact.firstName,
        lastName: input.contact.lastName,
        email: input.contact.email,
        phone: input.contact.phone,
        address: { line1: input.address.line1, line2: input.address.line2, town: input.address.town, county: input.address.county, postcode: input.address.postcode, country: 'GB' },
        delivery: {
          method: delivery.method,
          feePence: delivery.feePence ?? 0,
          feeToBeQuoted: delivery.feePence === null,
          firstName: shipping.ok ? shipping.address.firstName : undefined,
          lastName: shipping.ok ? shipping.address.lastName : undefined,
          shippingAddress: shipping.ok ? { line1: shipping.address.address1, line2: shipping.address.address2, town: shipping.address.city, postcode: shipping.address.postcode, country: 'GB' } : undefined,
        },
        lines: priced.lines.map((l) => ({
          product: Number(l.item.product.productId),
          variant: l.item.product.variantId != null ? Number(l.item.product.variantId) : undefined,
          name: l.item.product.name.slice(0, 200),
          sku: l.item.product.sku?.slice(0, 60),
          unitPricePence: l.item.product.pricePence,
          count: l.item.count,
          vatRatePercent: l.item.product.vatRatePercent,
          lineTotalPence: l.item.product.pricePence * l.item.count,
        })),
        couponCode: priced.coupon?.status === 'applied' ? priced.coupon.code : undefined,
        coupon: priced.couponId ?? undefined,
        subtotalPence: totals.subtotalPence,
        discountPence: totals.discountPence,
        vatPence: totals.vatPence,
        totalPence: totals.totalPence,
        stock: { state: 'held', holdExpiresAt, couponCounted },
        finance: finance && input.finance ? { ...input.finance, figures: input.finance.figures } : undefined,
        checkoutKey: input.checkoutKey,
        accessTokenHash: input.accessTokenHash,
        history: [
          {
            at: now.toISOString(),
            by: input.customerId ?? undefined,
            actor: 'customer',
            to: finance ? 'processing' : 'awaiting_payment',
            note: finance ? 'Finance application submitted; stock held until staff decide.' : `Order placed; stock held until ${holdExpiresAt} for payment.`,
          },
        ],
      },
    })
    if (transactionID != null) await payload.db.commitTransaction(transactionID)
    await revalidateStorefront(`order ${orderNumber} placed`, payload.logger)
    return { ok: true, orderId: order.id, orderNumber, totalPence: order.totalPence, created: true }
  } catch (error) {
    if (transactionID != null) await payload.db.rollbackTransaction(transactionID)
    else for (const step of undo.reverse()) await step()
    if (error instanceof Refused) return error.refusal
    // Two submissions of one checkout raced: the other one won, and this answer is its order.
    const winner = await findByCheckoutKey(payload, input.checkoutKey).catch(() => undefined)
    if (winner) return { ok: true, orderId: winner.id, orderNumber: winner.orderNumber, totalPence: winner.totalPence, created: false }
    throw error
  }
}
