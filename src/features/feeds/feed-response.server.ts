// The answer of the three feed routes: a stored document as XML a shared cache may keep, or a 404.
import 'server-only'
import { MACHINE_DOCUMENT_CACHE_CONTROL } from '../../config/cache-tags'
import type { StoredFeed } from './stored-feeds.server'

export function feedResponse(feed: StoredFeed | null): Response {
  if (feed === null) return new Response('No such sitemap file.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
  return new Response(feed.body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-length': String(feed.size),
      'last-modified': new Date(feed.builtAt).toUTCString(),
      'cache-control': MACHINE_DOCUMENT_CACHE_CONTROL,
    },
  })
}
