// The built-in test card gateway: plays an outside hosted payment provider, offline. It keeps its own
// sessions (test-gateway-payments), takes card details only on its own pages, keeps nothing of a card but
// the brand and last four digits, and tells the shop the result through a signed webhook.
import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { z } from '../../lib/zod'
import type { TestGatewayPayment } from '../../payload-types'
import { checkCard, type CardInput } from './test-cards'
import { RefundRefusedError, WebhookSignatureError, type OrderToPay, type PaymentEvent, type PaymentProvider, type PaymentStart } from './payment-provider'
import { SIGNATURE_HEADER, signPayload, verifySignature } from './webhook-signature'

export const TEST_GATEWAY_WEBHOOK_PATH = '/api/payments/webhooks/test-gateway'

export interface TestGatewayOptions {
  readonly secret: string
  /** Where the shop receives the gateway's webhooks (the shop's own process for the built-in gateway). */
  readonly webhookUrl: string
  readonly fetch?: typeof fetch
  readonly now?: () => Date
}

const eventBody = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(['payment.succeeded', 'payment.failed', 'payment.refunded']),
  data: z.object({
    sessionId: z.string().min(1).max(80),
    orderReference: z.string().min(1).max(80),
    amountPence: z.number().int().min(0),
    failureMessage: z.string().max(300).optional(),
  }),
})

type GatewayEvent = z.infer<typeof eventBody>

const sessionIdPattern = /^tgs_[0-9a-f]{32}$/

