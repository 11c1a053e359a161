// The saved-bikes endpoint's request, shared by the route and the browser's call.
import { z } from '../../lib/zod'
import { MAX_SAVED_BIKES } from '../../domain/catalogue/saved-bikes'

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'A bike is named by its slug: lower-case letters, digits and hyphens.')

export const savedBikesRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('save'), slugs: z.array(slug).min(1).max(MAX_SAVED_BIKES) }).strict(),
  z.object({ action: z.literal('remove'), slugs: z.array(slug).min(1).max(MAX_SAVED_BIKES) }).strict(),
  z.object({ action: z.literal('alerts'), alerts: z.boolean(), slugs: z.array(slug).max(MAX_SAVED_BIKES).optional() }).strict(),
])
export type SavedBikesRequest = z.infer<typeof savedBikesRequest>

export interface SavedBikesResponse {
  readonly signedIn: boolean
  readonly bikes: readonly { readonly slug: string; readonly alerts: boolean }[]
}
