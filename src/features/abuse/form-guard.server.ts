// The guard every server action runs first, the no-JavaScript twin of a JSON route's edge: the post must come
// from the shop's own pages (as the account forms require), and it counts in the same per-address bucket as
// the JSON route that does the same thing, so a form is no way round a limit.
import 'server-only'
import { headers } from 'next/headers'
import { env } from '../../config/env'
import { isSameOrigin } from '../../lib/http/same-origin'
import type { RateRule } from '../../lib/rate-limit'
import { rateDecision, rateLimitedMessage } from './rate-limit.server'

export const CROSS_SITE_MESSAGE = 'This form must be sent from the Wheelhouse website. Reload the page and try again.'

/** Null when the action may go on; otherwise the sentence to show on the form. Without a rule, only the origin is checked. */
export async function formActionRefusal(rule?: RateRule): Promise<string | null> {
  const h = await headers()
  if (!isSameOrigin(h, env().SITE_URL)) return CROSS_SITE_MESSAGE
  if (!rule) return null
  const decision = await rateDecision(h, rule)
  return decision.ok ? null : rateLimitedMessage(decision.retryAfterSeconds)
}
