// GET/POST /api/saved-bikes: the signed-in customer's saved bikes and their alerts (issue 26). A guest keeps the
// list in the browser: GET answers signedIn false, POST 401. The browser's list joins the account's by 'save'.
import { payloadClient } from '../../../cms/payload-client.server'
import { signedInCustomerId } from '../../../features/account/session.server'
import { removeSavedBikes, saveBikes, savedBikesOf, setSavedBikeAlerts, type SavedBike } from '../../../features/account/saved-bikes.server'
import { savedBikesRequest, type SavedBikesResponse } from '../../../features/account/saved-bikes-request'
import { readJsonRequest } from '../../../lib/http/json-body'
import { json, refuse, refuseBody } from '../../../lib/http/respond'

export const dynamic = 'force-dynamic'

const answer = (signedIn: boolean, bikes: readonly SavedBike[]) => json({ signedIn, bikes: bikes.map((b) => ({ slug: b.slug, alerts: b.alerts })) } satisfies SavedBikesResponse)

export async function GET(request: Request): Promise<Response> {
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  if (customerId === null) return answer(false, [])
  return answer(true, await savedBikesOf(payload, customerId))
}

export async function POST(request: Request): Promise<Response> {
  const parsed = await readJsonRequest(request, savedBikesRequest, { limit: 8 * 1024 })
  if (!parsed.ok) return refuseBody(parsed.refusal)
  const payload = await payloadClient()
  const customerId = await signedInCustomerId(payload, request.headers)
  if (customerId === null) return refuse(401, 'not_signed_in', 'Sign in to keep saved bikes on your account; until then they are kept in this browser.')
  const body = parsed.value
  switch (body.action) {
    case 'save':
      return answer(true, await saveBikes(payload, customerId, body.slugs))
    case 'remove':
      return answer(true, await removeSavedBikes(payload, customerId, body.slugs))
    case 'alerts':
      return answer(true, await setSavedBikeAlerts(payload, customerId, body.slugs ?? null, body.alerts))
  }
}
