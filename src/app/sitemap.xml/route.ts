// GET /sitemap.xml: the sitemap index, listing the numbered files of /sitemaps/N.xml that hold the
// storefront's URLs, at most 45,000 each; served from the stored copy (features/feeds/stored-feeds.server.ts, ADR 042).
// robots.txt points here.
import { payloadClient } from '../../cms/payload-client.server'
import { feedResponse } from '../../features/feeds/feed-response.server'
import { storedFeed } from '../../features/feeds/stored-feeds.server'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  return feedResponse(await storedFeed(await payloadClient(), { kind: 'sitemap-index' }))
}
