// The hosted test gateway's form posts (card, 3-D Secure, Klarna sign-in, cancel): each reads its small urlencoded
// form with a size limit, asks the gateway, and answers a 303 to the page the gateway names, like a hosted page.
import 'server-only'
import type { Payload } from 'payload'
import { payloadClient } from '../../../../../cms/payload-client.server'
import { paths } from '../../../../../config/paths'
import { testGateway } from '../../../../../features/payments/providers.server'
import { readTextBody } from '../../../../../lib/http/json-body'
import { refuseBody } from '../../../../../lib/http/respond'

const MAX_FORM_BYTES = 8 * 1024

async function readForm(request: Request): Promise<URLSearchParams | Response> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded')) return new Response('Send the form as application/x-www-form-urlencoded', { status: 415 })
  const body = await readTextBody(request, MAX_FORM_BYTES)
  if (!body.ok) return refuseBody(body.refusal)
  return new URLSearchParams(body.value)
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

export interface GatewayPost {
  readonly gateway: ReturnType<typeof testGateway>
  readonly sessionId: string
  /** A field of the form, as text cut to `max` characters ('' when absent). */
  readonly field: (name: string, max?: number) => string
  /** The payment page of this session, where the customer goes back to when the step is not done. */
  readonly page: string
}

/** A gateway form's POST handler: `answer` names where the customer goes next. */
export function gatewayFormPost(answer: (post: GatewayPost) => Promise<string>) {
  return async (request: Request, { params }: { params: Promise<{ sessionId: string }> }): Promise<Response> => {
    const { sessionId } = await params
    const form = await readForm(request)
    if (form instanceof Response) return form
    const payload: Payload = await payloadClient()
    const field = (name: string, max = 200) => (form.get(name) ?? '').toString().slice(0, max)
    return seeOther(await answer({ gateway: testGateway(payload), sessionId, field, page: paths.testGatewayPay(sessionId) }))
  }
}
