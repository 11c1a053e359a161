'use client'
import '../../../features/account/account.css'

// Spec §4 Orders, "failure": the list is gone and the error is said plainly, with a way to try again.
export default function OrdersError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="container account-page">
      <h1>Your orders</h1>
      <p className="form-message form-message--error" role="alert">We could not load your orders just now.</p>
      <p><button type="button" className="button" onClick={reset}>Try again</button></p>
    </div>
  )
}
