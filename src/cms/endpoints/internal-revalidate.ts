// POST /api/internal/revalidate: a storefront change (from server.mjs's own background runner, from another app
// instance through Redis, or from a command-line import on this machine) applied to Next's caches, which can only be
// revalidated inside a request, and then to server.mjs's response cache and the proxy's (the bus's afterNext). Only
// the shop can call it: the body must carry an HMAC made with the Payload secret.
import type { Endpoint } from 'payload'
import { parseStorefrontChange } from '../../config/storefront-change'
import { revalidateNextCaches, type StorefrontBus } from '../hooks/revalidate-storefront'
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
    ;(globalThis as { __wheelhouseStorefrontBus?: StorefrontBus }).__wheelhouseStorefrontBus?.afterNext?.(change)
    return json({ revalidated: true })
  },
}
