import type { Metadata } from 'next'
import { BasketView } from '../../../features/basket/components/basket-view'
import { CheckoutSteps } from '../../../features/basket/components/checkout-steps'

export const metadata: Metadata = { title: 'Your basket', robots: { index: false, follow: true } }

export default function BasketPage() {
  return (
    <div className="container basket-page">
      <CheckoutSteps current="basket" />
      <h1>Your basket</h1>
      <BasketView />
    </div>
  )
}
