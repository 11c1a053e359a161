// Finance orders (spec §7 calls 5-6): an order may only name a quote the shop really gave, for the bike it was given for;
// accessories financed with it come from that recorded quote, never from the caller.
import type { Payload } from 'payload'
import { z } from '../../../lib/zod'
import { addressSchema, contactSchema } from '../../checkout/checkout-form'
import type { PlaceOrderInput, PlaceOrderResult } from '../../orders/order-contract'
import { fileValuationWith, valuationRefusal } from '../part-exchange'
import { financeOrderRequest, id, orderReferenceRequest, type FinanceOrderRequest, type OrderReferenceRequest } from './finance-order-request'

export { financeOrderRequest, orderReferenceRequest, type FinanceOrderRequest, type OrderReferenceRequest }

export type PlaceOrderFn = (payload: Payload, input: PlaceOrderInput) => Promise<PlaceOrderResult>


export type FinanceOrderOutcome =
  | { readonly ok: true; readonly orderId: number; readonly orderNumber: string; readonly created: boolean }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly problems?: readonly string[] }

function issues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((i) => `${prefix}${i.path.join('.')}${i.path.length ? ': ' : ''}${i.message}`)
}

export async function createFinanceOrder(
  payload: Payload,
  request: FinanceOrderRequest,
  deps: { readonly placeOrder: PlaceOrderFn; readonly customerId?: number | null; readonly now?: Date; /** A reserved bike's reservation, already checked against the caller's signed link. */ readonly reservation?: { readonly id: number } },
): Promise<FinanceOrderOutcome> {
  const contact = contactSchema.safeParse({ firstName: request.firstName, lastName: request.lastName, email: request.email, phone: request.phone })
  const address = addressSchema.safeParse({ line1: request.shippingAddress.address1, line2: request.shippingAddress.address2 ?? '', town: request.shippingAddress.city, postcode: request.shippingAddress.postcode })
  const problems = [...(contact.success ? [] : issues(contact.error)), ...(address.success ? [] : issues(address.error, 'shippingAddress.'))]
  if (!contact.success || !address.success) return { ok: false, status: 400, message: 'Some details need correcting.', problems }

  const found = await payload.find({ collection: 'finance-quotes', where: { quoteUid: { equals: request.quoteId } }, limit: 1, depth: 0, overrideAccess: true })
  const quote = found.docs[0]
  if (!quote) return { ok: false, status: 404, message: 'No such finance quote: get a new quote and try again.' }
  const quotedProduct = typeof quote.product === 'object' ? quote.product.id : quote.product
  const quotedVariant = quote.variant === null || quote.variant === undefined ? null : typeof quote.variant === 'object' ? quote.variant.id : quote.variant
  if (quotedProduct !== request.productId || (request.variantId ?? null) !== quotedVariant) {
    return { ok: false, status: 422, message: 'That quote was given for another product.' }
  }
  if (new Date(quote.expiresAt).getTime() <= (deps.now ?? new Date()).getTime()) {
    return { ok: false, status: 422, message: 'That quote has expired: get a new quote and try again.' }
  }
  // A quote may outlive the valuation it priced: the part-exchange is held for a fixed time, then valued again.
  const valuationId = quote.valuation === null || quote.valuation === undefined ? null : typeof quote.valuation === 'object' ? quote.valuation.id : quote.valuation
  const valuationProblem = valuationId === null ? null : await valuationRefusal(payload, valuationId, deps.now ?? new Date())
  if (valuationProblem) return { ok: false, status: 422, message: valuationProblem }
  const facilityType = quote.facilityType === 'PCP' ? 'PCP' : 'HP'
  const accessories = z.array(z.object({ productId: id, variantId: id.nullable() })).catch([]).parse(quote.accessories)
  const lender = await payload.find({ collection: 'lenders', where: { funderCode: { equals: quote.funderCode ?? '' } }, limit: 1, depth: 0, overrideAccess: true })

  const result = await deps.placeOrder(payload, {
    kind: 'finance',
    // One order per quote: asking again with the same quote answers with the same order.
    checkoutKey: `finance-${quote.quoteUid}`.slice(0, 100),
    lines: [
      { productId: request.productId, variantId: request.variantId ?? null, count: 1 },
      ...accessories.map((a) => ({ productId: a.productId, variantId: a.variantId, count: 1 })),
    ],
    deliveryMethod: request.shippingMethod,
    contact: contact.data,
    address: address.data,
    customerId: deps.customerId ?? null,
    finance: {
      quoteId: quote.quoteUid,
      lenderName: quote.lenderName ?? lender.docs[0]?.name ?? quote.productName ?? quote.funderCode ?? 'Lender',
      funderCode: quote.funderCode ?? '',
      facilityType,
      figures: (quote.figures ?? {}) as Record<string, unknown>,
      // What the customer was shown with the quote, as it was recorded then: the application keeps the same evidence.
      shownExample: (quote.shownExample ?? null) as Record<string, unknown> | null,
      disclosures: quote.disclosures
        ? { dealerName: quote.disclosures.dealerName ?? null, fcaFirmReference: quote.disclosures.fcaFirmReference ?? null, brokerStatement: quote.disclosures.brokerStatement ?? null, commissionDisclosure: quote.disclosures.commissionDisclosure ?? null }
        : null,
    },
    reservation: deps.reservation,
  })
  if (!result.ok) {
    const detail = 'problems' in result ? result.problems.map((p) => p.message) : []
    return { ok: false, status: result.status, message: result.message, problems: detail }
  }
  // The part-exchange quoted is filed with the application (and the reservation it completes) for staff to inspect.
  if (valuationId !== null) await fileValuationWith(payload, valuationId, { orderId: result.orderId, reservationId: deps.reservation?.id ?? null })
  return { ok: true, orderId: result.orderId, orderNumber: result.orderNumber, created: result.created }
}

