import type { Metadata } from 'next'
import { paths } from '../../../../config/paths'
import { GuestCancel } from '../../../../features/returns/components/guest-cancel'
import '../../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Cancel or return items', robots: { index: false, follow: false } }

export default async function GuestCancelPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { number } = await searchParams
  const orderNumber = typeof number === 'string' ? number.slice(0, 20) : undefined
  return (
    <div className="container account-page">
      <h1>Cancel or return items</h1>
      <p className="account-page__lead">Bought without an account? Enter the order number from your confirmation email and the email address you used. You may cancel within 14 days of delivery or collection; before your order leaves us it is cancelled at once.</p>
      <GuestCancel orderNumber={orderNumber} />
      <ul className="account-page__links">
        <li><a href={paths.modelCancellationForm()}>The model cancellation form</a> (you do not have to use it)</li>
        <li>Have an account? <a href={paths.login(paths.orders())}>Sign in to cancel from your order page</a></li>
      </ul>
    </div>
  )
}
