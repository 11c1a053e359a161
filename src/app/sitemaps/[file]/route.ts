// GET /sitemaps/N.xml: one file of the sitemap, streamed from the stored copy (ADR 042); 404 for a
// file the index does not list.
import { payloadClient } from '../../../cms/payload-client.server'
import { sitemapFileNumber } from '../../../domain/seo/sitemap'
import { feedResponse } from '../../../features/feeds/feed-response.server'
import { storedFeed } from '../../../features/feeds/stored-feeds.server'

export const dynamic = 'force-dynamic'

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const n = sitemapFileNumber((await params).file)
  return feedResponse(n === null ? null : await storedFeed(await payloadClient(), { kind: 'sitemap-file', n }))
}