/**
 * Records accessories against a finance order. externalOrderId names the order (the orderId call 5 answered);
 * the email and phone must be that order's, so a caller cannot attach items to someone else's order.
 */
export async function recordOrderReference(payload: Payload, request: OrderReferenceRequest): Promise<{ ok: true; orderId: number; references: number } | { ok: false; status: number; message: string }> {
  const orderId = /^\d+$/.test(request.externalOrderId) ? Number(request.externalOrderId) : null
  const order = orderId ? await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true, disableErrors: true }) : null
  const samePhone = (a: string, b: string) => a.replace(/\D/g, '').slice(-9) === b.replace(/\D/g, '').slice(-9)
  if (!order || order.kind !== 'finance' || order.email.toLowerCase() !== request.email || !samePhone(order.phone, request.phone)) {
    return { ok: false, status: 404, message: 'No finance order with that id, email and phone.' }
  }
  const products = await payload.find({ collection: 'products', where: { id: { in: request.items.map((i) => i.productId) } }, limit: 50, depth: 0, overrideAccess: true, pagination: false, select: { name: true } })
  const known = new Set(products.docs.map((p) => p.id))
  const unknown = request.items.filter((i) => !known.has(i.productId))
  if (unknown.length > 0) return { ok: false, status: 422, message: `Unknown products: ${unknown.map((i) => i.productId).join(', ')}.` }

  const items = request.items.map((i) => ({ productId: i.productId, variantId: i.variantId ?? null }))
  const existing = order.finance?.references ?? []
  const same = existing.find((r) => r.externalSystemName === request.externalSystemName && r.externalOrderId === request.externalOrderId && JSON.stringify(r.items) === JSON.stringify(items))
  if (same) return { ok: true, orderId: order.id, references: existing.length }
  const references = [...existing.map((r) => ({ externalSystemName: r.externalSystemName, externalOrderId: r.externalOrderId, items: r.items })), { externalSystemName: request.externalSystemName, externalOrderId: request.externalOrderId, items }]
  await payload.update({ collection: 'orders', id: order.id, data: { finance: { ...order.finance, references } }, overrideAccess: true, depth: 0 })
  return { ok: true, orderId: order.id, references: references.length }
}
