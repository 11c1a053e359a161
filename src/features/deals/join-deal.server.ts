// What a customer's step calls once it is made: join it to their deal. The step has already committed, so a failure
// here never undoes it; the background pass opens any deal a step missed (openMissingDeals), so none is lost.
import 'server-only'
import type { Payload } from 'payload'
import { joinDeal, type DealStepInput, type JoinedDeal } from './deal-rows.server'

export async function joinDealQuietly(payload: Payload, input: DealStepInput): Promise<JoinedDeal | null> {
  try {
    return await joinDeal(payload, input)
  } catch (error) {
    payload.logger.error({ err: error, step: input.step, reference: input.reference }, 'joining a step to its deal failed; the background pass retries it')
    return null
  }
}

/** What a paid order says of the deals it completes: one step per bike line whose customer has a deal for it. */
interface PaidOrder {
  readonly orderNumber: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly phone?: string | null
  readonly lines: readonly { readonly product: number | { readonly id: number }; readonly name: string }[]
}

/**
 * A paid order joins the customer's open deals for the bikes in it (a quote paid in full, a checkout they came back
 * to), so the deal's last step is a finished one and no reminder follows. It never opens a deal: buying a bike
 * outright is a sale, not a deal to follow up. Called from the order's confirmation job, so a failure is retried.
 */
export async function joinDealsOfPaidOrder(payload: Payload, order: PaidOrder, now = new Date()): Promise<number> {
  let joined = 0
  for (const line of order.lines) {
    const productId = typeof line.product === 'object' ? line.product.id : line.product
    const deal = await joinDeal(payload, { step: 'paid', reference: order.orderNumber, email: order.email, firstName: order.firstName, lastName: order.lastName, phone: order.phone, productId, productName: line.name, existingOnly: true, now })
    if (deal) joined += 1
  }
  return joined
}
