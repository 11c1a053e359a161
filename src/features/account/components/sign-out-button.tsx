// Signing out is a POST (a link could be triggered by another site) to /sign-out, answered with a full page load
// of /logout; works without JavaScript.
export function SignOutButton({ className = 'button' }: { className?: string }) {
  return (
    <form method="post" action="/sign-out" className="sign-out">
      <button type="submit" className={className}>Sign out</button>
    </form>
  )
}
