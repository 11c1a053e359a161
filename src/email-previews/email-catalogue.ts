// Every email the shop sends a customer, each with sample data: what staff preview in the admin (Admin › Email
// previews) and what the template test renders, so a new email that is not listed here is neither previewed nor
// tested. It sits above the features because it gathers the emails of several of them.
import type { DealerDetails } from '../domain/emails/email-brand'
import type { EmailSample } from '../domain/emails/email-content'
import { confirmationEmailSamples } from '../features/orders/confirmation-email'
import { orderStatusEmailSamples } from '../features/orders/status-email'
import { returnEmailSamples } from '../features/returns/return-email'

export function emailSamples(dealer: DealerDetails): EmailSample[] {
  return [...confirmationEmailSamples(dealer), ...orderStatusEmailSamples(dealer), ...returnEmailSamples(dealer)]
}
