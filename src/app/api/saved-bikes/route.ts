// GET/POST /api/saved-bikes: the signed-in customer's saved bikes and their alerts. A guest keeps the
// list in the browser: GET answers signedIn false, POST 401. The browser's list joins the account's by 'save'.
import { removeSavedBikes, saveBikes, savedBikesOf, setSavedBikeAlerts, type SavedBike } from '../../../features/account/saved-bikes.server'
import { savedBikesRequest, type SavedBikesResponse } from '../../../features/account/saved-bikes-request'
import { json, refuse } from '../../../lib/http/respond'
import { endpoint } from '../endpoint'

export const dynamic = 'force-dynamic'

const answer = (signedIn: boolean, bikes: readonly SavedBike[]) => json({ signedIn, bikes: bikes.map((b) => ({ slug: b.slug, alerts: b.alerts })) } satisfies SavedBikesResponse)

export const GET = endpoint({
  handle: async (_input, { payload, customerId }) => {
    const id = await customerId()
    if (id === null) return answer(false, [])
    return answer(true, await savedBikesOf(payload, id))
  },
})

export const POST = endpoint({
  schema: savedBikesRequest,
  body: { limit: 8 * 1024 },
  handle: async (input, { payload, customerId }) => {
    const id = await customerId()
    if (id === null) return refuse(401, 'not_signed_in', 'Sign in to keep saved bikes on your account; until then they are kept in this browser.')
    switch (input.action) {
      case 'save':
        return answer(true, await saveBikes(payload, id, input.slugs))
      case 'remove':
        return answer(true, await removeSavedBikes(payload, id, input.slugs))
      case 'alerts':
        return answer(true, await setSavedBikeAlerts(payload, id, input.slugs ?? null, input.alerts))
    }
  },
})
