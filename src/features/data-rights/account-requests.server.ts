// What a signed-in customer asks from their account: a copy of their data (JSON or the readable page), or erasure,
// confirmed by typing their password again. Each is recorded as a data request.
import 'server-only'
import type { Payload } from 'payload'
import { clientAddress } from '../../cms/auth/client-address'
import { checkCredentials } from '../../cms/auth/credentials'
import { refuse, json } from '../../lib/http/respond'
import type { RateRule } from '../../lib/rate-limit'
import { z } from '../../lib/zod'
import { ERASE_CUSTOMER_DATA } from '../jobs/task-names'
import { runJobNow } from '../jobs/queue.server'
import { subjectOf } from './customer-records.server'
import { customerExport, exportResponse, exportSummaryLine, recordRequest } from './data-requests.server'
import { erasureBlockers } from './erase.server'
import { summaryHtml } from './summary-html'

/** A copy reads every record of the customer, and an erasure request checks a password (argon2id): both cost CPU. */
export const DATA_RIGHTS_RULES = {
  dataExport: { name: 'data-export', limit: 10, windowMs: 60 * 60_000 },
  dataErasure: { name: 'data-erasure', limit: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>

export const exportFormat = z.enum(['json', 'html'])
export const erasureRequest = z.object({ password: z.string().min(1, 'Type your password to confirm.').max(1024) }).strict()

const notSignedIn = () => refuse(401, 'not_signed_in', 'Sign in to download or erase your data.')
const notCustomer = () => refuse(403, 'not_a_customer_account', 'Staff accounts are not covered here: an admin handles them.')

export async function exportForAccount(payload: Payload, customerId: number | null, formatParam: string | null): Promise<Response> {
  const format = exportFormat.safeParse(formatParam ?? 'json')
  if (!format.success) return refuse(400, 'invalid_format', 'Ask for format=json or format=html.')
  if (customerId === null) return notSignedIn()
  const doc = await customerExport(payload, customerId)
  if (!doc) return notCustomer()
  await recordRequest(payload, { kind: 'export', customerId, email: doc.subject.email, channel: 'account', status: 'completed', outcome: `${exportSummaryLine(doc)} Downloaded from the account as ${format.data}.` })
  return exportResponse(doc, format.data, summaryHtml)
}

export async function requestErasureForAccount(payload: Payload, customerId: number | null, body: z.infer<typeof erasureRequest>, headers: Headers): Promise<Response> {
  if (customerId === null) return notSignedIn()
  const subject = await subjectOf(payload, customerId)
  if (!subject) return notSignedIn()
  if (subject.role !== 'customer') return notCustomer()
  const check = await checkCredentials(payload, { email: subject.email, password: body.password, address: clientAddress(headers) })
  if (!check.ok && check.reason === 'throttled') return refuse(429, 'rate_limited', `Too many attempts. Try again in ${check.retryAfterSeconds} seconds.`, {}, { 'retry-after': String(check.retryAfterSeconds) })
  if (!check.ok || check.user.id !== subject.id) return refuse(403, 'wrong_password', 'That password does not match your account, so nothing was erased.')
  const blockers = await erasureBlockers(payload, subject)
  if (blockers.length > 0) {
    await recordRequest(payload, { kind: 'erasure', customerId, email: subject.email, channel: 'account', status: 'refused', outcome: `Refused for now: ${blockers.join(' ')}` })
    return refuse(409, 'business_under_way', `We cannot erase your data yet: ${blockers.join(' ')} Ask again once it has finished, or contact us.`, { reasons: blockers })
  }
  // A request already under way is answered again, not made twice (a double click, a retry after a timeout).
  const pending = await payload.find({ collection: 'data-requests', where: { and: [{ accountNumber: { equals: customerId } }, { kind: { equals: 'erasure' } }, { status: { in: ['received', 'running'] } }] }, limit: 1, depth: 0, overrideAccess: true })
  // The request's own hook queues the job in the same transaction; it is tried at once, and the runner retries it.
  const requestId = pending.docs[0] ? Number(pending.docs[0].id) : await recordRequest(payload, { kind: 'erasure', customerId, email: subject.email, channel: 'account', status: 'received' })
  const jobs = await payload.find({ collection: 'payload-jobs', where: { and: [{ taskSlug: { equals: ERASE_CUSTOMER_DATA } }, { 'input.requestId': { equals: requestId } }] }, limit: 1, depth: 0, overrideAccess: true })
  if (jobs.docs[0]) await runJobNow(payload, jobs.docs[0].id).catch((error) => payload.logger.warn({ err: error, requestId }, 'erasure failed its first try; the runner retries it'))
  const cookie = `${payload.config.cookiePrefix}-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`
  return json({ ok: true, requestId, message: 'Your account is closed and your personal data is being erased. What the law makes us keep (the VAT record of a paid sale) is kept for as long as it says, and nothing else.' }, 202, { 'set-cookie': cookie, 'cache-control': 'no-store' })
}
