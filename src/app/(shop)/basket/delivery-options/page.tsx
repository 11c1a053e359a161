import type { Metadata } from 'next'
import { CheckoutSteps } from '../../../../features/basket/components/checkout-steps'
import { DeliveryOptionsView } from '../../../../features/basket/components/delivery-options-view'

export const metadata: Metadata = { title: 'Delivery options', robots: { index: false, follow: true } }

export default function DeliveryOptionsPage() {
  return (
    <div className="container basket-page">
      <CheckoutSteps current="delivery" />
      <h1>Delivery or collection</h1>
      <DeliveryOptionsView />
    </div>
  )
}
