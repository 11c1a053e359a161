'use client'
// Stripe's Payment Element: card details go from the browser straight to Stripe; the shop never sees them.
import { useEffect, useRef, useState } from 'react'

interface StripeElement { mount(el: HTMLElement): void; destroy(): void }
interface StripeElements { create(type: 'payment', options?: Record<string, unknown>): StripeElement }
interface StripeJs {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>
}
declare global {
  interface Window { Stripe?: (key: string) => StripeJs }
}

function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe)
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = 'https://js.stripe.com/v3/'
    script.async = true
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')))
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'))
    document.head.appendChild(script)
  })
}

export function StripePaymentForm({ publishableKey, clientSecret, returnUrl, amountLabel }: { publishableKey: string; clientSecret: string; returnUrl: string; amountLabel: string }) {
  const mountRef = useRef<HTMLDivElement>(null)
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let element: StripeElement | undefined
    let cancelled = false
    loadStripeJs()
      .then((Stripe) => {
        if (cancelled || !mountRef.current) return
        const js = Stripe(publishableKey)
        const elements = js.elements({ clientSecret, appearance: { theme: 'stripe' } })
        element = elements.create('payment')
        element.mount(mountRef.current)
        setStripe({ js, elements })
      })
      .catch(() => setError('The card form could not be loaded. Check your connection and reload the page.'))
    return () => {
      cancelled = true
      element?.destroy()
    }
  }, [publishableKey, clientSecret])

  async function pay(event: React.FormEvent) {
    event.preventDefault()
    if (!stripe) return
    setBusy(true)
    setError(null)
    const result = await stripe.js.confirmPayment({ elements: stripe.elements, confirmParams: { return_url: returnUrl } })
    // Only reached when the payment could not be confirmed; success leaves this page.
    setError(result.error?.message ?? 'The payment did not go through.')
    setBusy(false)
  }

  return (
    <form onSubmit={pay} aria-busy={busy}>
      <div ref={mountRef} className="stripe-element" />
      {error && <p role="alert" className="form-error">{error}</p>}
      <button className="button button--solid" type="submit" disabled={!stripe || busy}>
        {busy ? 'Paying…' : `Pay ${amountLabel} now`}
      </button>
    </form>
  )
}
