// POST /api/internal/revalidate: server.mjs applies a storefront change (from its own background runner or
// from another app instance, through Redis) to Next's caches, which can only be revalidated inside a
// request. Only the server itself can call it: the body must carry an HMAC made with the Payload secret.
import type { Endpoint } from 'payload'
import { parseStorefrontChange } from '../../config/storefront-change'
import { revalidateNextCaches } from '../hooks/revalidate-storefront'
import { json, refuse } from '../../lib/http/respond'
import { signedByServer } from './record-not-found'

export const internalRevalidate: Endpoint = {
  path: '/internal/revalidate',
  method: 'post',
  handler: async (req) => {
    const body = req.text ? await req.text() : ''
    if (body.length > 64 * 1024 || !signedByServer(body, req.headers.get('x-wheelhouse-signature'))) return refuse(403, 'forbidden', 'Only the shop itself announces storefront changes.')
    let change
    try {
      change = parseStorefrontChange(JSON.parse(body))
    } catch {
      change = null
    }
    if (!change) return refuse(400, 'invalid_request', 'The change is not one the storefront knows.')
    await revalidateNextCaches(change)
    return json({ revalidated: true })
  },
}
