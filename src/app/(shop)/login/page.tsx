import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { paths } from '../../../config/paths'
import { safeNextPath } from '../../../domain/auth/safe-next-path'
import { LoginForm } from '../../../features/account/components/login-form'
import { currentCustomer } from '../../../features/account/session.server'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = safeNextPath(params.next)
  if (await currentCustomer()) redirect(next)
  return (
    <div className="container account-page account-page--narrow">
      <h1>Sign in</h1>
      <p className="account-page__lead">Sign in to see your orders and keep your details for checkout.</p>
      <LoginForm next={next} />
      <ul className="account-page__links">
        <li><a href={paths.forgotPassword()}>Forgotten your password?</a></li>
        <li>New here? <a href={paths.register(next === '/account' ? undefined : next)}>Create an account</a></li>
        <li>Bought without an account? <a href={paths.orderLookup()}>Find an order</a></li>
      </ul>
    </div>
  )
}
