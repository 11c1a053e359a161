// The browser's one way to call the shop's JSON endpoints: the path comes from config/paths.ts and the request and
// answer types from the endpoint's contract in features/<name>/api/, so no component writes a URL or casts an answer.
// It throws only when the shop cannot be reached or the call is aborted: a refusal is an answer like any other.

/** A refusal as the shop's endpoints write it ({ error, message, ...details }; ./respond.ts). */
export interface ApiRefusal {
  readonly error?: string
  readonly message?: string
  readonly [detail: string]: unknown
}

/** The answer: the endpoint's JSON when it succeeded, its refusal otherwise (null when that was not JSON). */
export type ApiAnswer<T> = { readonly ok: true; readonly status: number; readonly body: T } | { readonly ok: false; readonly status: number; readonly body: ApiRefusal | null }

export async function callApi<T>(path: string, init: { readonly method?: 'GET' | 'POST' | 'PUT'; readonly body?: unknown; readonly signal?: AbortSignal; readonly cache?: RequestCache } = {}): Promise<ApiAnswer<T>> {
  const { body, ...rest } = init
  const response = await fetch(path, { ...rest, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) })
  const json = (await response.json().catch(() => null)) as unknown
  if (response.ok && json !== null) return { ok: true, status: response.status, body: json as T }
  return { ok: false, status: response.status, body: json !== null && typeof json === 'object' ? (json as ApiRefusal) : null }
}
