// Pricing and checking an order before anything is written: the basket priced afresh from the catalogue and refused
// when it cannot be ordered as it stands, the reservation it completes checked against it, and the order's record
// built from the priced basket (its lines at the catalogue's prices, its totals less any reservation deposit).
// Writing it, taking its stock and what follows are place-order.server.ts.
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { resolveShippingAddress } from '../../domain/delivery/delivery'
import type { SiteSetting } from '../../payload-types'
import { dealerShopOf } from '../basket/pickup-location.server'
import { priceBasket, type PricedBasket } from '../basket/price-basket.server'
import type { PlaceOrderInput, PlaceOrderRefusal } from './order-contract'
import { includedChargesText } from '../../domain/catalogue/product-price'
import { quoteIncludesReservationDeposit } from '../../domain/reservations/reservation-rules'
import { formatPence, poundsToPence } from '../../domain/money'
import { itemIdFor, NO_SHIPPING } from '../../domain/basket/basket'
import { orderVatLines } from '../../domain/invoices/order-vat-lines'
import { vatAnalysisText } from '../../domain/vat/vat'
import { CERTIFICATE_TRANSITIONS } from '../../domain/payments/certificate-lifecycle'
import { schemeLabel } from '../../domain/payments/cycle-to-work'
import { halt, unitStep } from '../../cms/unit-of-work.server'
import { ORDER_START } from '../../domain/orders/order-status'
import { orderLineOf, type NewOrder } from './new-order'

/** Why a priced basket cannot be ordered as it stands (gone, short, empty, a coupon or delivery that does not apply), or null. */
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

/** The reservation an order completes: its bike and the deposit already paid. */
export interface ReservationToComplete {
  readonly id: number
  readonly productId: number
  readonly variantId: number | null
  readonly depositPence: number
}

/**
 * The active reservation a card checkout or a finance application completes; the basket must be exactly its
 * bike. A finance application must carry a quote whose deposit includes the reservation deposit (ADR 011):
 * the figures are the shop's own recorded quote, never the browser's.
 */
export async function reservationFor(payload: Payload, input: PlaceOrderInput, req: Partial<PayloadRequest>): Promise<ReservationToComplete> {
  const unavailable = (message: string, status: 409 | 422 = 409) => halt<PlaceOrderRefusal>({ ok: false, status, code: 'reservation_unavailable', message })
  const r = await payload.find({ collection: 'reservations', where: { id: { equals: input.reservation!.id } }, limit: 1, depth: 0, overrideAccess: true, req }).then((found) => found.docs[0])
  if (!r || r.status !== 'active') throw unavailable('This reservation is no longer active, so it cannot be completed online.')
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const variantId = r.variant == null ? null : typeof r.variant === 'object' ? r.variant.id : r.variant
  const line = input.lines[0]
  if (input.lines.length !== 1 || !line || line.productId !== productId || (line.variantId ?? null) !== variantId || line.count !== 1) {
    throw unavailable('Completing a reservation buys the reserved bike on its own.', 422)
  }
  if (input.couponCode) throw unavailable('Coupons cannot be used when completing a reservation.', 422)
  if (input.kind === 'finance') {
    if (!quoteIncludesReservationDeposit(input.finance?.figures ? financeDepositOf(input) : -1, r.depositPence)) {
      throw unavailable('This finance quote was not worked out with your reservation deposit. Please get a new quote from your reservation link, so the deposit you paid comes off the amount financed.', 422)
    }
  }
  return { id: r.id, productId, variantId, depositPence: r.depositPence }
}

/** The deposit on a finance application's agreement (the recorded quote's TotalDeposit, in pence). */
function financeDepositOf(input: PlaceOrderInput): number {
  const quoted = input.finance?.figures?.TotalDeposit
  return typeof quoted === 'number' && Number.isFinite(quoted) ? poundsToPence(quoted) : 0
}

/** The reservation the order completes, checked against the basket (see reservationFor). */
export const checkReservation = unitStep('check the reservation it completes', (input: PlaceOrderInput, { payload, req }) => reservationFor(payload, input, req))

/** A basket priced for an order, with its delivery and where it goes. */
export interface Priced {
  readonly priced: PricedBasket
  readonly delivery: NonNullable<PricedBasket['delivery']>
  readonly shipping: ReturnType<typeof resolveShippingAddress>
}

