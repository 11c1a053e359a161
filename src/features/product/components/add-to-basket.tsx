'use client'
// Adds the chosen product or variant to the storefront's basket store (kept in browser storage under "root"),
// says so in a live region and opens the added-to-basket modal. The store and the modal are not needed to
// show the page: their code loads when the page is idle, or on the first press (ADR 016).
import { useRef, useState } from 'react'
import type { ProductSnapshot } from '../../../domain/basket/basket'
import { paths } from '../../../config/paths'
import { lateIsland } from '../../../components/ui/late-island'

const ADDING_EVENT = 'wh:adding-to-basket'
const AddedToBasketModal = lateIsland(() => import('../../basket/components/added-to-basket-modal').then((m) => m.AddedToBasketModal), {
  loadOn: [ADDING_EVENT],
  server:
    typeof window === 'undefined'
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the condition is a constant in the browser bundle, which drops it
      ? (require('../../basket/components/added-to-basket-modal') as typeof import('../../basket/components/added-to-basket-modal')).AddedToBasketModal
      : undefined,
})

interface Props {
  /** null while the chosen size and colour do not exist */
  readonly snapshot: ProductSnapshot | null
  /** for the add_to_cart analytics event */
  readonly brand?: string | null
  readonly category?: string | null
}

type Outcome = { readonly ok: boolean; readonly text: string } | null

export function AddToBasket({ snapshot, brand = null, category = null }: Props) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [lastSku, setLastSku] = useState(snapshot?.sku ?? null)
  const busy = useRef(false)
  // A new choice of variant clears the previous confirmation, which no longer describes what is shown.
  if ((snapshot?.sku ?? null) !== lastSku) {
    setLastSku(snapshot?.sku ?? null)
    setOutcome(null)
  }

  const soldOut = !snapshot || snapshot.stockQuantity <= 0

  async function add() {
    if (!snapshot || busy.current) return
    busy.current = true
    try {
      // The stored copy is the customer's and may be stale or edited: it is only a list of what they chose.
      // Prices and stock are checked again on the server before the basket shows a total or takes payment.
      window.dispatchEvent(new Event(ADDING_EVENT))
      // On the first click: the basket store stays out of the product page's first JavaScript (a late island).
      const { dispatchWhenReady } = await import('../../basket/basket-store')
      const state = await dispatchWhenReady({ type: 'add', product: snapshot })
      const result = state.lastAdd
      if (!result) return
      if (!result.ok) {
        setOutcome({ ok: false, text: result.message })
        return
      }
      const added = snapshot
      if (window.whAnalytics && added.pricePence !== null) {
        void Promise.all([import('../../../components/analytics/send-analytics-event'), import('../../../domain/analytics/ga4-ecommerce')]).then(([{ sendAnalyticsEvent }, { addToCartEvent }]) =>
          sendAnalyticsEvent(addToCartEvent({ sku: added.sku, slug: added.slug, name: added.name, brand, category, unitPricePence: added.pricePence! })),
        )
      }
      setOutcome({
        ok: true,
        text: result.limitedByStock
          ? `Added ${snapshot.name} to your basket; that is all we have in stock (${result.count} in your basket).`
          : `Added ${snapshot.name} to your basket${result.count > 1 ? ` (${result.count} in your basket)` : ''}.`,
      })
    } catch {
      setOutcome({ ok: false, text: 'We could not add this to your basket. Please check your connection and that site storage is allowed, then try again.' })
    } finally {
      busy.current = false
    }
  }

  return (
    <div className="pdp-buy">
      <button type="button" className="pdp-add" onClick={() => void add()} disabled={soldOut}>
        {!snapshot ? 'Not available' : soldOut ? 'Out of stock' : 'Add to basket'}
      </button>
      <div role="status" className={`pdp-added${outcome ? (outcome.ok ? ' pdp-added--ok' : ' pdp-added--error') : ''}`}>
        {outcome && (
          <>
            <span>{outcome.text}</span> {outcome.ok && <a href={paths.basket()}>View basket</a>}
          </>
        )}
      </div>
      <AddedToBasketModal />
    </div>
  )
}
