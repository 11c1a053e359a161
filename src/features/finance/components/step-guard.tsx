// What a finance step shows instead of itself: no quote for this bike in this browser yet (a new tab, storage
// cleared), or a bike that has sold since the customer started.
import { paths } from '../../../config/paths'
import { financeStepHref } from './finance-steps'

/** Shown at once on every step when the bike has sold and the customer holds no reservation of it. */
export function SoldOut({ name }: { readonly name: string }) {
  return (
    <div className="fc-alert" role="status" data-testid="finance-sold-out">
      <p>Sorry, the {name} has sold, so it can no longer be bought on finance. Nothing has been sent to a lender.</p>
      <a className="button button--solid" href={paths.allBikes()}>
        See the bikes in stock
      </a>
    </div>
  )
}

export function NoQuoteYet({ slug, name }: { readonly slug: string; readonly name: string }) {
  return (
    <div className="fc-alert" role="status">
      <p>We don’t have a finance quote for {name} in this browser yet.</p>
      <a className="button button--solid" href={financeStepHref('product', slug)}>
        Get a quote
      </a>
    </div>
  )
}

export function Loading() {
  return <p className="fc-status">Loading your finance quote…</p>
}