/** The basket priced afresh from the catalogue (the reserved bike counted as the customer's own), and where it goes. */
export const priceOrder = unitStep(
  'price the basket',
  async ({ input, reservation, settings, now }: { input: PlaceOrderInput; reservation: ReservationToComplete | null; settings: SiteSetting; now: Date }, { payload, req }): Promise<Priced> => {
    const heldForCustomer = reservation ? new Map([[itemIdFor({ productId: reservation.productId, variantId: reservation.variantId ?? undefined }), 1]]) : undefined
    const priced = await priceBasket(payload, input.lines, { couponCode: input.couponCode, deliveryMethod: input.deliveryMethod, req, now, heldForCustomer, settings, images: false })
    const refusal = refusalFor(priced, input)
    if (refusal) throw halt(refusal)
    const delivery = priced.delivery!
    const shipping = resolveShippingAddress(delivery.method, {
      customer: { firstName: input.contact.firstName, lastName: input.contact.lastName, address1: input.address.line1, address2: input.address.line2, city: input.address.town, postcode: input.address.postcode },
      dealerShop: delivery.addressSource === 'dealer' ? dealerShopOf(settings) : null,
    })
    if (!shipping.ok && shipping.reason === 'pickup_location_not_found') payload.logger.warn({ method: delivery.method }, shipping.logMessage)
    if (!shipping.ok && shipping.reason !== 'pickup_location_not_found') {
      throw halt<PlaceOrderRefusal>({ ok: false, status: 422, code: 'delivery_unavailable', message: shipping.message })
    }
    return { priced, delivery, shipping }
  },
)

/** The order's record as written: its lines at the catalogue's prices, its totals less any reservation deposit. */
export function newOrder({ input, priced, delivery, shipping, orderNumber, deposit, reservation, now, holdExpiresAt }: Priced & { input: PlaceOrderInput; orderNumber: string; deposit: number; reservation: ReservationToComplete | null; now: Date; holdExpiresAt: string }): NewOrder {
  const finance = input.kind === 'finance'
  const totals = { ...priced.totals, totalPence: priced.totals.totalPence - deposit }
  return {
    orderNumber,
    kind: input.kind,
    status: ORDER_START[finance ? 'finance' : 'card'],
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
    lines: priced.lines.map((l) => orderLineOf(l.item)),
    couponCode: priced.coupon?.status === 'applied' ? priced.coupon.code : undefined,
    coupon: priced.couponId ?? undefined,
    subtotalPence: totals.subtotalPence,
    discountPence: totals.discountPence,
    vatPence: totals.vatPence,
    vatBreakdown: totals.vatBreakdown,
    vatLines: orderVatLines(priced.basket, { ...NO_SHIPPING, feePence: priced.totals.shippingPence }),
    totalPence: totals.totalPence,
    paymentMethod: input.paymentMethod,
    certificate: input.paymentMethod === 'cycle_to_work' && input.certificate ? { ...input.certificate, status: CERTIFICATE_TRANSITIONS.submit.to } : undefined,
    reservation: reservation?.id,
    reservationDepositPence: deposit,
    stock: { state: 'pending', holdExpiresAt, couponCounted: priced.couponId != null },
    finance: finance && input.finance ? { ...input.finance, figures: input.finance.figures } : undefined,
    checkoutKey: input.checkoutKey,
    accessTokenHash: input.accessTokenHash,
    history: [
      {
        at: now.toISOString(),
        by: input.customerId ?? undefined,
        actor: 'customer',
        to: ORDER_START[finance ? 'finance' : 'card'],
        note: [
          finance ? `Finance application submitted; stock held until ${holdExpiresAt} unless staff decide or extend it.` : `Order placed; stock held until ${holdExpiresAt} for payment.`,
          input.paymentMethod === 'cycle_to_work' && input.certificate
            ? `${CERTIFICATE_TRANSITIONS.submit.note({ scheme: schemeLabel(input.certificate.scheme), number: input.certificate.number, amount: formatPence(input.certificate.valuePence) })} Card balance ${formatPence(Math.max(0, totals.totalPence - input.certificate.valuePence))}.`
            : '',
          reservation && finance ? `Reservation deposit ${formatPence(deposit)} already paid: part of the ${formatPence(financeDepositOf(input))} deposit on the agreement (${formatPence(Math.max(0, financeDepositOf(input) - deposit))} still to pay on signing).` : '',
          reservation && !finance ? `Reservation deposit ${formatPence(deposit)} already paid comes off the total.` : '',
          `VAT: ${vatAnalysisText(totals.vatBreakdown)}.`,
          // Each line's unit price is its headline price; what it contains is recorded here (ADR 023).
          ...priced.lines.map((l) => {
            const included = includedChargesText({ charges: l.item.product.charges ?? [] })
            return included ? `${l.item.product.name}: unit price ${formatPence(l.item.product.pricePence)}. ${included}` : ''
          }),
        ].filter(Boolean).join(' ').slice(0, 500), // the history note's limit, so staff can still save the order
      },
    ],
  }
}
