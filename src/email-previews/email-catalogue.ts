// Every email the shop sends a customer, each with sample data: what staff preview in the admin (Admin › Email
// previews) and what the template test renders, so a new email that is not listed here is neither previewed nor
// tested. It sits above the features because it gathers the emails of several of them.
import { accountEmailSamples } from '../cms/auth/account-emails'
import type { DealerDetails } from '../domain/emails/email-brand'
import type { EmailSample } from '../domain/emails/email-content'
import { savedBikeAlertEmailSamples } from '../features/account/saved-bike-alert-email'
import { bookingEmailSamples } from '../features/bookings/booking-emails'
import { confirmationEmailSamples } from '../features/orders/confirmation-email'
import { orderStatusEmailSamples } from '../features/orders/status-email'
import { certificateEmailSamples } from '../features/orders/certificate-email'
import { reservationEmailSamples } from '../features/reservations/reservation-email'
import { dealEmailSamples } from '../features/deals/deal-email'
import { returnEmailSamples } from '../features/returns/return-email'

export function emailSamples(dealer: DealerDetails): EmailSample[] {
  return [
    ...confirmationEmailSamples(dealer),
    ...orderStatusEmailSamples(dealer),
    ...certificateEmailSamples(dealer),
    ...returnEmailSamples(dealer),
    ...reservationEmailSamples(dealer),
    ...dealEmailSamples(dealer),
    ...bookingEmailSamples(dealer),
    ...savedBikeAlertEmailSamples(dealer),
    ...accountEmailSamples(dealer),
  ]
}
