'use client'
// While the provider's confirmation is on its way, look again every two seconds (for up to a minute).
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

export function PaymentPending() {
  const router = useRouter()
  const [tries, setTries] = useState(0)
  useEffect(() => {
    if (tries >= 30) return
    const timer = window.setTimeout(() => {
      router.refresh()
      setTries((n) => n + 1)
    }, 2000)
    return () => window.clearTimeout(timer)
  }, [router, tries])
  return (
    <p role="status" aria-live="polite">
      {tries >= 30 ? 'We have not heard from the card provider yet. You will get an email as soon as the payment is confirmed; you can safely close this page.' : 'We are waiting for the card provider to confirm your payment. This page updates by itself.'}
    </p>
  )
}
