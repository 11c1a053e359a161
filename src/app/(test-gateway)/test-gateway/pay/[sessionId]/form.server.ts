// Reads the gateway's small urlencoded forms with a size limit; answers 303 redirects like a hosted page.
import 'server-only'
import { readTextBody } from '../../../../../lib/http/json-body'
import { refuseBody } from '../../../../../lib/http/respond'

export const MAX_FORM_BYTES = 8 * 1024

export async function readForm(request: Request): Promise<URLSearchParams | Response> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded')) return new Response('Send the form as application/x-www-form-urlencoded', { status: 415 })
  const body = await readTextBody(request, MAX_FORM_BYTES)
  if (!body.ok) return refuseBody(body.refusal)
  return new URLSearchParams(body.value)
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}
