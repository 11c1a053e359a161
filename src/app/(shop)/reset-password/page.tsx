import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { ResetPasswordForm } from '../../../features/account/components/reset-password-form'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
// The token is in the address: keep it out of search engines and other sites' Referer headers.
export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false, follow: false }, referrer: 'no-referrer' }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token
  const token = typeof raw === 'string' ? raw.slice(0, 200) : ''
  return (
    <div className="container account-page account-page--narrow">
      <h1>Choose a new password</h1>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="form-message form-message--error">This page needs the link from your reset email. <a href={paths.forgotPassword()}>Ask for a new link</a>.</p>
      )}
    </div>
  )
}
