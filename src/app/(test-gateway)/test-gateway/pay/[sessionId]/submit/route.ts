// The card form arrives here, and only here: the card number is checked and dropped, never stored or logged.
import { gatewayFormPost } from '../form.server'

export const dynamic = 'force-dynamic'

export const POST = gatewayFormPost(async ({ gateway, sessionId, field, page }) => {
  const result = await gateway.submitCard(sessionId, { number: field('number'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') })
  switch (result.kind) {
    case 'errors':
      return `${page}?${Object.keys(result.errors).map((k) => `error=${k}`).join('&')}`
    case 'challenge':
      return `${page}?c=${result.challenge}`
    case 'done':
      return result.redirectUrl
    case 'gone':
      return page
  }
})