export function isGatewaySessionId(value: string): boolean {
  return sessionIdPattern.test(value)
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

async function findSession(payload: Payload, sessionId: string): Promise<TestGatewayPayment | undefined> {
  if (!isGatewaySessionId(sessionId)) return undefined
  const found = await payload.find({ collection: 'test-gateway-payments', where: { sessionId: { equals: sessionId } }, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]
}

/** Refund keys already honoured in this process (the refunded total itself is durable and never exceeds the payment). */
const refundsByKey = new Map<string, { id: string }>()

export function createTestGateway(payload: Payload, options: TestGatewayOptions) {
  const now = options.now ?? (() => new Date())
  const send = options.fetch ?? fetch

  /** Signs and POSTs an event to the shop, retrying a failed delivery a few times with back-off. */
  async function deliver(session: TestGatewayPayment, event: GatewayEvent): Promise<boolean> {
    const body = JSON.stringify(event)
    let attempts = session.webhookAttempts ?? 0
    for (let attempt = 0; attempt < 4; attempt++) {
      attempts++
      try {
        const response = await send(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(body, options.secret, Math.floor(now().getTime() / 1000)) },
          body,
          signal: AbortSignal.timeout(10_000),
        })
        if (response.ok) {
          await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { webhookAttempts: attempts, webhookDeliveredAt: now().toISOString() } })
          return true
        }
        payload.logger.warn({ status: response.status, event: event.id }, 'test gateway: webhook refused by the shop')
      } catch (error) {
        payload.logger.warn({ err: error, event: event.id }, 'test gateway: webhook delivery failed')
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt))
    }
    await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { webhookAttempts: attempts } })
    return false
  }

  function eventFor(session: TestGatewayPayment, type: GatewayEvent['type'], extra: { failureMessage?: string; amountPence?: number } = {}): GatewayEvent {
    return {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type,
      data: { sessionId: session.sessionId, orderReference: session.orderReference, amountPence: extra.amountPence ?? session.amountPence, ...(extra.failureMessage ? { failureMessage: extra.failureMessage } : {}) },
    }
  }

  const provider: PaymentProvider = {
    name: 'test-gateway',

    async startPayment(order: OrderToPay): Promise<PaymentStart> {
      const open = await payload.find({
        collection: 'test-gateway-payments',
        where: { orderReference: { equals: order.orderNumber }, status: { in: ['requires_payment_method', 'requires_action'] } },
        limit: 1,
        depth: 0,
        overrideAccess: true,
      })
      const existing = open.docs[0]
      if (existing) return { redirectUrl: `/test-gateway/pay/${existing.sessionId}`, reference: existing.sessionId }
      const sessionId = `tgs_${randomBytes(16).toString('hex')}`
      const query = `?order=${encodeURIComponent(order.orderNumber)}`
      await payload.create({
        collection: 'test-gateway-payments',
        overrideAccess: true,
        data: {
          sessionId,
          orderReference: order.orderNumber,
          amountPence: order.totalPence,
          currency: 'GBP',
          refundedPence: 0,
          webhookAttempts: 0,
          status: 'requires_payment_method',
          description: order.description.slice(0, 200),
          successUrl: `/payment-success${query}`,
          failureUrl: `/payment-failure${query}`,
        },
      })
      return { redirectUrl: `/test-gateway/pay/${sessionId}`, reference: sessionId }
    },

    async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null> {
      const check = verifySignature(rawBody, headers.get(SIGNATURE_HEADER), options.secret, Math.floor(now().getTime() / 1000))
      if (!check.ok) throw new WebhookSignatureError(check.reason)
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new WebhookSignatureError('signed body is not JSON')
      }
      const parsed = eventBody.safeParse(json)
      if (!parsed.success) return null
      const { id, type, data } = parsed.data
      return {
        id,
        type: type === 'payment.succeeded' ? 'succeeded' : type === 'payment.failed' ? 'failed' : 'refunded',
        reference: data.sessionId,
        orderNumber: data.orderReference,
        amountPence: data.amountPence,
        failureMessage: data.failureMessage,
      }
    },

    async refund(reference: string, amountPence: number, idempotencyKey: string) {
      const done = refundsByKey.get(idempotencyKey)
      if (done) return done
      const session = await findSession(payload, reference)
      if (!session) throw new RefundRefusedError('The test gateway has no payment with that reference.')
      if (session.status !== 'succeeded') throw new RefundRefusedError('The test gateway can only refund a payment that succeeded.')
      if (!Number.isInteger(amountPence) || amountPence <= 0) throw new RefundRefusedError('A refund must be a positive whole number of pence.')
      if ((session.refundedPence ?? 0) + amountPence > session.amountPence) throw new RefundRefusedError('The refund would be more than was paid.')
      const updated = await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { refundedPence: (session.refundedPence ?? 0) + amountPence } })
      const result = { id: `re_${randomBytes(12).toString('hex')}` }
      refundsByKey.set(idempotencyKey, result)
      // Like a real provider, the refund is also reported by webhook (the shop then finds nothing to change).
      void deliver(updated, eventFor(updated, 'payment.refunded', { amountPence })).catch((error) => payload.logger.warn({ err: error }, 'test gateway: refund webhook not delivered'))
      return result
    },
  }

  return {
    provider,
    findSession,

    /** The card form was sent: check it and either finish, ask for 3-D Secure, or report form errors. */
    async submitCard(sessionId: string, card: CardInput): Promise<
      | { kind: 'errors'; errors: Partial<Record<keyof CardInput, string>> }
      | { kind: 'challenge'; challenge: string }
      | { kind: 'done'; redirectUrl: string; delivered: boolean }
      | { kind: 'gone' }
    > {
      const session = await findSession(payload, sessionId)
      if (!session || session.status !== 'requires_payment_method') return { kind: 'gone' }
      const result = checkCard(card, now())
      if (!result.ok) return { kind: 'errors', errors: result.errors }
      const recorded = { cardBrand: result.brand, last4: result.last4 }
      if (result.outcome === 'requires_3ds') {
        const challenge = randomBytes(16).toString('hex')
        await payload.update({ collection: 'test-gateway-payments', id: session.id, overrideAccess: true, data: { ...recorded, status: 'requires_action', challengeCodeHash: sha256(challenge) } })
        return { kind: 'challenge', challenge }
      }
      return finish(session, result.outcome === 'succeeds', recorded)
    },

    /** The 3-D Secure step: the customer approved or failed the authentication. */
    async completeChallenge(sessionId: string, challenge: string, approve: boolean) {
      const session = await findSession(payload, sessionId)
      if (!session || session.status !== 'requires_action' || !session.challengeCodeHash || sha256(challenge) !== session.challengeCodeHash) return { kind: 'gone' as const }
      return finish(session, approve, {})
    },

    /** The customer gave up on the gateway page. */
    async cancel(sessionId: string) {
      const session = await findSession(payload, sessionId)
      if (!session || (session.status !== 'requires_payment_method' && session.status !== 'requires_action')) return { kind: 'gone' as const }
      return finish(session, false, {}, 'You cancelled the payment.')
    },
  }

  async function finish(session: TestGatewayPayment, succeeded: boolean, recorded: { cardBrand?: string; last4?: string }, message?: string) {
    const failureMessage = message ?? (session.status === 'requires_action' ? 'The card’s 3-D Secure check was not completed.' : 'Your card was declined.')
    const updated = await payload.update({
      collection: 'test-gateway-payments',
      id: session.id,
      overrideAccess: true,
      data: { ...recorded, status: succeeded ? 'succeeded' : 'failed', challengeCodeHash: null },
    })
    // The shop hears the result before the customer is sent back, so the result page usually has it already.
    const delivered = await deliver(updated, eventFor(updated, succeeded ? 'payment.succeeded' : 'payment.failed', succeeded ? {} : { failureMessage }))
    return { kind: 'done' as const, redirectUrl: succeeded ? session.successUrl : session.failureUrl, delivered }
  }
}

export type TestGateway = ReturnType<typeof createTestGateway>
