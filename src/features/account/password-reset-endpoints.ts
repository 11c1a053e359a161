// Payload's two public doors to a password reset, replaced by the shop's (payload.config.ts puts them in place):
// REST POST /api/users/forgot-password (the admin's "Forgot password" calls it) and GraphQL forgotPasswordUser.
// Payload's own answered 400 for every existing account (its internal update of the reset token ran through the
// users hooks as the visitor) and 200 for an unknown one, and did the lookup and the email before answering. These
// validate the address, count the request and queue the same job for any address (password-reset.server.ts), so the
// answer and its timing are the same whether an account exists.
// Loaded with the Payload config (outside Next too), so the server-only half is imported when a request comes.
import { addDataAndFileToRequest, APIError, type Endpoint, type GraphQLExtension, type PayloadRequest } from 'payload'
import { rateLimitedMessage } from '../../cms/auth/request-limits'
import { EMAIL_MESSAGE, emailAddress } from './email-address'

/** The one answer to an accepted request: it names no address and says nothing of whether it has an account. */
export const RESET_REQUESTED = 'If that address has an account with us, we have emailed it a link to choose a new password.'

type Outcome = { ok: true } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number }

async function resetRequest(req: PayloadRequest, email: unknown): Promise<Outcome> {
  const parsed = emailAddress.safeParse(email)
  if (!parsed.success) return { ok: false, status: 400, message: EMAIL_MESSAGE }
  const { requestPasswordReset } = await import('./password-reset.server')
  const decision = await requestPasswordReset(req.payload, req.headers, parsed.data)
  return decision.ok ? { ok: true } : { ok: false, status: 429, message: rateLimitedMessage(decision.retryAfterSeconds), retryAfterSeconds: decision.retryAfterSeconds }
}

const refusal = (status: number, message: string, path?: string, headers: Record<string, string> = {}) =>
  Response.json({ errors: [{ message, ...(path ? { data: { errors: [{ path, message }] } } : {}) }] }, { status, headers })

/** The body as the admin sends it (multipart with `_payload`) or as JSON: `{ email }` and nothing else. */
async function bodyOf(req: PayloadRequest): Promise<{ email: unknown } | string> {
  try {
    await addDataAndFileToRequest(req)
  } catch {
    return 'Send the email address as JSON: {"email": "…"}.'
  }
  const data: unknown = req.data
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'Send the email address as JSON: {"email": "…"}.'
  const extra = Object.keys(data).find((k) => k !== 'email')
  return extra ? `${extra} is not a field of this request: send only the email address.` : { email: (data as { email?: unknown }).email }
}

export const forgotPasswordEndpoint: Endpoint = {
  path: '/forgot-password',
  method: 'post',
  handler: async (req) => {
    const body = await bodyOf(req)
    if (typeof body === 'string') return refusal(400, body)
    const outcome = await resetRequest(req, body.email)
    if (outcome.ok) return Response.json({ message: RESET_REQUESTED })
    if (outcome.status === 400) return refusal(400, outcome.message, 'email')
    return refusal(429, outcome.message, undefined, { 'retry-after': String(outcome.retryAfterSeconds ?? 60) })
  },
}

/** GraphQL forgotPasswordUser, with Payload's argument and answer (true). */
export const forgotPasswordMutations: GraphQLExtension = (GraphQL) => ({
  forgotPasswordUser: {
    type: new GraphQL.GraphQLNonNull(GraphQL.GraphQLBoolean),
    args: { email: { type: new GraphQL.GraphQLNonNull(GraphQL.GraphQLString) } },
    resolve: async (_source: unknown, args: { email: string }, context: { req: PayloadRequest }) => {
      const outcome = await resetRequest(context.req, args.email)
      if (outcome.ok) return true
      const error = new APIError(outcome.message, outcome.status, outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : undefined, true)
      error.name = 'APIError'
      throw error
    },
  },
})
