// The words every customer email ends with: how to reach the dealer. In the domain rather than with one feature's
// email, so that every email module (orders, returns, reservations, bookings, accounts) reaches the same words.
import type { DealerDetails } from './email-brand'
import { text, type EmailBlock } from './email-content'

/** "Questions? Contact …" with the dealer's phone and email, the last words of the shop's emails. */
export function questionsBlock(dealer: DealerDetails): EmailBlock {
  const contact = [dealer.phone, dealer.email].filter(Boolean).join(' or ')
  return text(contact ? `Questions? Contact ${dealer.name} on ${contact}.` : 'Questions? Reply to this email.')
}
