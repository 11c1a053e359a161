// What stops an erasure now: business with the customer still under way, whose records the shop needs to finish it
// (UK GDPR Art. 17(1)(a): the data is still necessary). An unpaid order is not listed: its hold runs out on its own
// and it is anonymised with the rest. An unpaid or active reservation is not listed either: erasure cancels it
// (closing its payment, refunding any deposit).

export interface OpenRecords {
  readonly orders: readonly { readonly orderNumber: string; readonly status: string; readonly kind?: string | null; readonly financeStatus?: string | null }[]
  readonly bookings: readonly { readonly reference: string; readonly status: string }[]
}

const ORDER_UNDER_WAY = new Set(['paid', 'processing', 'ready_for_collection', 'dispatched'])
const FINANCE_UNDER_WAY = new Set(['submitted', 'approved'])
const BOOKING_UNDER_WAY = new Set(['booked', 'checked_in', 'in_progress', 'awaiting_approval', 'ready_for_collection'])

/** Each thing still under way, as a sentence for the customer or staff; empty when erasure may go ahead. */
export function openBusiness(records: OpenRecords): string[] {
  const reasons: string[] = []
  for (const order of records.orders) {
    if (ORDER_UNDER_WAY.has(order.status)) reasons.push(`Order ${order.orderNumber} is still being fulfilled.`)
    else if (order.kind === 'finance' && order.status === 'awaiting_payment' && FINANCE_UNDER_WAY.has(order.financeStatus ?? '')) reasons.push(`Order ${order.orderNumber} has a finance application in progress.`)
  }
  for (const booking of records.bookings) if (BOOKING_UNDER_WAY.has(booking.status)) reasons.push(`Booking ${booking.reference} has not finished yet.`)
  return reasons
}
