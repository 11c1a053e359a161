// GET /sitemaps/N.xml: one file of the sitemap (issue 28 §4), streamed; 404 for a file the index does not list.
import { payloadClient } from '../../../cms/payload-client.server'
import { MACHINE_DOCUMENT_CACHE_CONTROL } from '../../../config/cache-tags'
import { env } from '../../../config/env'
import { sitemapFileNumber } from '../../../domain/seo/sitemap'
import { sitemapFileStream } from '../../../features/feeds/sitemap.server'

export const dynamic = 'force-dynamic'

const notFound = () => new Response('No such sitemap file.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const n = sitemapFileNumber((await params).file)
  if (n === null) return notFound()
  const body = await sitemapFileStream(await payloadClient(), n, { siteUrl: env().SITE_URL })
  if (body === null) return notFound()
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': MACHINE_DOCUMENT_CACHE_CONTROL } })
}
