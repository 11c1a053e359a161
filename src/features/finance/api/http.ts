// Small helpers the finance HTTP handlers share: bounded JSON bodies and JSON answers that are never cached.
import { readBoundedText } from '../../../lib/http/bounded-body'
import { parseJsonText } from '../../../lib/http/json-text'

export const MAX_BODY_BYTES = 64 * 1024

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}

export type BodyRead = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string }

/** The request's JSON body, refusing anything over MAX_BODY_BYTES, not JSON, or not sent as JSON. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type)) return { ok: false, status: 415, message: 'Send the body as application/json.' }
  const body = await readBoundedText(request, maxBytes)
  if (!body.ok) return { ok: false, status: 413, message: `The body is larger than ${maxBytes} bytes.` }
  if (body.text === '') return { ok: false, status: 400, message: 'The request has no body.' }
  const json = parseJsonText(body.text)
  if (json.ok) return json
  return { ok: false, status: 400, message: json.reason === 'malformed' ? 'The body is not valid JSON.' : json.message }
}
