// "Ask about this bike": a customer's question opens or joins their deal for the bike, with their choice about
// being contacted. Only a bike on sale may be asked about; the question goes to the sales team's deal hub.
import 'server-only'
import type { Payload } from 'payload'
import { BIKE_KINDS, type ProductKind } from '../../domain/catalogue/product-kind'
import { joinDeal } from './deal-rows.server'
import type { DealStartedRequest, EnquiryRequest } from './enquiry-request'

export type EnquiryResult = { readonly ok: true; readonly dealId: number; readonly created: boolean } | { readonly ok: false; readonly status: 404; readonly message: string }

export async function askAboutBike(payload: Payload, input: EnquiryRequest, options: { customerId?: number | null; now?: Date } = {}): Promise<EnquiryResult> {
  const found = await payload.find({ collection: 'products', where: { and: [{ id: { equals: input.productId } }, { status: { equals: 'active' } }] }, limit: 1, depth: 0, overrideAccess: true })
  const product = found.docs[0]
  if (!product || !(BIKE_KINDS as readonly string[]).includes(product.kind as ProductKind)) return { ok: false, status: 404, message: 'We can’t find that bike. It may have been sold or withdrawn.' }
  const deal = await joinDeal(payload, {
    step: 'enquiry',
    // The question itself names the step: the same question sent twice is recorded once.
    reference: `“${input.message.replace(/\s+/g, ' ').slice(0, 120)}”`,
    ...input.contact,
    customerId: options.customerId ?? null,
    productId: product.id,
    productName: product.name,
    consent: input.consent,
    enquiry: input.message,
    now: options.now,
  })
  return { ok: true, dealId: deal.dealId, created: deal.created }
}

/**
 * A customer in the finance checkout, or the basket's checkout with a bike, who agreed to be contacted: their deal
 * opens now, so that if they stop before applying or paying they may get the one reminder. Applying or paying later
 * moves the same deal on.
 */
export async function startDeal(payload: Payload, input: DealStartedRequest, options: { customerId?: number | null; now?: Date } = {}): Promise<EnquiryResult> {
  const found = await payload.find({ collection: 'products', where: { and: [{ id: { equals: input.productId } }, { status: { equals: 'active' } }] }, limit: 1, depth: 0, overrideAccess: true })
  const product = found.docs[0]
  if (!product || !(BIKE_KINDS as readonly string[]).includes(product.kind as ProductKind)) return { ok: false, status: 404, message: 'We can’t find that bike. It may have been sold or withdrawn.' }
  const checkout = input.from === 'checkout'
  const deal = await joinDeal(payload, { step: checkout ? 'checkout_started' : 'finance_started', reference: checkout ? 'the basket’s checkout' : 'the finance checkout', ...input.contact, customerId: options.customerId ?? null, productId: product.id, variantId: input.variantId ?? null, productName: product.name, consent: true, now: options.now })
  return { ok: true, dealId: deal.dealId, created: deal.created }
}
