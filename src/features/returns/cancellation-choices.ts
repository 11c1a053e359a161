// What the order page offers a customer to cancel or send back: each line with the units left to cancel and the
// words of its kind's rule, the stage the order is at, and the returns already made. Plain data for the form.
export interface CancellationChoices {
  readonly orderNumber: string
  /** cancel-now: before dispatch; return: after, within the period; closed: nothing may be cancelled now. */
  readonly stage: 'cancel-now' | 'return' | 'closed'
  readonly message: string
  /** The goods reached the customer: a fault may be reported on any item (Consumer Rights Act 2015), whatever the cancellation period. */
  readonly faults: boolean
  readonly lines: readonly {
    readonly lineId: string
    readonly name: string
    readonly left: number
    readonly cancellable: boolean
    readonly explanation: string
    /** What one unit cost the customer, after its share of any discount (the credit an exchange gives). */
    readonly unitPaidPence: number
    /** Other sizes or colours of the same product this line may be exchanged for now (none when it may not be). */
    readonly exchangeFor: readonly { readonly variantId: number; readonly title: string; readonly pricePence: number }[]
  }[]
  readonly returns: readonly { readonly returnNumber: string; readonly state: string; readonly refundDueOn: string | null; readonly refundPence: number | null }[]
}
