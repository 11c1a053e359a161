// The customer leaves the gateway without paying: the shop hears a failure and the hold is released.
import { gatewayFormPost } from '../form.server'

export const dynamic = 'force-dynamic'

export const POST = gatewayFormPost(async ({ gateway, sessionId, page }) => {
  const result = await gateway.cancel(sessionId)
  return result.kind === 'done' ? result.redirectUrl : page
})
