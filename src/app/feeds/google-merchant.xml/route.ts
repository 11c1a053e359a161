// GET /feeds/google-merchant.xml: the Google Merchant Center product feed (issue 28 §3; README "Importing stock"),
// streamed page by page from the database (features/feeds/merchant-feed.server.ts).
import { payloadClient } from '../../../cms/payload-client.server'
import { MACHINE_DOCUMENT_CACHE_CONTROL } from '../../../config/cache-tags'
import { env } from '../../../config/env'
import { merchantFeedStream } from '../../../features/feeds/merchant-feed.server'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  const body = await merchantFeedStream(await payloadClient(), { siteUrl: env().SITE_URL })
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': MACHINE_DOCUMENT_CACHE_CONTROL } })
}
