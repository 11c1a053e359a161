// The one interface card payments go through, whoever takes the money (the built-in test gateway or Stripe).

/** How the customer pays: by card, or with Klarna's Pay in 3 (Klarna is the lender and pays the shop in full). */
export type PaymentMethod = 'card' | 'klarna'

export interface OrderToPay {
  readonly orderNumber: string
  /** Card when absent. A refund of the payment goes back the same way the money came, whatever the method. */
  readonly method?: PaymentMethod
  readonly totalPence: number
  readonly email: string
  readonly description: string
  /** Where the customer lands after paying (default /payment-success and /payment-failure), and the query parameter naming the order there. */
  readonly resultPath?: string
  readonly resultParam?: string
}

export interface PaymentStart {
  /** Where to send the customer to pay: the provider's hosted page or our page hosting its card form. */
  readonly redirectUrl: string
  /** The provider's id for this payment (gateway session, payment intent), kept on the order. */
  readonly reference: string
}

export type PaymentEventType = 'succeeded' | 'failed' | 'refunded'

/** A verified webhook event, in the same shape whoever sent it. */
export interface PaymentEvent {
  readonly id: string
  readonly type: PaymentEventType
  readonly reference: string
  readonly orderNumber: string
  readonly amountPence: number
  /** Why a payment failed, in words safe to show staff and the customer. */
  readonly failureMessage?: string
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RefundRefusedError'
  }
}

/** What the provider says about an order's payment when the shop is about to give up on it. */
export type PaymentSettlement =
  | { readonly status: 'succeeded'; readonly reference: string; readonly amountPence: number }
  /** Still being processed (a bank transfer, a slow 3-D Secure): ask again later, keep the hold. */
  | { readonly status: 'processing' }
  /** No payment succeeded, and the open ones were cancelled so none can succeed any more. */
  | { readonly status: 'closed' }

/** What a provider can do, declared by the provider itself, so the shop never has to recognise one by its name. */
export interface PaymentCapabilities {
  /**
   * One order may have several open payments at once (each payment page opened for it is its own payment), so once
   * one is paid the others are closed; a provider that resumes one payment per order (by idempotency key) has none.
   */
  readonly manyOpenPaymentsPerOrder: boolean
}

export interface PaymentProvider {
  readonly name: 'test-gateway' | 'stripe'
  readonly capabilities: PaymentCapabilities
  /** Starts (or, for the same key, resumes) a payment for an order. */
  startPayment(order: OrderToPay, idempotencyKey: string): Promise<PaymentStart>
  /**
   * Checks a webhook's signature over the raw body and answers the event it carries, or null for an event
   * type the shop does not act on. Throws WebhookSignatureError when the signature is missing or wrong.
   */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null>
  /**
   * Before a hold is released: answers a payment that already succeeded for the order, or cancels its open
   * payments so that none can succeed after the stock went back. Never answers 'closed' for a paid order.
   */
  closeOpenPayments(order: { readonly orderNumber: string; readonly reference?: string | null }): Promise<PaymentSettlement>
  /** Refunds part or all of a payment; the same key never refunds twice. Throws RefundRefusedError when refused. */
  refund(reference: string, amountPence: number, idempotencyKey: string): Promise<{ readonly id: string }>
}
