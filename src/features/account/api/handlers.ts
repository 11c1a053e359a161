// The spec §7 calls 1-3 (and token revocation) as plain functions of a Payload instance and a Request, so the
// Next route handlers stay one line each and the contract tests can call them directly.
// No 'server-only' import: integration tests run these outside Next.
import type { Payload } from 'payload'
import { parseJsonText } from '../../../lib/http/json-text'
import { isPlainText } from '../../../lib/text/plain-text'
import { z } from '../../../lib/zod'
import { checkBearer, issueApiToken, revokeApiToken } from '../../../cms/auth/api-tokens'
import { clientAddress } from '../../../cms/auth/client-address'
import { cookieIsSecure } from '../../../cms/auth/cookie-security'
import { checkCredentials } from '../../../cms/auth/credentials'
import { deviceSetCookieHeader, deviceTokensFromCookieHeader, nextDeviceCookieValue } from '../../../cms/auth/known-device'
import { env } from '../../../config/env'
import type { Order, User } from '../../../payload-types'
import { newestFirst, toCustomerOrder } from '../order-view'

const MAX_BODY_BYTES = 16 * 1024

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

function failure(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json({ success: false, statusCode: status, code, message, data: { status } }, status, headers)
}

const credentials = z.object({
  username: z.string().trim().min(1, 'username is required').max(254, 'username is too long').refine(isPlainText, 'username contains characters that are not allowed'),
  password: z.string().min(1, 'password is required').max(1024, 'password is too long'),
})

/** Reads username and password from multipart/form-data (as the original client sends), urlencoded or JSON. */
async function readCredentials(request: Request): Promise<{ ok: true; value: z.infer<typeof credentials> } | { ok: false; response: Response }> {
  const length = Number(request.headers.get('content-length') ?? '0')
  if (length > MAX_BODY_BYTES) return { ok: false, response: failure(413, '[jwt_auth] body_too_large', 'The request body is too large.') }
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  let raw: Record<string, unknown>
  try {
    if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      const form = await request.formData()
      raw = { username: form.get('username'), password: form.get('password') }
    } else if (type.startsWith('application/json')) {
      const text = await request.text()
      if (text.length > MAX_BODY_BYTES) return { ok: false, response: failure(413, '[jwt_auth] body_too_large', 'The request body is too large.') }
      const parsed = parseJsonText(text)
      if (!parsed.ok) return { ok: false, response: failure(400, '[jwt_auth] bad_request', parsed.message) }
      raw = typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>) : {}
    } else {
      return { ok: false, response: failure(415, '[jwt_auth] unsupported_media_type', 'Send username and password as multipart/form-data, a URL-encoded form or JSON.') }
    }
  } catch {
    return { ok: false, response: failure(400, '[jwt_auth] bad_request', 'The request body could not be read.') }
  }
  const result = credentials.safeParse(raw)
  if (!result.success) return { ok: false, response: failure(400, '[jwt_auth] bad_request', result.error.issues.map((i) => i.message).join('; ')) }
  return { ok: true, value: result.data }
}

function nicenameOf(email: string): string {
  return email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'customer'
}

/** The spec §3 User as the sign-in call returns it. */
export function userSummary(user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>) {
  const firstName = user.firstName ?? ''
  const lastName = user.lastName ?? ''
  const displayName = [firstName, lastName].filter(Boolean).join(' ') || user.email.split('@')[0]!
  return { id: user.id, email: user.email, nicename: nicenameOf(user.email), firstName, lastName, displayName }
}

/** POST /wp-json/jwt-auth/v1/token */
export async function issueTokenHandler(payload: Payload, request: Request): Promise<Response> {
  const body = await readCredentials(request)
  if (!body.ok) return body.response
  const deviceTokens = deviceTokensFromCookieHeader(request.headers.get('cookie'))
  const result = await checkCredentials(payload, { email: body.value.username, password: body.value.password, address: clientAddress(request.headers), deviceTokens })
  if (!result.ok) {
    if (result.reason === 'throttled') {
      return failure(429, '[jwt_auth] too_many_attempts', `Too many failed sign-in attempts. Try again in ${result.retryAfterSeconds} seconds.`, { 'Retry-After': String(result.retryAfterSeconds) })
    }
    // One answer for an unknown address and a wrong password: neither is confirmed.
    return failure(403, '[jwt_auth] incorrect_credentials', 'The email address or password is incorrect.')
  }
  const { token } = await issueApiToken(payload, result.user.id)
  // A client that keeps cookies is a known device next time: an attacker's failures elsewhere never hold it back.
  const deviceCookie = deviceSetCookieHeader(nextDeviceCookieValue(deviceTokens, result.deviceToken, result.user.id), cookieIsSecure(env().SITE_URL))
  return json({ success: true, statusCode: 200, code: 'jwt_auth_valid_credential', message: 'Credential is valid', data: { token, ...userSummary(result.user as User) } }, 200, { 'Set-Cookie': deviceCookie })
}

/** POST /wp-json/jwt-auth/v1/token/validate */
export async function validateTokenHandler(payload: Payload, request: Request): Promise<Response> {
  const check = await checkBearer(payload, request.headers)
  if (check.status === 'missing') return failure(403, 'jwt_auth_no_auth_header', 'Authorization header not found.')
  if (check.status === 'invalid') return failure(403, check.code, check.message)
  return json({ success: true, statusCode: 200, code: 'jwt_auth_valid_token', message: 'Token is valid', data: { status: 200 } }, 200)
}

/** POST /wp-json/jwt-auth/v1/token/revoke: signing out of the API. */
export async function revokeTokenHandler(payload: Payload, request: Request): Promise<Response> {
  const check = await checkBearer(payload, request.headers)
  if (check.status === 'missing') return failure(403, 'jwt_auth_no_auth_header', 'Authorization header not found.')
  if (check.status === 'invalid') return failure(403, check.code, check.message)
  await revokeApiToken(payload, check.tokenRowId)
  return json({ success: true, statusCode: 200, code: 'jwt_auth_token_revoked', message: 'Signed out: the token no longer works.', data: { status: 200 } }, 200)
}

/** GET /api/v1/customer/orders: the token owner's orders, newest first. */
export async function customerOrdersHandler(request: Request, payload: Payload): Promise<Response> {
  const check = await checkBearer(payload, request.headers)
  if (check.status === 'missing') return json({ success: false, code: 'unauthorized', message: 'Sign in first: send Authorization: Bearer <token>.' }, 401, { 'WWW-Authenticate': 'Bearer realm="wheelhouse"' })
  if (check.status === 'invalid') return json({ success: false, code: check.code, message: check.message }, 403, { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
  // The same access rule as everywhere: the orders collection's read access, applied as this user.
  const found = await payload.find({
    collection: 'orders',
    where: { customer: { equals: check.user.id } },
    sort: '-createdAt',
    limit: 200,
    depth: 0,
    overrideAccess: false,
    user: { ...check.user, collection: 'users' },
  })
  const orders = (found.docs as Order[]).map(toCustomerOrder).sort(newestFirst)
  return json(orders, 200)
}
