import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { AccountDetailsForm } from '../../../features/account/components/account-details-form'
import { ChangePasswordForm } from '../../../features/account/components/change-password-form'
import { SignOutButton } from '../../../features/account/components/sign-out-button'
import { requireCustomer } from '../../../features/account/session.server'
import { EraseAccountForm } from '../../../features/data-rights/components/erase-account-form'
import { customerDeals } from '../../../features/deals/queries.server'
import { DEAL_STAGES } from '../../../domain/deals/deal-stages'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Your account', robots: { index: false, follow: false } }

const EMAIL_NOTICES: Record<string, { ok: boolean; text: string }> = {
  changed: { ok: true, text: 'Your new email address is confirmed: sign in with it from now on.' },
  confirmed: { ok: true, text: 'Your email address is confirmed.' },
  expired: { ok: false, text: 'That confirmation link has expired. Ask for the change again.' },
  used: { ok: false, text: 'That confirmation link has already been used.' },
  taken: { ok: false, text: 'That email address already belongs to another account.' },
  invalid: { ok: false, text: 'That confirmation link is not complete. Open it from the email again.' },
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const customer = await requireCustomer(paths.account())
  const params = await searchParams
  const reset = params.reset === '1'
  const emailNotice = typeof params.email === 'string' ? EMAIL_NOTICES[params.email] : undefined
  // Deals opened under another address count only once this one is confirmed as the customer's (queries.server.ts).
  const deals = (await customerDeals(customer.id, customer.emailConfirmedAt ? customer.email : '')).slice(0, 10)
  return (
    <div className="container account-page">
      <h1>Your account</h1>
      {emailNotice && <p className={`form-message form-message--${emailNotice.ok ? 'success' : 'error'}`} role="status">{emailNotice.text}</p>}
      {reset && <p className="form-message form-message--success" role="status">Your new password is saved and you are signed in.</p>}
      {!customer.emailConfirmedAt && (
        <p className="form-message">
          Please confirm your email address with the link we sent to {customer.email}: until then we send it no alerts. No email? <a href={paths.forgotPassword()}>Reset your password</a>: that confirms it too.
        </p>
      )}
      <nav aria-label="Account" className="account-nav">
        <a href={paths.orders()}>Your orders</a>
        <a href={paths.accountBookings()}>Your bookings and test rides</a>
        <a href={paths.valueMyBike()}>Value my bike</a>
        <SignOutButton />
      </nav>
      {deals.length > 0 && (
        <section aria-labelledby="deals-heading">
          <h2 id="deals-heading">Your bikes in progress</h2>
          <ul className="account-page__links">
            {deals.map((d) => <li key={d.id}><a href={paths.deal(d.id)}>{d.productName}</a>: {DEAL_STAGES[d.stage].label}</li>)}
          </ul>
        </section>
      )}
      <div className="account-grid">
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">Details and addresses</h2>
          <AccountDetailsForm
            email={customer.email}
            firstName={customer.firstName ?? ''}
            lastName={customer.lastName ?? ''}
            phone={customer.phone ?? ''}
            addresses={(customer.addresses ?? []).map((a) => ({ label: a.label, line1: a.line1, line2: a.line2, town: a.town, county: a.county, postcode: a.postcode }))}
          />
        </section>
        <section aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <ChangePasswordForm />
        </section>
        <section aria-labelledby="data-heading">
          <h2 id="data-heading">Your data</h2>
          <p>Everything we hold about you: your account, orders, reservations, bookings, finance quotes, valuations, saved bikes and requests.</p>
          <ul>
            <li><a href="/api/account/data?format=html">Read it as a page</a></li>
            <li><a href="/api/account/data?format=json" download>Download it as JSON</a> (for another service)</li>
          </ul>
          <h3>Erase your data</h3>
          <EraseAccountForm />
        </section>
      </div>
    </div>
  )
}
