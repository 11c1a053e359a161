// One webhook handler for every provider: verify the signature, store the event id once, apply it to the
// order. A repeat of an applied event is answered "already processed" and changes nothing; a repeat of one
// whose processing was cut short is applied again; a bad signature changes nothing.
import 'server-only'
import type { Payload } from 'payload'
import { WebhookSignatureError, type PaymentEventType, type PaymentProvider } from '../../adapters/payments/payment-provider'
import { json, refuse } from '../../lib/http/respond'
import { isUniqueViolation } from '../../cms/sql.server'
import { isReservationNumber } from '../../domain/reservations/reservation-rules'
import { markDepositFailed, markDepositPaid, markDepositRefunded } from '../reservations/reservation-lifecycle.server'
import { markOrderPaid, markPaymentFailed, markRefunded, type LifecycleOutcome } from './order-lifecycle.server'
import type { LifecycleDeps } from '../records/transition.server'
import type { PaymentNotice } from '../records/payment-notice.server'
import { metrics } from '../../lib/observe/metrics.mjs'

export const MAX_WEBHOOK_BYTES = 256 * 1024

/** An order's or a reservation's change for each kind of payment event (a reservation's number starts RS-). */
const ORDER_EVENTS = { succeeded: markOrderPaid, failed: markPaymentFailed, refunded: markRefunded } as const satisfies Record<PaymentEventType, unknown>
const RESERVATION_EVENTS = { succeeded: markDepositPaid, failed: markDepositFailed, refunded: markDepositRefunded } as const satisfies Record<PaymentEventType, unknown>
const PAYMENT_OUTCOME = { succeeded: 'taken', failed: 'failed', refunded: 'refunded' } as const satisfies Record<PaymentEventType, string>

/** A verified payment event applied to the order or reservation it names, under the store-once rule of the caller. */
export async function applyPaymentEvent(payload: Payload, type: PaymentEventType, notice: PaymentNotice & { failureMessage?: string }, deps: LifecycleDeps): Promise<LifecycleOutcome> {
  if (!isReservationNumber(notice.orderNumber ?? '')) return ORDER_EVENTS[type](payload, notice, deps)
  const r = await RESERVATION_EVENTS[type](payload, notice, deps)
  if (r.changed) metrics().payments.inc({ outcome: PAYMENT_OUTCOME[type] })
  return { changed: r.changed, outcome: `reservation: ${r.outcome}` }
}

export async function handlePaymentWebhook(payload: Payload, provider: PaymentProvider, rawBody: string, headers: Headers, deps: LifecycleDeps = {}): Promise<Response> {
  let event
  try {
    event = await provider.verifyWebhook(rawBody, headers)
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      metrics().webhookFailures.inc({ provider: provider.name, reason: 'bad_signature' })
      payload.logger.warn({ provider: provider.name, reason: error.message }, 'payment webhook refused: bad signature')
      return refuse(400, 'bad_signature', 'The webhook signature could not be verified.')
    }
    throw error
  }
  if (!event) return json({ received: true, processed: false, message: 'Event type not used by the shop.' })

  let stored
  try {
    stored = await payload.create({ collection: 'payment-events', overrideAccess: true, data: { eventId: event.id, provider: provider.name, type: event.type, outcome: 'processing' } })
  } catch (error) {
    const existing = (await payload.find({ collection: 'payment-events', where: { eventId: { equals: event.id } }, limit: 1, pagination: false, overrideAccess: true })).docs[0]
    // Still 'processing': the process that stored it died before applying it (SIGKILL), or is applying it
    // now. Applying again is safe, since every lifecycle change is a conditional claim on the status that
    // takes effect once; answering "already processed" would lose the payment for good.
    if (existing && existing.outcome === 'processing') stored = existing
    else if (existing || isUniqueViolation(error)) return json({ received: true, processed: false, message: 'Event already processed.' })
    else throw error
  }

  let result: LifecycleOutcome
  try {
    const notice = { orderNumber: event.orderNumber || undefined, reference: event.reference, amountPence: event.amountPence, provider: provider.name, failureMessage: event.failureMessage }
    result = await applyPaymentEvent(payload, event.type, notice, { provider, ...deps })
  } catch (error) {
    // Not applied: forget the event so the provider's retry is processed.
    await payload.delete({ collection: 'payment-events', id: stored.id, overrideAccess: true }).catch(() => undefined)
    metrics().webhookFailures.inc({ provider: provider.name, reason: 'not_applied' })
    payload.logger.error({ err: error, event: event.id }, 'payment webhook could not be applied')
    return refuse(500, 'not_processed', 'The event could not be applied; please retry.')
  }
  await payload.update({ collection: 'payment-events', id: stored.id, overrideAccess: true, data: { outcome: result.outcome.slice(0, 300), order: result.orderId } })
  return json({ received: true, processed: result.changed, message: result.outcome })
}
