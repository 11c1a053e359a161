import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { payloadClient } from '../../../cms/payload-client.server'
import { signedInAccount } from '../../../cms/auth/session.server'
import { CheckoutSteps } from '../../../features/basket/components/checkout-steps'
import { CheckoutView } from '../../../features/checkout/components/checkout-view'
import type { CheckoutPrefill } from '../../../features/checkout/components/checkout-fields'

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } }
export const dynamic = 'force-dynamic'

/** A signed-in customer's own details, to fill the form in; guests get an empty form. */
async function prefill(): Promise<{ prefill: CheckoutPrefill; signedIn: boolean }> {
  const payload = await payloadClient()
  const user = await signedInAccount(payload, await headers())
  if (!user) return { prefill: {}, signedIn: false }
  const address = user.addresses?.[0]
  return {
    signedIn: true,
    prefill: {
      firstName: user.firstName ?? undefined,
      lastName: user.lastName ?? undefined,
      email: user.email,
      phone: user.phone ?? undefined,
      line1: address?.line1,
      line2: address?.line2 ?? undefined,
      town: address?.town,
      county: address?.county ?? undefined,
      postcode: address?.postcode,
    },
  }
}

export default async function CheckoutPage() {
  const { prefill: details, signedIn } = await prefill()
  return (
    <div className="container basket-page">
      <CheckoutSteps current="checkout" />
      <h1>Checkout</h1>
      <CheckoutView prefill={details} signedIn={signedIn} />
    </div>
  )
}
