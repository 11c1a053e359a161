// GET/PUT /api/basket/saved: the signed-in customer's own basket (route: app/api/basket/saved), and Payload's
// GET /api/users/me, which says who that is.
import type { z } from '../../../lib/zod'
import { callApi } from '../../../lib/http/call-api'
import { paths } from '../../../config/paths'
import type { savedBasketRequest, SavedLine } from '../saved-basket'

export type SaveBasketRequest = z.input<typeof savedBasketRequest>
export interface SavedBasketResponse {
  readonly lines: readonly SavedLine[]
}

export function loadSavedBasket() {
  return callApi<SavedBasketResponse>(paths.api.savedBasket(), { cache: 'no-store' })
}

export function saveBasket(body: SaveBasketRequest) {
  return callApi<SavedBasketResponse>(paths.api.savedBasket(), { method: 'PUT', body })
}

/** Payload's answer to GET /api/users/me. */
export interface MeResponse {
  readonly user: { readonly id: string | number; readonly collection?: string } | null
}

export function whoIsSignedIn() {
  return callApi<MeResponse>(paths.api.me(), { cache: 'no-store' })
}
