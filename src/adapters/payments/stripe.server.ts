// Stripe: PaymentIntents with automatic payment methods, confirmed in the browser by the Payment Element;
// the result arrives by webhook, verified with Stripe's SDK. Every POST carries an idempotency key.
import 'server-only'
import Stripe from 'stripe'
import { RefundRefusedError, WebhookSignatureError, type OrderToPay, type PaymentEvent, type PaymentProvider, type PaymentSettlement, type PaymentStart } from './payment-provider'
import { paths } from '../../config/paths'

export interface StripeOptions {
  readonly secretKey: string
  readonly webhookSecret?: string
  /** A different API server (the offline tests' fake Stripe): protocol, host and port come from it. */
  readonly apiBase?: string
}

export function stripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Wheelhouse' },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  })
}

export function createStripeProvider(options: StripeOptions): PaymentProvider & { readonly client: Stripe; clientSecret(reference: string): Promise<string | null> } {
  const stripe = stripeClient(options)
  return {
    name: 'stripe',
    capabilities: { manyOpenPaymentsPerOrder: false },
    client: stripe,

    async startPayment(order: OrderToPay, idempotencyKey: string): Promise<PaymentStart> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.totalPence,
          currency: 'gbp',
          // Klarna is one of Stripe's payment methods for GBP: named alone, the Payment Element offers only it.
          ...(order.method === 'klarna' ? { payment_method_types: ['klarna'] } : { automatic_payment_methods: { enabled: true } }),
          description: order.description.slice(0, 200),
          receipt_email: order.email,
          metadata: { orderNumber: order.orderNumber },
        },
        { idempotencyKey },
      )
      // Reservation deposits have their own page hosting the Payment Element (it returns to /reservation-success).
      const redirectUrl = order.resultPath === '/reservation-success' ? paths.reservationPay(order.orderNumber) : paths.checkoutPay(order.orderNumber)
      return { redirectUrl, reference: intent.id }
    },

    async clientSecret(reference: string) {
      const intent = await stripe.paymentIntents.retrieve(reference)
      return intent.status === 'requires_payment_method' || intent.status === 'requires_action' || intent.status === 'requires_confirmation' ? intent.client_secret : null
    },

    async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null> {
      const signature = headers.get('stripe-signature')
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set, so no Stripe webhook can be trusted')
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad Stripe signature')
      }
      switch (event.type) {
        case 'payment_intent.succeeded': {
          const intent = event.data.object
          return { id: event.id, type: 'succeeded', reference: intent.id, orderNumber: intent.metadata?.orderNumber ?? '', amountPence: intent.amount_received ?? intent.amount }
        }
        case 'payment_intent.payment_failed': {
          const intent = event.data.object
          return {
            id: event.id,
            type: 'failed',
            reference: intent.id,
            orderNumber: intent.metadata?.orderNumber ?? '',
            amountPence: intent.amount,
            failureMessage: intent.last_payment_error?.message?.slice(0, 300) ?? 'The payment did not go through.',
          }
        }
        case 'charge.refunded': {
          const charge = event.data.object
          const reference = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '')
          return { id: event.id, type: 'refunded', reference, orderNumber: charge.metadata?.orderNumber ?? '', amountPence: charge.amount_refunded }
        }
        default:
          return null
      }
    },

    async closeOpenPayments(order: { orderNumber: string; reference?: string | null }): Promise<PaymentSettlement> {
      if (!order.reference) return { status: 'closed' }
      let intent = await stripe.paymentIntents.retrieve(order.reference)
      if (intent.status === 'requires_payment_method' || intent.status === 'requires_action' || intent.status === 'requires_confirmation' || intent.status === 'requires_capture') {
        try {
          intent = await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `close-${intent.id}` })
        } catch {
          // It moved on while we asked (paid or processing): read where it ended.
          intent = await stripe.paymentIntents.retrieve(intent.id)
        }
      }
      if (intent.status === 'succeeded') return { status: 'succeeded', reference: intent.id, amountPence: intent.amount_received || intent.amount }
      if (intent.status === 'processing') return { status: 'processing' }
      if (intent.status === 'canceled') return { status: 'closed' }
      return { status: 'processing' }
    },

    async refund(reference: string, amountPence: number, idempotencyKey: string) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: reference, amount: amountPence }, { idempotencyKey })
        if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefusedError(`Stripe refused the refund (${refund.status}).`)
        return { id: refund.id }
      } catch (error) {
        if (error instanceof RefundRefusedError) throw error
        const message = error instanceof Error ? error.message : String(error)
        throw new RefundRefusedError(`Stripe refused the refund: ${message}`)
      }
    },
  }
}
