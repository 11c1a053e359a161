// Every JSON answer of the shop's endpoints: never cached, and every refusal is { error, message, ...details }
// with `error` a stable code for programs and `message` a sentence for people (status rule: ./json-body.ts).
import type { BodyRefusal } from './json-body'

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } })
}

export function refuse(status: number, error: string, message: string, details: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ ...details, error, message }, status, headers)
}

/** A refusal from reading the body. */
export function refuseBody(refusal: BodyRefusal): Response {
  const { status, error, message, ...details } = refusal
  return refuse(status, error, message, details)
}

/** A feature's refusal ({ ok: false, status, code, message, ...details }) as an answer. */
export function refuseOutcome({ ok: _ok, status, code, message, ...details }: { readonly ok?: boolean; readonly status: number; readonly code: string; readonly message: string; readonly [detail: string]: unknown }): Response {
  return refuse(status, code, message, details)
}

const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorised',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  422: 'refused',
  429: 'too_many_requests',
  500: 'server_error',
  502: 'upstream_unavailable',
  503: 'unavailable',
}

/** The code of a refusal that has no more particular one. */
export function codeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'server_error' : 'refused')
}
