'use client'
// The basket checkout's one question about a bike in the basket: may we email once if the customer does not finish?
// Ticked, with the contact details filled in, it opens the customer's deal for each bike quietly; the reminder, a day
// later and only if they have not paid, carries the deal's link and a one-click unsubscribe. Unticked, nothing is sent.
import { useEffect, useRef, useState } from 'react'
import { BIKE_KINDS, type ProductKind } from '../../../domain/catalogue/product-kind'
import { startDealCall } from '../api/start-deal'

export interface ReminderLine {
  readonly productId: number
  readonly variantId: number | null
  readonly name: string
  readonly kind: string
}

export interface ReminderContact {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
}

/** Long enough that a customer still typing their details does not send each keystroke. */
const SETTLE_MS = 1200

const looksComplete = (c: ReminderContact) => c.firstName.trim() !== '' && c.lastName.trim() !== '' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email.trim()) && c.phone.replace(/\D/g, '').length >= 10

export function CheckoutReminderConsent({ lines, contact }: { readonly lines: readonly ReminderLine[]; readonly contact: ReminderContact }) {
  const [agreed, setAgreed] = useState(false)
  // The details and bikes already sent: the same ones are never sent twice from this page.
  const sent = useRef(new Set<string>())
  const bikes = lines.filter((l) => (BIKE_KINDS as readonly string[]).includes(l.kind as ProductKind))
  // The effect depends on what is sent, not on the objects' identity, which is new at every render.
  const bikesKey = JSON.stringify(bikes.map((b) => [b.productId, b.variantId]))
  const { firstName, lastName, email, phone } = contact

  useEffect(() => {
    const who: ReminderContact = { firstName, lastName, email, phone }
    if (!agreed || !looksComplete(who)) return
    const timer = setTimeout(() => {
      for (const [productId, variantId] of JSON.parse(bikesKey) as [number, number | null][]) {
        const key = JSON.stringify([productId, variantId, firstName, lastName, email, phone])
        if (sent.current.has(key)) continue
        sent.current.add(key)
        // Never in the customer's way: the order goes ahead whatever this answers; a failed call is tried again.
        startDealCall({ from: 'checkout', productId, variantId, contact: who, consent: true })
          .then((answer) => {
            if (!answer.ok) sent.current.delete(key)
          })
          .catch(() => sent.current.delete(key))
      }
    }, SETTLE_MS)
    return () => clearTimeout(timer)
  }, [agreed, bikesKey, firstName, lastName, email, phone])

  if (bikes.length === 0) return null
  const named = bikes.length === 1 ? `the ${bikes[0]!.name}` : 'the bikes in your basket'
  return (
    <div className="checkbox checkout-remind-me">
      <input id="checkout-remind-me" type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-describedby="checkout-remind-me-hint" />
      <label htmlFor="checkout-remind-me">Email me once about {named} if I do not finish my order (optional)</label>
      <p id="checkout-remind-me-hint" className="field__hint">
        One email a day from now, only if you have not ordered, with a link to your deal page and a one-click unsubscribe.
      </p>
    </div>
  )
}
