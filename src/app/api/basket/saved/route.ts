// GET/PUT /api/basket/saved: the signed-in customer's own basket (ids and counts); 401 for anyone else.
import { headers as requestHeaders } from 'next/headers'
import { payloadClient } from '../../../../cms/payload-client.server'
import { jsonError, parseJsonBody } from '../../../../features/basket/json-request.server'
import { savedBasketRequest, savedLinesFrom } from '../../../../features/basket/saved-basket'

export const dynamic = 'force-dynamic'

async function signedIn() {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await requestHeaders() })
  return { payload, user: user && user.collection === 'users' ? user : null }
}

const notSignedIn = () => jsonError(401, 'not_signed_in', 'Sign in to keep your basket on your account.')

export async function GET(): Promise<Response> {
  const { payload, user } = await signedIn()
  if (!user) return notSignedIn()
  const me = await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: false, user, select: { savedBasket: true } })
  return Response.json({ lines: savedLinesFrom(me.savedBasket) }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function PUT(request: Request): Promise<Response> {
  const { payload, user } = await signedIn()
  if (!user) return notSignedIn()
  const parsed = await parseJsonBody(request, savedBasketRequest)
  if (!parsed.ok) return parsed.response
  const lines = savedLinesFrom({ lines: parsed.data.lines })
  await payload.update({ collection: 'users', id: user.id, data: { savedBasket: { lines, savedAt: new Date().toISOString() } }, depth: 0, overrideAccess: false, user })
  return Response.json({ lines }, { headers: { 'Cache-Control': 'no-store' } })
}
