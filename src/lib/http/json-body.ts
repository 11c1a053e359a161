// The one way a JSON endpoint reads its request. Every refusal uses one vocabulary and one status rule:
//   415 unsupported_media_type  the body is not declared JSON (application/json or a +json type)
//   413 payload_too_large       the body is over the endpoint's limit (read bounded, never buffered whole)
//   400 malformed_json          the body is not JSON, or is empty
//   400 invalid_characters      JSON carrying control characters, broken unicode, prototype keys or deep nesting
//   400 invalid_request         JSON of the wrong shape for the endpoint's schema (issues and fields say where)
// Refusals by the shop's rules on a well-formed request (422 unavailable, 409 sold_out, ...) come from the
// features, in the same { error, message } shape (see ./respond.ts).
import type { z } from '../zod'
import { readBoundedText } from './bounded-body'
import { parseJsonText } from './json-text'

export const MAX_JSON_BYTES = 64 * 1024

/** A refusal before the request reaches a feature. */
export interface BodyRefusal {
  readonly status: 400 | 413 | 415
  readonly error: 'unsupported_media_type' | 'payload_too_large' | 'malformed_json' | 'invalid_characters' | 'invalid_request'
  readonly message: string
  readonly issues?: readonly string[]
  readonly fields?: Readonly<Record<string, string>>
}

export type BodyRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: BodyRefusal }

/** application/json, or a +json type, with any parameters (charset). */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/** A raw text body (a signed webhook, a form) up to `limit` bytes: 413 payload_too_large beyond it. */
export async function readTextBody(request: Request, limit: number): Promise<BodyRead<string>> {
  const body = await readBoundedText(request, limit)
  if (!body.ok) return { ok: false, refusal: { status: 413, error: 'payload_too_large', message: `The request body must be at most ${Math.floor(limit / 1024)} KB.` } }
  return { ok: true, value: body.text }
}

/** The request's body parsed as JSON, refused as above; `limit` in bytes. */
export async function readJsonBody(request: Request, limit = MAX_JSON_BYTES): Promise<BodyRead<unknown>> {
  const given = request.headers.get('content-type')
  if (!isJsonContentType(given)) {
    return { ok: false, refusal: { status: 415, error: 'unsupported_media_type', message: `Send the body as JSON with Content-Type: application/json${given ? ` (got ${given.slice(0, 60)})` : ' (none was given)'}.` } }
  }
  const body = await readTextBody(request, limit)
  if (!body.ok) return body
  if (body.value.trim() === '') return { ok: false, refusal: { status: 400, error: 'malformed_json', message: 'The request has no body: send it as JSON.' } }
  const json = parseJsonText(body.value)
  if (!json.ok) return { ok: false, refusal: { status: 400, error: json.reason === 'malformed' ? 'malformed_json' : 'invalid_characters', message: json.message } }
  return { ok: true, value: json.value }
}

/** Section names and the fields each takes, to name them when a request sends one it does not know. */
export type KnownFields = Readonly<Record<string, string>>

/** `value` checked by `schema`: 400 invalid_request with one readable sentence per problem when it does not fit. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, knownFields: KnownFields = {}): BodyRead<T> {
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, value: result.data }
  const issues = describeIssues(result.error, knownFields)
  return {
    ok: false,
    refusal: { status: 400, error: 'invalid_request', message: `The request was not understood: ${issues.join('; ')}.`, issues, fields: fieldErrorsOf(result.error) },
  }
}

/** readJsonBody, then validate. */
export async function readJsonRequest<T>(request: Request, schema: z.ZodType<T>, options: { limit?: number; knownFields?: KnownFields } = {}): Promise<BodyRead<T>> {
  const body = await readJsonBody(request, options.limit)
  return body.ok ? validate(schema, body.value, options.knownFields) : body
}

/** zod issues as one readable sentence per problem, naming the field ("lines.0.count must be at least 1"). */
export function describeIssues(error: z.ZodError, knownFields: KnownFields = {}): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.join('.')
    if (issue.code === 'unrecognized_keys') {
      const fields = `unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
      // Inside a known section it is a misspelt or unknown form field; elsewhere most likely a price or stock figure.
      const section = String(issue.path[0] ?? '')
      const known = knownFields[section]
      if (known) return `${where}: ${fields} (${section} takes only ${known})`
      return `${where ? `${where}: ` : ''}${fields} (prices and stock come from the shop, never from the browser)`
    }
    return where ? `${where} ${issue.message}` : issue.message
  })
}

/** The first problem of each field, by its dotted path ('form' for the whole request): what a form shows beside each answer. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) out[issue.path.join('.') || 'form'] ??= issue.message
  return out
}
