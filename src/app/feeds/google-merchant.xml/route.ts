// GET /feeds/google-merchant.xml: the Google Merchant Center product feed (README "Importing stock"),
// streamed from the stored copy built after the last catalogue change (features/feeds/stored-feeds.server.ts, ADR 042).
import { payloadClient } from '../../../cms/payload-client.server'
import { feedResponse } from '../../../features/feeds/feed-response.server'
import { storedFeed } from '../../../features/feeds/stored-feeds.server'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  return feedResponse(await storedFeed(await payloadClient(), { kind: 'merchant' }))
}
