// GET/PUT /api/basket/saved: the signed-in customer's own basket (ids and counts); 401 for anyone else.
import { headers as requestHeaders } from 'next/headers'
import { payloadClient } from '../../../../cms/payload-client.server'
import { readJsonRequest } from '../../../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../../../lib/http/respond'
import { savedBasketRequest, savedLinesFrom } from '../../../../features/basket/saved-basket'

export const dynamic = 'force-dynamic'

async function signedIn() {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await requestHeaders() })
  return { payload, user: user && user.collection === 'users' ? user : null }
}

const notSignedIn = () => refuse(401, 'not_signed_in', 'Sign in to keep your basket on your account.')

export async function GET(): Promise<Response> {
  const { payload, user } = await signedIn()
  if (!user) return notSignedIn()
  const me = await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: false, user, select: { savedBasket: true } })
  return json({ lines: savedLinesFrom(me.savedBasket) })
}

export async function PUT(request: Request): Promise<Response> {
  const { payload, user } = await signedIn()
  if (!user) return notSignedIn()
  const parsed = await readJsonRequest(request, savedBasketRequest)
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const lines = savedLinesFrom({ lines: parsed.value.lines })
  await payload.update({ collection: 'users', id: user.id, data: { savedBasket: { lines, savedAt: new Date().toISOString() } }, depth: 0, overrideAccess: false, user })
  return json({ lines })
}
