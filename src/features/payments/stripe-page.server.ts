// For the pages that take a card with Stripe's Payment Element (an order's payment, a reservation's deposit): they
// exist only when Stripe is set up, with its publishable key; else the test gateway takes the payment instead.
import 'server-only'
import { notFound } from 'next/navigation'
import { env } from '../../config/env'
import { stripeProvider } from './providers.server'

/** Stripe and its publishable key; the page is not found when Stripe is not set up. */
export function stripeElementsOrNotFound(): { provider: NonNullable<ReturnType<typeof stripeProvider>>; publishableKey: string } {
  const provider = stripeProvider()
  const publishableKey = env().STRIPE_PUBLISHABLE_KEY
  if (!provider || !publishableKey) notFound()
  return { provider, publishableKey }
}
