// Server reads for the customer's deal pages: the deal a visitor may see (its signed link, or their account) and
// the link to it that the result pages of a reservation or a test ride offer.
import 'server-only'
import { headers } from 'next/headers'
import { linkedId, signLink } from '../../cms/auth/signed-links'
import { signedInAccount } from '../../cms/auth/session.server'
import { payloadClient } from '../../cms/payload-client.server'
import { paths } from '../../config/paths'
import { dealKey } from '../../domain/deals/deal-stages'
import { dealIdByKey, dealOwnership, dealsOfCustomer } from './deal-rows.server'
import { dealView, type DealView } from './deal-view.server'

/**
 * The deal `id` if this visitor may see it: the signed link names it, or they are signed in to the account it
 * belongs to (by the account, or by the account's confirmed email address). Else null, whether or not it exists.
 */
export async function visibleDeal(id: number, token: string | undefined): Promise<{ view: DealView; token: string } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const payload = await payloadClient()
  const byLink = token ? (await linkedId('deal-view', token)) === id : false
  let allowed = byLink
  if (!allowed) {
    const user = await signedInAccount(payload, await headers())
    if (user) {
      const owner = await dealOwnership(payload, id)
      const confirmed = Boolean((user as { emailConfirmedAt?: string | null }).emailConfirmedAt)
      allowed = owner !== null && (owner.customerId === Number(user.id) || (confirmed && owner.email === String(user.email).toLowerCase()))
    }
  }
  if (!allowed) return null
  const view = await dealView(payload, id)
  return view ? { view, token: byLink ? token! : await signLink('deal-view', id) } : null
}

/** The customer's own link to their deal for this bike, when there is one (a step's result page offers it). */
export async function dealHrefFor(email: string, productId: number): Promise<string | null> {
  const payload = await payloadClient()
  const id = await dealIdByKey(payload, dealKey(email, productId))
  return id ? paths.deal(id, await signLink('deal-view', id)) : null
}

/** A signed-in customer's deals, newest first. */
export async function customerDeals(customerId: number, email: string) {
  return dealsOfCustomer(await payloadClient(), customerId, email)
}
