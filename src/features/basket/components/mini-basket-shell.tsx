// The mini basket as the server can draw it: the header button with no count (the basket lives in the
// browser) and a closed, empty panel. The same markup as the live MiniBasket's first render, which replaces
// it once the page is idle or the visitor reaches for it (ADR 016).
import '../basket.css'
import { BasketIcon } from './basket-icon'

export function MiniBasketShell() {
  return (
    <div className="mini-basket">
      <button type="button" className="mini-basket__toggle" aria-expanded={false} aria-controls="mini-basket-panel" aria-label="Basket">
        <BasketIcon />
        <span className="mini-basket__word">Basket</span>
      </button>
      <div id="mini-basket-panel" className="mini-basket__panel" hidden>
        <h2 className="mini-basket__title">Your basket</h2>
        <p>Your basket is empty.</p>
      </div>
    </div>
  )
}
