// The test gateway's Klarna sign-in arrives here: Klarna approves or declines Pay in 3 for the account.
import { gatewayFormPost } from '../form.server'

export const dynamic = 'force-dynamic'

export const POST = gatewayFormPost(async ({ gateway, sessionId, field, page }) => {
  const result = await gateway.submitKlarna(sessionId, field('email', 300))
  if (result.kind === 'error') return `${page}?error=klarna`
  return result.kind === 'done' ? result.redirectUrl : page
})
