// Reads the gateway's small urlencoded forms with a size limit; answers 303 redirects like a hosted page.
import 'server-only'
import { readBodyText } from '../../../../../features/orders/http.server'

export const MAX_FORM_BYTES = 8 * 1024

export async function readForm(request: Request): Promise<URLSearchParams | Response> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded')) return new Response('Send the form as application/x-www-form-urlencoded', { status: 415 })
  const body = await readBodyText(request, MAX_FORM_BYTES)
  if (!body.ok) return body.response
  return new URLSearchParams(body.text)
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}
