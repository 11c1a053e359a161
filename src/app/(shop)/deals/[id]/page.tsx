// A customer's deal for one bike (signed in, or by the signed link its emails carry): where it stands, the steps,
// the figures and what comes next. Anyone else is told the link is not valid, whether or not the deal exists.
import type { Metadata } from 'next'
import { DealPage } from '../../../../features/deals/components/deal-page'
import { visibleDeal } from '../../../../features/deals/queries.server'

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
  return <DealPage view={visible.view} token={visible.token} />
}
