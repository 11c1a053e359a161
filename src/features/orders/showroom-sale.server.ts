// Staff convert a reservation to a sale in the shop (admin › Reservations): a real order for the bike at the
// catalogue's price, the deposit recorded as paid towards it, and the held unit moved from the reservation to
// the order as sold in one unit of work (never back on the shelf in between), claimed once.
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { itemIdFor, NO_SHIPPING } from '../../domain/basket/basket'
import { orderVatLines } from '../../domain/invoices/order-vat-lines'
import { queueInvoiceJob } from '../invoices/issue-invoice.server'
import { formatPence } from '../../domain/money'
import { depositDeduction } from '../../domain/reservations/reservation-rules'
import type { Reservation } from '../../payload-types'
import { dealerShopOf } from '../basket/pickup-location.server'
import { priceBasket } from '../basket/price-basket.server'
import { deletePendingOrder, uniqueOrderNumber } from './place-order.server'
import { isUniqueViolation, type TransactionId } from '../../cms/sql.server'
import { orderStockRef, transferHeldStock } from '../stock/stock-ledger.server'
import { ownerStatements } from '../records/owner-change.server'
import { orderLineOf } from './new-order'
import { reservationStockRef } from '../reservations/reservation-lifecycle.server'
import { SHOWROOM_PROVIDER } from '../payments/providers.server'

export type ShowroomSale =
  | { readonly ok: true; readonly orderId: number; readonly orderNumber: string; readonly totalPence: number; readonly depositPence: number; readonly paid: boolean }
  | { readonly ok: false; readonly status: 409 | 422; readonly message: string }

/**
 * One order per conversion of one version of a reservation: a second conversion of the same version (a double
 * click, two staff at once) finds this key taken; a reservation handed back by a cancelled sale has a new version.
 */
export const showroomCheckoutKey = (r: Pick<Reservation, 'reservationNumber' | 'updatedAt'>) => `showroom-${r.reservationNumber}-${new Date(r.updatedAt).getTime()}`

const alreadyConverting: ShowroomSale = { ok: false, status: 409, message: 'This reservation has just changed (converted by someone else, cancelled, expired or completed online). Reload it; nothing was changed.' }

/**
 * Creates the order for an active reservation sold in the showroom and moves its held unit to it as sold,
 * claiming the reservation (active → converted) in the same unit of work. On PostgreSQL everything runs in
 * the caller's transaction; on SQLite the order is written 'pending' first and removed if the claim fails.
 */
export async function sellReservationInShowroom(
  payload: Payload,
  r: Reservation,
  who: { readonly by?: number; readonly actor: string },
  transactionID: TransactionId,
  now = new Date(),
): Promise<ShowroomSale> {
  const req: Partial<PayloadRequest> = transactionID != null ? { transactionID } : {}
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const variantId = r.variant == null ? null : typeof r.variant === 'object' ? r.variant.id : r.variant
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  // The unit is the reservation's: it counts as in stock for this sale only.
  const heldForCustomer = new Map([[itemIdFor({ productId, variantId: variantId ?? undefined }), 1]])
  const priced = await priceBasket(payload, [{ productId, variantId, count: 1 }], { deliveryMethod: 'free', req, now, heldForCustomer, settings })
  const line = priced.lines[0]
  if (!line || priced.lines.length !== 1 || priced.problems.some((p) => p.kind === 'product_gone')) {
    return { ok: false, status: 422, message: `The ${r.productName} is no longer on sale in the catalogue (withdrawn or without a price), so no order can be made for it. Put it back on sale, or release the reservation.` }
  }
  const deposit = depositDeduction(priced.totals.totalPence, r.depositPence)
  const balance = priced.totals.totalPence - deposit
  const paid = balance === 0
  const status = paid ? 'paid' : 'awaiting_payment'
  const dealer = dealerShopOf(settings)
  const orderNumber = await uniqueOrderNumber(payload, req)
  const at = now.toISOString()
  const checkoutKey = showroomCheckoutKey(r)
  const taken = await payload.count({ collection: 'orders', where: { checkoutKey: { equals: checkoutKey } }, overrideAccess: true, req })
  if (taken.totalDocs > 0) return alreadyConverting
  let order
  try {
    order = await payload.create({
    collection: 'orders',
    overrideAccess: true,
    depth: 0,
    req,
    context: { orderLifecycle: true },
    data: {
      orderNumber,
      kind: 'card',
      status,
      customer: r.customer == null ? undefined : typeof r.customer === 'object' ? r.customer.id : r.customer,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address: { country: 'GB' },
      delivery: {
        method: 'free',
        feePence: 0,
        feeToBeQuoted: false,
        firstName: r.firstName,
        lastName: r.lastName,
        shippingAddress: dealer ? { line1: dealer.address1, line2: dealer.address2, town: dealer.city, postcode: dealer.postcode, country: 'GB' } : undefined,
      },
      lines: [orderLineOf({ ...line.item, count: 1 })],
      subtotalPence: priced.totals.subtotalPence,
      discountPence: priced.totals.discountPence,
      vatPence: priced.totals.vatPence,
      vatBreakdown: priced.totals.vatBreakdown.map((t) => ({ ...t })),
      vatLines: orderVatLines(priced.basket, { ...NO_SHIPPING, feePence: priced.totals.shippingPence }).map((p) => ({ ...p })),
      totalPence: balance,
      reservation: r.id,
      reservationDepositPence: deposit,
      stock: { state: 'pending', couponCounted: false },
      payment: { provider: SHOWROOM_PROVIDER, paidAt: paid ? at : undefined, refundedPence: 0 },
      checkoutKey,
      history: [
        {
          at,
          by: who.by,
          actor: who.actor,
          to: status,
          note: `Sold in the showroom from reservation ${r.reservationNumber}: price ${formatPence(priced.totals.totalPence)}, reservation deposit ${formatPence(deposit)} paid towards it online, ${paid ? 'nothing left to pay' : `balance ${formatPence(balance)} to pay in the showroom (mark the order Paid when it is taken)`}. Bike sold to this order from the reservation's hold.`,
        },
      ],
    },
    })
  } catch (error) {
    // The other conversion of this version wrote its order first (the key is unique): this one changes nothing.
    const twin = await payload.count({ collection: 'orders', where: { checkoutKey: { equals: checkoutKey } }, overrideAccess: true }).catch(() => ({ totalDocs: 0 }))
    if (twin.totalDocs > 0 || isUniqueViolation(error)) return alreadyConverting
    throw error
  }
  const moved = await transferHeldStock(payload, transactionID, reservationStockRef(r.id), orderStockRef(order.id), {
    owners: [
      ownerStatements({ table: 'reservations', id: r.id, fromStatuses: ['active'], status: 'converted', stockState: 'committed' }),
      ownerStatements({ table: 'orders', id: order.id, stockState: 'committed' }),
    ],
    as: 'sold',
    now,
  })
  if (!moved.ownerChanged || moved.rows === 0) {
    // PostgreSQL: the caller rolls its transaction (and this order) back. SQLite: nothing moved; the order goes.
    if (transactionID == null) await deletePendingOrder(payload, order.id)
    return alreadyConverting
  }
  // Nothing left to pay: sold and paid now, so its invoice is queued with the sale (ADR 049).
  if (paid) await queueInvoiceJob(payload, transactionID, order.id, now)
  return { ok: true, orderId: order.id, orderNumber, totalPence: balance, depositPence: deposit, paid }
}
