// The built-in test card gateway: plays an outside hosted payment provider, offline. It keeps its own
// sessions (test-gateway-payments), takes card details only on its own pages, keeps nothing of a card but
// the brand and last four digits, and tells the shop the result through a signed webhook.
import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { keyedLock } from '../../lib/keyed-lock'
import { crashPoint } from '../../lib/crash-point'
import { z } from '../../lib/zod'
import { checkCard, type CardInput } from './test-cards'
import { checkKlarnaAccount, KLARNA_DECLINED_MESSAGE } from './test-klarna'
import { RefundRefusedError, WebhookSignatureError, type OrderToPay, type PaymentMethod, type PaymentEvent, type PaymentProvider, type PaymentSettlement, type PaymentStart } from './payment-provider'
import { SIGNATURE_HEADER, signPayload, verifySignature } from './webhook-signature'
import { paths } from '../../config/paths'

/** A payment session as the gateway stores it (its own collection, `test-gateway-payments`). */
interface TestGatewayPayment {
  readonly id: number
  readonly sessionId: string
  readonly orderReference: string
  readonly amountPence: number
  readonly refundedPence: number
  readonly status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'failed' | 'cancelled'
  /** Card, or Klarna's Pay in 3 (its page asks for the Klarna account instead of a card). */
  readonly method?: PaymentMethod | null
  readonly successUrl: string
  readonly failureUrl: string
  readonly challengeCodeHash?: string | null
  readonly cardBrand?: string | null
  readonly last4?: string | null
  readonly description?: string | null
  readonly webhookDeliveredAt?: string | null
}

export const TEST_GATEWAY_WEBHOOK_PATH = '/api/payments/webhooks/test-gateway'

/**
 * The shop's database as the gateway needs it (its sessions live in the shop's own table): single statements, and a
 * lock held across processes. Handed in by the shop (features/payments), as adapters do not reach into the CMS.
 */
export interface GatewayDatabase {
  execute(payload: Payload, transactionID: null, stmt: { sql: string; args: readonly (string | number | null)[] }): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }>
  withDatabaseLock<T>(payload: Payload, key: string, fn: () => Promise<T>): Promise<T>
}

export interface TestGatewayOptions {
  readonly secret: string
  readonly database: GatewayDatabase
  /** Where the shop receives the gateway's webhooks (the shop's own process for the built-in gateway). */
  readonly webhookUrl: string
  readonly fetch?: typeof fetch
  readonly now?: () => Date
  /**
   * The durable outbox its webhooks leave through (the shop's job queue): a delivery is written before
   * the payment's status changes, so a crash at any point still delivers it, with retries. Without one
   * (unit tests), deliveries are made at once from memory.
   */
  readonly outbox?: WebhookOutbox
}

/** One webhook the gateway owes the shop; the event id is fixed when the delivery is queued. */
export interface WebhookDelivery {
  readonly sessionId: string
  readonly eventId: string
  readonly type: 'payment.succeeded' | 'payment.failed' | 'payment.refunded'
  readonly amountPence?: number
  readonly failureMessage?: string
}

export interface WebhookOutbox {
  /** Stores the delivery durably; answers its id. */
  enqueue(delivery: WebhookDelivery): Promise<string | number>
  /** Tries the stored delivery now (a failure is retried later by the queue's runner). */
  runNow(id: string | number): Promise<void>
}

const OPEN_STATUSES = ['requires_payment_method', 'requires_action'] as const

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

/** Payment starts for one order, one at a time in this process (and across processes by a database lock). */
const startLock = keyedLock<string>()


