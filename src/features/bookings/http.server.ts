// JSON in and out for the booking routes: 415 unless declared JSON, 413 over the limit (read bounded), 400
// when it does not parse; every refusal is { error, message, ... } and never cached.
import 'server-only'
import { readBoundedText } from '../../lib/http/bounded-body'
import { parseJsonText } from '../../lib/http/json-text'
import type { z } from '../../lib/zod'
import { fieldErrorsOf } from './booking-request'
import type { Refusal } from './bookings.server'

export const MAX_BOOKING_BYTES = 16 * 1024

export function jsonError(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error, message, ...extra }, { status, headers: { 'cache-control': 'no-store' } })
}

export function refusalResponse(refusal: Refusal): Response {
  const { ok: _ok, status, code, message, ...rest } = refusal
  return jsonError(status, code, message, rest)
}

export async function parseJson<T>(request: Request, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json(\s*;|$)/i.test(type.trim())) return { ok: false, response: jsonError(415, 'unsupported_media_type', 'Send the request as JSON (Content-Type: application/json).') }
  const body = await readBoundedText(request, MAX_BOOKING_BYTES)
  if (!body.ok) return { ok: false, response: jsonError(413, 'payload_too_large', `The request body must be at most ${MAX_BOOKING_BYTES / 1024} KB.`) }
  const json = parseJsonText(body.text)
  if (!json.ok) return { ok: false, response: jsonError(400, json.reason === 'malformed' ? 'invalid_json' : 'invalid_characters', json.message) }
  const parsed = schema.safeParse(json.value)
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error)
    const [field, message] = Object.entries(fields)[0] ?? ['form', 'The request is not valid.']
    return { ok: false, response: jsonError(400, 'invalid_request', `${field}: ${message}`, { fields }) }
  }
  return { ok: true, value: parsed.data }
}
