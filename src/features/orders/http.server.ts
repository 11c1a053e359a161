// Small helpers the order and payment route handlers share: bounded body reading and JSON error answers.
import 'server-only'
import { readBoundedText } from '../../lib/http/bounded-body'
import { parseJsonText } from '../../lib/http/json-text'

export const MAX_JSON_BYTES = 64 * 1024

export function jsonError(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error, message, ...extra }, { status, headers: { 'cache-control': 'no-store' } })
}

export type BodyResult = { ok: true; text: string } | { ok: false; response: Response }

/** The raw body as text, refusing anything over `limit` bytes without reading the rest of it. */
export async function readBodyText(request: Request, limit = MAX_JSON_BYTES): Promise<BodyResult> {
  const body = await readBoundedText(request, limit)
  if (body.ok) return body
  return { ok: false, response: jsonError(413, 'payload_too_large', `The request body must be at most ${Math.floor(limit / 1024)} KB.`) }
}

/** A JSON request body: 415 when it is not declared JSON, 413 when too large, 400 when it does not parse or carries junk (see parseJsonText). */
export async function readJson(request: Request, limit = MAX_JSON_BYTES): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json(\s*;|$)/i.test(type.trim())) return { ok: false, response: jsonError(415, 'unsupported_media_type', 'Send the request as JSON (Content-Type: application/json).') }
  const body = await readBodyText(request, limit)
  if (!body.ok) return body
  const parsed = parseJsonText(body.text)
  if (parsed.ok) return parsed
  return { ok: false, response: jsonError(400, parsed.reason === 'malformed' ? 'invalid_json' : 'invalid_characters', parsed.message) }
}
