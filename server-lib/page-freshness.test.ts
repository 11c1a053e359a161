// What each page family's freshness rules produce, pinned at their outputs before the rules became one table
// (src/config/page-families.mjs): what the response cache never keys, what it stores though Next
// marks it no-store, what a change makes it forget, and the ban sent to a shared proxy cache.
import { describe, expect, it } from 'vitest'
import { varnishConfig } from '../scripts/topology.mjs'
import { banPattern, createResponseCache } from './response-cache.mjs'

const doc = (text: string) => `<!DOCTYPE html><html><body>${text}</body></html>`
function response(cacheControl: string) {
  const headers = new Map<string, string>([['content-type', 'text/html; charset=utf-8'], ['cache-control', cacheControl]])
  return {
    statusCode: 200,
    setHeader: (n: string, v: string) => headers.set(n.toLowerCase(), v),
    getHeaders: () => Object.fromEntries(headers),
    getHeader: (n: string) => headers.get(n.toLowerCase()),
    hasHeader: (n: string) => headers.has(n.toLowerCase()),
    writeHead() {},
    write: () => true,
    end() {},
  }
}
const request = (url: string) => ({ url, method: 'GET', headers: {} })

const URLS = [
  '/', '/?utm=x', '/all-bikes', '/all-bikes?condition=used', '/All-Bikes', '/all-bikes/', '/all-bikes-old', '/search', '/search?q=lock',
  '/brand/trek', '/brand', '/category/locks?page=2', '/category/bikes/road', '/products/abus-bordo-6000', '/products/ABUS-Bordo-6000?x=1',
  '/products/abus-bordo-6000-mk2', '/products/trek-fx-2', '/products/a.b', '/products/axb', '/blog', '/blog/hello', '/about', '/compare',
  '/checkout', '/orders', '/api', '/api/products', '/admin', '/admin/collections/products', '/_next', '/_next/static/x.js', '/apis', '/administer',
]

function filled(cacheControl: string) {
  const cache = createResponseCache()
  for (const url of URLS) {
    const res = response(cacheControl)
    cache.serve(request(url), res)
    ;(res.end as (c: string) => void)(doc(url))
  }
  return cache
}
const kept = (cache: ReturnType<typeof createResponseCache>) => URLS.filter((u) => cache.serve(request(u), response('')))

describe('page freshness, as the response cache and the proxy ban apply it', () => {
  it('never keys the API, the admin or Next assets', () => {
    const cache = createResponseCache()
    expect(URLS.filter((u) => cache.keyFor(request(u)) === null)).toEqual(['/api', '/api/products', '/admin', '/admin/collections/products', '/_next', '/_next/static/x.js'])
  })

  it('stores the listings though Next marks them no-store, and other pages only when Next shares them', () => {
    expect(kept(filled('private, no-cache, no-store, max-age=0, must-revalidate'))).toEqual([
      '/all-bikes', '/all-bikes?condition=used', '/search', '/search?q=lock', '/brand/trek', '/category/locks?page=2', '/category/bikes/road',
    ])
    expect(kept(filled('s-maxage=300'))).toEqual(URLS.filter((u) => !/^\/(api|admin|_next)(\/|$)/.test(u)))
  })

  it('a sale forgets the home page, the listings and its products; a staff edit everything', () => {
    const sale = filled('s-maxage=300')
    sale.invalidate({ kind: 'products', slugs: ['abus-bordo-6000', 'a.b'] })
    expect(kept(sale)).toEqual([
      '/All-Bikes', '/all-bikes/', '/all-bikes-old', '/brand', '/products/abus-bordo-6000-mk2', '/products/trek-fx-2', '/products/axb',
      '/blog', '/blog/hello', '/about', '/compare', '/checkout', '/orders', '/apis', '/administer',
    ])
    const none = filled('s-maxage=300')
    none.invalidate({ kind: 'products', slugs: [] })
    expect(kept(none)).toEqual([
      '/All-Bikes', '/all-bikes/', '/all-bikes-old', '/brand', '/products/abus-bordo-6000', '/products/ABUS-Bordo-6000?x=1', '/products/abus-bordo-6000-mk2',
      '/products/trek-fx-2', '/products/a.b', '/products/axb', '/blog', '/blog/hello', '/about', '/compare', '/checkout', '/orders', '/apis', '/administer',
    ])
    for (const change of [{ kind: 'all' }, null]) {
      const edit = filled('s-maxage=300')
      edit.invalidate(change)
      expect(edit.size).toBe(0)
    }
  })

  it('bans at the proxy by one regular expression per change', () => {
    expect(banPattern({ kind: 'all' })).toBe('^/')
    expect(banPattern(null)).toBe('^/')
    expect(banPattern({ kind: 'products', slugs: [] })).toBe('(?i)^/([?]|$)|^/(all-bikes|search)([?]|$)|^/(brand|category)/')
    expect(banPattern({ kind: 'products', slugs: ['abus-bordo-6000', 'A.B', 'abus-bordo-6000'] })).toBe(
      '(?i)^/([?]|$)|^/(all-bikes|search)([?]|$)|^/(brand|category)/|^/products/(abus-bordo-6000|a\\.b)([?]|$)',
    )
  })

  it('passes the same never-cached paths through Varnish', () => {
    expect(varnishConfig({ nginxSocket: '/tmp/n.sock', banKey: 'k' })).toContain('  if (req.url ~ "^/(api|admin|_next)([/?]|$)") { return (pass); }\n')
  })
})
