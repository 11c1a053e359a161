'use client'
// A quote's "pay in full": its lines, priced by the server as the basket prices them, replace the basket and the
// customer goes on to the checkout, which checks the prices and the stock again before taking the card.
import { useState } from 'react'
import type { Basket } from '../../../domain/basket/basket'
import { formatPence } from '../../../domain/money'
import { paths } from '../../../config/paths'

export function QuoteToBasket({ basket, totalPence }: { basket: Basket; totalPence: number }) {
  const [busy, setBusy] = useState(false)
  async function go() {
    setBusy(true)
    const { dispatchWhenReady } = await import('../basket-store')
    await dispatchWhenReady({ type: 'replaceBasket', basket })
    window.location.assign(paths.checkout())
  }
  return (
    <button type="button" className="button button--solid" onClick={go} disabled={busy}>
      {busy ? 'Opening the checkout…' : `Pay ${formatPence(totalPence)} in full by card`}
    </button>
  )
}
