// The guard every server action runs first, the no-JavaScript twin of a JSON route's edge: the post must come
// from the shop's own pages (as the account forms require), and it counts in the same per-address bucket as
// the JSON route that does the same thing, so a form is no way round a limit.
import 'server-only'
import { headers } from 'next/headers'
import { env } from '../../config/env'
import { isSameOrigin } from '../../lib/http/same-origin'
import type { LimitCounts } from '../../cms/auth/request-limits'
import type { RateRule } from '../../lib/rate-limit'
import { limitsDecision, rateLimitedMessage } from './rate-limit.server'

export const CROSS_SITE_MESSAGE = 'This form must be sent from the Wheelhouse website. Reload the page and try again.'

/**
 * Null when the action may go on; otherwise the sentence to show on the form. Without a rule, only the origin is
 * checked; `targets` are the per-target limits (an email address written to) counted after the network's.
 */
export async function formActionRefusal(rule?: RateRule, targets: LimitCounts['targets'] = []): Promise<string | null> {
  const h = await headers()
  if (!isSameOrigin(h, env().SITE_URL)) return CROSS_SITE_MESSAGE
  if (!rule) return null
  const decision = await limitsDecision(h, { network: rule, targets })
  return decision.ok ? null : rateLimitedMessage(decision.retryAfterSeconds)
}
