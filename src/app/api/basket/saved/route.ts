// GET/PUT /api/basket/saved: the signed-in customer's own basket (ids and counts); 401 for anyone else.
import { json, refuse } from '../../../../lib/http/respond'
import { savedBasketRequest, savedLinesFrom } from '../../../../features/basket/saved-basket'
import type { SavedBasketResponse } from '../../../../features/basket/api/saved-basket'
import { endpoint, type Caller } from '../../endpoint'

export const dynamic = 'force-dynamic'

const signedInFirst = async ({ account }: Caller) => ((await account()) ? null : refuse(401, 'not_signed_in', 'Sign in to keep your basket on your account.'))

export const GET = endpoint({
  before: signedInFirst,
  handle: async (_input, { payload, account }) => {
    const user = (await account())!
    const me = await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: false, user, select: { savedBasket: true } })
    return json({ lines: savedLinesFrom(me.savedBasket) } satisfies SavedBasketResponse)
  },
})

export const PUT = endpoint({
  before: signedInFirst,
  schema: savedBasketRequest,
  handle: async (input, { payload, account }) => {
    const user = (await account())!
    const lines = savedLinesFrom({ lines: input.lines })
    await payload.update({ collection: 'users', id: user.id, data: { savedBasket: { lines, savedAt: new Date().toISOString() } }, depth: 0, overrideAccess: false, user })
    return json({ lines } satisfies SavedBasketResponse)
  },
})
