// The one click that stops a deal's emails, from the signed link in its reminder.
import 'server-only'
import type { Payload } from 'payload'
import { linkedId } from '../../cms/auth/signed-links'
import { unsubscribeDeal } from './deal-rows.server'

export async function unsubscribeByToken(payload: Payload, token: string): Promise<boolean> {
  const dealId = await linkedId('deal-unsubscribe', token)
  return dealId !== null && (await unsubscribeDeal(payload, dealId))
}
