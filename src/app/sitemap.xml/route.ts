// GET /sitemap.xml: the sitemap index (issue 28 §4), listing the numbered files of /sitemaps/N.xml that hold the
// storefront's URLs, at most 45,000 each (features/feeds/sitemap.server.ts). robots.txt points here.
import { payloadClient } from '../../cms/payload-client.server'
import { MACHINE_DOCUMENT_CACHE_CONTROL } from '../../config/cache-tags'
import { env } from '../../config/env'
import { sitemapIndex } from '../../features/feeds/sitemap.server'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  const xml = await sitemapIndex(await payloadClient(), { siteUrl: env().SITE_URL })
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': MACHINE_DOCUMENT_CACHE_CONTROL } })
}
