import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { SignOutButton } from '../../../features/account/components/sign-out-button'
import { currentCustomer } from '../../../features/account/session.server'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Sign out', robots: { index: false, follow: false } }

export default async function LogoutPage() {
  const customer = await currentCustomer()
  return (
    <div className="container account-page account-page--narrow">
      {customer ? (
        <>
          <h1>Sign out</h1>
          <p className="account-page__lead">You are signed in as {customer.email}.</p>
          <SignOutButton className="button button--solid" />
        </>
      ) : (
        <>
          <h1>You are signed out</h1>
          <p className="account-page__lead">Thanks for visiting Wheelhouse.</p>
          <ul className="account-page__links">
            <li><a href={paths.login()}>Sign in again</a></li>
            <li><a href={paths.home()}>Back to the shop</a></li>
          </ul>
        </>
      )}
    </div>
  )
}
