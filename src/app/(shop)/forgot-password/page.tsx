import type { Metadata } from 'next'
import { paths } from '../../../config/paths'
import { ForgotPasswordForm } from '../../../features/account/components/forgot-password-form'
import '../../../features/account/account.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Forgotten password', robots: { index: false, follow: false } }

export default function ForgotPasswordPage() {
  return (
    <div className="container account-page account-page--narrow">
      <h1>Forgotten your password?</h1>
      <p className="account-page__lead">Enter the email address of your account and we will email you a link to choose a new password.</p>
      <ForgotPasswordForm />
      <ul className="account-page__links">
        <li><a href={paths.login()}>Back to sign in</a></li>
      </ul>
    </div>
  )
}
