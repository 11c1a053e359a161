// Signing out is a POST (a link could be triggered by another site); works without JavaScript.
import { signOutAction } from '../actions.server'

export function SignOutButton({ className = 'button' }: { className?: string }) {
  return (
    <form action={signOutAction} className="sign-out">
      <button type="submit" className={className}>Sign out</button>
    </form>
  )
}
