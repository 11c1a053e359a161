// Reads a JSON request body for the basket endpoints with a size limit, answering every kind of bad input with a 4xx JSON message.
import 'server-only'
import { readBoundedText } from '../../lib/http/bounded-body'
import { parseJsonText } from '../../lib/http/json-text'
import type { z } from '../../lib/zod'
import { describeIssues } from './basket-request'

export const MAX_BODY_BYTES = 64 * 1024

export function jsonError(status: number, error: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error, message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}

export type Parsed<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly response: Response }

/** application/json, or a +json type, with any parameters (charset). */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/** The body parsed by `schema`, or the response to send: 415 not declared JSON, 413 too large, 400 not JSON, 422 the wrong shape. */
export async function parseJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<Parsed<T>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    const given = request.headers.get('content-type')
    return { ok: false, response: jsonError(415, 'unsupported_media_type', `Send the body as JSON with Content-Type: application/json${given ? ` (got ${given.slice(0, 60)})` : ' (none was given)'}.`) }
  }
  const body = await readBoundedText(request, MAX_BODY_BYTES)
  if (!body.ok) return { ok: false, response: jsonError(413, 'too_large', `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`) }
  const json = parseJsonText(body.text)
  if (!json.ok) return { ok: false, response: jsonError(400, json.reason === 'malformed' ? 'malformed_json' : 'invalid_characters', json.message) }
  const result = schema.safeParse(json.value)
  if (!result.success) {
    const problems = describeIssues(result.error)
    return { ok: false, response: jsonError(422, 'invalid_request', `The request was not understood: ${problems.join('; ')}.`, { problems }) }
  }
  return { ok: true, data: result.data }
}
