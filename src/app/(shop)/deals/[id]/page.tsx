// A customer's deal for one bike (signed in, or by the signed link its emails carry): where it stands, the steps,
// the figures and what comes next. Anyone else is told the link is not valid, whether or not the deal exists.
import type { Metadata } from 'next'
import { DealPage } from '../../../../features/deals/components/deal-page'
import { visibleDeal } from '../../../../features/deals/queries.server'
import { priceBasket } from '../../../../features/basket/price-basket.server'
import { QuoteToBasket } from '../../../../features/basket/components/quote-to-basket'
import { payloadClient } from '../../../../cms/payload-client.server'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your deal', robots: { index: false, follow: false }, referrer: 'no-referrer' }

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ token?: string | string[] }> }

export default async function Page({ params, searchParams }: Props) {
  const [{ id }, { token }] = await Promise.all([params, searchParams])
  const visible = /^\d{1,10}$/.test(id) ? await visibleDeal(Number(id), typeof token === 'string' ? token : undefined) : null
  if (!visible) {
    return (
      <div className="container deal-page">
        <h1>Your deal</h1>
        <p>This link is not valid or has expired. Open your deal from the link in your latest email from us, or sign in to your account.</p>
        <p><a className="button button--solid" href="/login">Sign in</a></p>
      </div>
    )
  }
  const { view } = visible
  // A quote paid in full goes through the checkout: its lines priced now, as the basket prices them.
  const priced = view.quoteSentAt && !view.figures.partExchange && !view.cardOrderNumber ? await priceBasket(await payloadClient(), view.quoteLines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, count: 1 }))) : null
  // A line the checkout could not sell now (sold, withdrawn, a size to choose) is said, not hidden.
  const payInFull = !priced ? null : priced.problems.length === 0 ? <QuoteToBasket basket={priced.basket} totalPence={priced.totals.totalPence} /> : <p role="status">To pay in full, call us: {priced.problems.map((p) => p.message).join(' ')}</p>
  return <DealPage view={view} token={visible.token} payInFull={payInFull} />
}
