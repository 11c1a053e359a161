// Asking for a password reset, the same way from every door (REST POST /api/users/forgot-password, which the admin's
// "Forgot password" calls, GraphQL forgotPasswordUser and the storefront's form): counted per network and per address
// typed, then a job is queued for every address alike, known or not. The answer, and the time it takes, is the same
// whether an account exists: the lookup, the token and the email happen in the job (src/setup/jobs/tasks.ts), and
// Payload's own forgot-password endpoint, which answered 400 for every existing account, is never reached.
import 'server-only'
import type { Payload } from 'payload'
import { ACCOUNT_RATE_RULES, limitsDecision } from '../../cms/auth/request-limits'
import type { RateDecision } from '../../lib/rate-limit'
import { enqueueJob, runJobNow } from '../jobs/queue.server'
import { SEND_PASSWORD_RESET } from '../jobs/task-names'

type HeaderSource = { get(name: string): string | null }

/** `email` already validated and lower-cased. Refuses only when a limit is reached (the same for any address). */
export async function requestPasswordReset(payload: Payload, headers: HeaderSource, email: string): Promise<RateDecision> {
  const decision = await limitsDecision(headers, { network: ACCOUNT_RATE_RULES.passwordReset, targets: [{ rule: ACCOUNT_RATE_RULES.passwordResetEmail, target: email }] })
  if (!decision.ok) return decision
  const id = await enqueueJob(payload, SEND_PASSWORD_RESET, { email })
  // Tried at once but not awaited: the answer must not wait for work only a known address gets. The runner retries.
  void runJobNow(payload, id).catch((error: unknown) => payload.logger.warn({ err: error, task: SEND_PASSWORD_RESET }, 'background job failed its first try; the runner retries it'))
  return { ok: true }
}

/** What every reset request is told, whether or not the address has an account. */
export const resetRequestedMessage = (email: string) => `If ${email} has an account with us, we have emailed it a link to choose a new password. The link works once, for one hour.`
