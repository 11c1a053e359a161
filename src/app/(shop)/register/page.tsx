import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { paths } from '../../../config/paths'
import { safeNextPath } from '../../../domain/auth/safe-next-path'
import { RegisterForm } from '../../../features/account/components/register-form'
import { currentCustomer } from '../../../features/account/session.server'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Create an account', robots: { index: false, follow: false } }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeNextPath((await searchParams).next)
  if (await currentCustomer()) redirect(next)
  return (
    <div className="container account-page account-page--narrow">
      <h1>Create an account</h1>
      <p className="account-page__lead">Follow your orders and check out faster next time.</p>
      <RegisterForm next={next} />
      <ul className="account-page__links">
        <li>Already have an account? <a href={paths.login(next === '/account' ? undefined : next)}>Sign in</a></li>
      </ul>
    </div>
  )
}
