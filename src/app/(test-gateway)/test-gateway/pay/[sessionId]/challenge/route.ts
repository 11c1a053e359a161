// The 3-D Secure step's answer: approve or fail the authentication.
import { gatewayFormPost } from '../form.server'

export const dynamic = 'force-dynamic'

export const POST = gatewayFormPost(async ({ gateway, sessionId, field, page }) => {
  const result = await gateway.completeChallenge(sessionId, field('challenge', 64), field('decision') === 'approve')
  return result.kind === 'done' ? result.redirectUrl : page
})
