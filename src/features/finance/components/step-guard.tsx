// What a later finance step shows when the browser holds no quote for this bike (a new tab, storage cleared).
import { financeStepHref } from './finance-steps'

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