export function createTestGateway(payload: Payload, options: TestGatewayOptions) {
  const { execute, withDatabaseLock } = options.database
  const now = options.now ?? (() => new Date())
  const send = options.fetch ?? fetch

  /** Signs and POSTs one event to the shop; throws when the shop does not take it (the outbox retries). */
  async function post(session: TestGatewayPayment, event: GatewayEvent): Promise<void> {
    const body = JSON.stringify(event)
    const response = await send(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(body, options.secret, Math.floor(now().getTime() / 1000)) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    await execute(payload, null, { sql: 'UPDATE test_gateway_payments SET webhook_attempts = COALESCE(webhook_attempts, 0) + 1 WHERE id = ?', args: [session.id] })
    if (!response.ok) throw new Error(`the shop answered ${response.status} to webhook ${event.id}`)
    // One column by its own statement: Payload's update writes back every column it read, and a refund made under
    // another key between that read and the write would lose its amount and its key.
    await execute(payload, null, { sql: 'UPDATE test_gateway_payments SET webhook_delivered_at = ? WHERE id = ?', args: [now().toISOString(), session.id] })
  }

  /**
   * Delivers a queued webhook, built from the session as it is now: a result is sent only once the
   * session really has it (the status write follows the queueing), and never for a cancelled session.
   */
  async function deliverQueued(delivery: WebhookDelivery): Promise<'delivered' | 'skipped'> {
    const session = await findSession(payload, delivery.sessionId)
    if (!session) return 'skipped'
    const expected = delivery.type === 'payment.succeeded' ? 'succeeded' : delivery.type === 'payment.failed' ? 'failed' : null
    if (expected && session.status !== expected) {
      if ((OPEN_STATUSES as readonly string[]).includes(session.status)) throw new Error(`session ${session.sessionId} has no result yet`)
      return 'skipped'
    }
    await post(session, {
      id: delivery.eventId,
      type: delivery.type,
      data: {
        sessionId: session.sessionId,
        orderReference: session.orderReference,
        amountPence: delivery.amountPence ?? session.amountPence,
        ...(delivery.failureMessage ? { failureMessage: delivery.failureMessage } : {}),
      },
    })
    return 'delivered'
  }

  /**
   * Queues a delivery (durably when there is an outbox), runs `commit`, then tries the delivery at once:
   * awaited for a payment result (the customer's result page should have it), in the background for a
   * refund (its webhook may reach an order change that is waiting for this very refund).
   */
  async function owe(delivery: WebhookDelivery, commit: () => Promise<boolean>, wait = true): Promise<{ committed: boolean; delivered: boolean }> {
    const jobId = options.outbox ? await options.outbox.enqueue(delivery) : null
    if (!(await commit())) return { committed: false, delivered: false }
    if (delivery.type === 'payment.succeeded') crashPoint('gateway-payment-taken')
    if (!wait) {
      const attempt = jobId != null ? options.outbox!.runNow(jobId) : deliverQueued(delivery)
      void attempt.catch((error) => payload.logger.warn({ err: error, event: delivery.eventId }, 'test gateway: webhook delivery will be retried'))
      return { committed: true, delivered: false }
    }
    if (jobId != null) {
      await options.outbox!.runNow(jobId).catch((error) => payload.logger.warn({ err: error, event: delivery.eventId }, 'test gateway: webhook delivery will be retried'))
      const session = await findSession(payload, delivery.sessionId)
      return { committed: true, delivered: Boolean(session?.webhookDeliveredAt) }
    }
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await deliverQueued(delivery)
        return { committed: true, delivered: true }
      } catch (error) {
        payload.logger.warn({ err: error, event: delivery.eventId }, 'test gateway: webhook delivery failed')
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt))
      }
    }
    return { committed: true, delivered: false }
  }

  const newEventId = () => `evt_${randomBytes(16).toString('hex')}`

  /** Answers the order's paid or open session, or opens one (two plain statements: a session is a flat row). */
  async function startOrResume(order: OrderToPay): Promise<PaymentStart> {
    const { rows: sessions } = await execute(payload, null, {
      sql: `SELECT session_id, status, success_url FROM test_gateway_payments WHERE order_reference = ? AND status IN ('succeeded', ${OPEN_STATUSES.map(() => '?').join(', ')}) ORDER BY id DESC LIMIT 10`,
      args: [order.orderNumber, ...OPEN_STATUSES],
    })
    const paid = sessions.find((d) => d.status === 'succeeded')
    if (paid) return { redirectUrl: String(paid.success_url), reference: String(paid.session_id) }
    const existing = sessions[0]
    if (existing) return { redirectUrl: paths.testGatewayPay(String(existing.session_id)), reference: String(existing.session_id) }
    const sessionId = `tgs_${randomBytes(16).toString('hex')}`
    const query = `?${order.resultParam ?? 'order'}=${encodeURIComponent(order.orderNumber)}`
    const stamp = now().toISOString()
    await execute(payload, null, {
      sql: `INSERT INTO test_gateway_payments (session_id, order_reference, amount_pence, currency, refunded_pence, status, method, description, success_url, failure_url, webhook_attempts, updated_at, created_at)
            VALUES (?, ?, ?, 'GBP', 0, 'requires_payment_method', ?, ?, ?, ?, 0, ?, ?)`,
      args: [
        sessionId,
        order.orderNumber.slice(0, 80),
        order.totalPence,
        order.method ?? 'card',
        order.description.slice(0, 200),
        `${order.resultPath ?? '/payment-success'}${query}`.slice(0, 2000),
        `${order.resultPath ?? '/payment-failure'}${query}`.slice(0, 2000),
        stamp,
        stamp,
      ],
    })
    return { redirectUrl: paths.testGatewayPay(sessionId), reference: sessionId }
}


  const provider: PaymentProvider = {
    name: 'test-gateway',
    capabilities: { manyOpenPaymentsPerOrder: true },

    async startPayment(order: OrderToPay): Promise<PaymentStart> {
      // A repeated checkout never opens a second payment: a paid session answers its result page, an open
      // one is resumed. Identical checkouts at the same moment take turns, so only the first opens one.
      return startLock(order.orderNumber, () => withDatabaseLock(payload, `test-gateway-start:${order.orderNumber}`, () => startOrResume(order)))
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

    async closeOpenPayments(order: { orderNumber: string }): Promise<PaymentSettlement> {
      // One conditional update: a card form submitted at this very moment either finished first (and is
      // found below) or finds its session cancelled and takes nothing.
      await execute(payload, null, {
        sql: `UPDATE test_gateway_payments SET status = 'cancelled', challenge_code_hash = NULL, updated_at = ? WHERE order_reference = ? AND status IN (?, ?)`,
        args: [now().toISOString(), order.orderNumber, ...OPEN_STATUSES],
      })
      const paid = await payload.find({ collection: 'test-gateway-payments', where: { orderReference: { equals: order.orderNumber }, status: { equals: 'succeeded' } }, limit: 1, depth: 0, overrideAccess: true })
      const session = paid.docs[0]
      return session ? { status: 'succeeded', reference: session.sessionId, amountPence: session.amountPence } : { status: 'closed' }
    },

    async refund(reference: string, amountPence: number, idempotencyKey: string) {
      // The keys honoured are kept on the payment's row, written by the same statement that moves the money, so the
      // same key asked again (at the same moment, or after the shop crashed before recording the answer) is answered
      // with the same refund and never refunds twice.
      const mark = `|${sha256(idempotencyKey).slice(0, 32)}|`
      const result = { id: `re_${sha256(`refund:${idempotencyKey}`).slice(0, 24)}` }
      const honoured = async () => {
        const { rows } = await execute(payload, null, { sql: 'SELECT refund_keys FROM test_gateway_payments WHERE session_id = ?', args: [reference] })
        return String(rows[0]?.refund_keys ?? '').includes(mark)
      }
      const session = await findSession(payload, reference)
      if (!session) throw new RefundRefusedError('The test gateway has no payment with that reference.')
      if (await honoured()) return result
      if (session.status !== 'succeeded') throw new RefundRefusedError('The test gateway can only refund a payment that succeeded.')
      if (!Number.isInteger(amountPence) || amountPence <= 0) throw new RefundRefusedError('A refund must be a positive whole number of pence.')
      // A full refund asked again under another key: the money is back already.
      if (amountPence === session.amountPence && (session.refundedPence ?? 0) === session.amountPence) return { id: `re_full_${session.sessionId.slice(4, 28)}` }
      if ((session.refundedPence ?? 0) + amountPence > session.amountPence) throw new RefundRefusedError('The refund would be more than was paid.')
      // Like a real provider, the refund is also reported by webhook (the shop then finds nothing to change).
      const { committed } = await owe({ sessionId: session.sessionId, eventId: newEventId(), type: 'payment.refunded', amountPence }, async () => {
        const moved = await execute(payload, null, {
          sql: `UPDATE test_gateway_payments SET refunded_pence = COALESCE(refunded_pence, 0) + ?, refund_keys = COALESCE(refund_keys, '') || ?, updated_at = ?
                WHERE id = ? AND status = 'succeeded' AND COALESCE(refunded_pence, 0) + ? <= amount_pence AND COALESCE(refund_keys, '') NOT LIKE ?`,
          args: [amountPence, mark, now().toISOString(), session.id, amountPence, `%${mark}%`],
        })
        return moved.rowsAffected === 1
      }, false)
      if (!committed) {
        if (await honoured()) return result
        throw new RefundRefusedError('The refund would be more than was paid.')
      }
      return result
    },
  }

  return {
    provider,
    findSession,
    deliverQueued,

    /** The card form was sent: check it and either finish, ask for 3-D Secure, or report form errors. */
    async submitCard(sessionId: string, card: CardInput): Promise<
      | { kind: 'errors'; errors: Partial<Record<keyof CardInput, string>> }
      | { kind: 'challenge'; challenge: string }
      | { kind: 'done'; redirectUrl: string; delivered: boolean }
      | { kind: 'gone' }
    > {
      const session = await findSession(payload, sessionId)
      if (!session || session.status !== 'requires_payment_method' || session.method === 'klarna') return { kind: 'gone' }
      const result = checkCard(card, now())
      if (!result.ok) return { kind: 'errors', errors: result.errors }
      const recorded = { cardBrand: result.brand, last4: result.last4 }
      if (result.outcome === 'requires_3ds') {
        const challenge = randomBytes(16).toString('hex')
        const moved = await execute(payload, null, {
          sql: `UPDATE test_gateway_payments SET status = 'requires_action', card_brand = ?, last4 = ?, challenge_code_hash = ?, updated_at = ? WHERE id = ? AND status = 'requires_payment_method'`,
          args: [recorded.cardBrand ?? null, recorded.last4 ?? null, sha256(challenge), now().toISOString(), session.id],
        })
        if (moved.rowsAffected !== 1) return { kind: 'gone' }
        return { kind: 'challenge', challenge }
      }
      return finish(session, result.outcome === 'succeeds', recorded)
    },

    /** The Klarna form was sent: Klarna approves or declines Pay in 3 for the account (see test-klarna.ts). */
    async submitKlarna(sessionId: string, email: string): Promise<{ kind: 'error'; error: string } | { kind: 'done'; redirectUrl: string; delivered: boolean } | { kind: 'gone' }> {
      const session = await findSession(payload, sessionId)
      if (!session || session.status !== 'requires_payment_method' || session.method !== 'klarna') return { kind: 'gone' }
      const result = checkKlarnaAccount(email)
      if (!result.ok) return { kind: 'error', error: result.error }
      const approved = result.outcome === 'approved'
      return finish(session, approved, { cardBrand: 'Klarna' }, approved ? undefined : KLARNA_DECLINED_MESSAGE)
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
    const delivery: WebhookDelivery = { sessionId: session.sessionId, eventId: newEventId(), type: succeeded ? 'payment.succeeded' : 'payment.failed', ...(succeeded ? {} : { failureMessage }) }
    // The shop hears the result before the customer is sent back, so the result page usually has it already.
    const { committed, delivered } = await owe(delivery, async () => {
      const moved = await execute(payload, null, {
        sql: `UPDATE test_gateway_payments SET status = ?, card_brand = COALESCE(?, card_brand), last4 = COALESCE(?, last4), challenge_code_hash = NULL, updated_at = ? WHERE id = ? AND status IN (?, ?)`,
        args: [succeeded ? 'succeeded' : 'failed', recorded.cardBrand ?? null, recorded.last4 ?? null, now().toISOString(), session.id, ...OPEN_STATUSES],
      })
      return moved.rowsAffected === 1
    })
    if (!committed) return { kind: 'gone' as const }
    return { kind: 'done' as const, redirectUrl: succeeded ? session.successUrl : session.failureUrl, delivered }
  }
}

export type TestGateway = ReturnType<typeof createTestGateway>
