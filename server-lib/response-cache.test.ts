import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { banPattern, createResponseCache, mergeChanges } from './response-cache.mjs'

type Headers = Record<string, string>
function request(url: string, headers: Headers = {}, method = 'GET') {
  return { url, method, headers }
}
const doc = (text: string) => `<!DOCTYPE html><html><body>${text}</body></html>`
/** A response as Next starts one for a page: an HTML content type (tests that need another set their own). */
function response() {
  const headers = new Map<string, string | string[]>([['content-type', 'text/html; charset=utf-8']])
  const res = {
    statusCode: 200,
    body: [] as Buffer[],
    setHeader: (n: string, v: string) => headers.set(n.toLowerCase(), v),
    getHeaders: () => Object.fromEntries(headers),
    getHeader: (n: string) => headers.get(n.toLowerCase()),
    hasHeader: (n: string) => headers.has(n.toLowerCase()),
    writeHead(status: number) {
      res.statusCode = status
    },
    write(chunk: string | Buffer) {
      res.body.push(Buffer.from(chunk))
      return true
    },
    end(chunk?: string | Buffer) {
      if (chunk) res.body.push(Buffer.from(chunk))
    },
    headers,
  }
  return res
}

describe('response cache', () => {
  it('replays a public page after its first render', () => {
    let clock = 0
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock })
    const first = response()
    expect(cache.serve(request('/all-bikes?condition=used'), first)).toBe(false)
    first.setHeader('cache-control', 'private, no-store') // listings are per-request in Next but public
    first.write('<!DOCTYPE html><html>')
    first.end('</html>')
    const second = response()
    expect(cache.serve(request('/all-bikes?condition=used'), second)).toBe(true)
    expect(Buffer.concat(second.body).toString()).toBe('<!DOCTYPE html><html></html>')
    expect(second.headers.get('x-wheelhouse-cache')).toBe('HIT')
    clock = 2000
    expect(cache.serve(request('/all-bikes?condition=used'), response())).toBe(false)
  })

  it('keeps its stored bodies within a byte budget, dropping the oldest first', () => {
    const cache = createResponseCache({ maxTotalBytes: 2500 })
    const page = (url: string, size: number) => {
      const res = response()
      expect(cache.serve(request(url), res)).toBe(false)
      res.end(doc('x'.repeat(size)))
    }
    page('/all-bikes?page=1', 1000)
    page('/all-bikes?page=2', 1000)
    expect(cache.size).toBe(2)
    page('/all-bikes?page=3', 1000) // over budget: page 1 goes
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBeLessThanOrEqual(2500)
    expect(cache.serve(request('/all-bikes?page=1'), response())).toBe(false)
    expect(cache.serve(request('/all-bikes?page=3'), response())).toBe(true)
    page('/all-bikes?page=4', 3000) // larger than the whole budget: never stored, nothing else dropped
    expect(cache.size).toBe(2)
    cache.invalidate(null)
    expect(cache.bytes).toBe(0)
  })

  it('never caches for signed-in visitors, RSC requests, other methods or admin and API paths', () => {
    const cache = createResponseCache()
    expect(cache.keyFor(request('/products/x', { cookie: 'a=1; payload-token=abc' }))).toBeNull()
    expect(cache.keyFor(request('/products/x', { rsc: '1' }))).toBeNull()
    expect(cache.keyFor(request('/products/x', {}, 'POST'))).toBeNull()
    expect(cache.keyFor(request('/admin'))).toBeNull()
    expect(cache.keyFor(request('/api/products'))).toBeNull()
    expect(cache.keyFor(request('/products/x', { cookie: 'wh_consent=declined' }))).toBe('identity /products/x')
    expect(cache.keyFor(request('/products/x', { cookie: '__prerender_bypass=1' }))).toBeNull() // draft mode
    for (const headers of <Headers[]>[{ range: 'bytes=0-9' }, { accept: 'application/json' }, { purpose: 'prefetch' }, { 'sec-purpose': 'prefetch' }, { 'next-url': '/x' }, { 'next-router-segment-prefetch': '/_tree' }]) {
      expect(cache.keyFor(request('/all-bikes', headers)), JSON.stringify(headers)).toBeNull()
    }
    for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*', '']) expect(cache.keyFor(request('/all-bikes', { accept }))).toBe('identity /all-bikes')
  })

  it('stores only a whole HTML document, even for a listing Next marks no-store', () => {
    const cache = createResponseCache()
    const attempt = (setup: (res: ReturnType<typeof response>) => void, body: string | Buffer, acceptEncoding?: string) => {
      const res = response()
      cache.serve(request('/all-bikes', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), res)
      res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate')
      setup(res)
      res.end(body)
      const stored = cache.size
      cache.clear()
      return stored
    }
    expect(attempt(() => {}, '{}')).toBe(0) // x-middleware-prefetch's answer, even with an HTML type
    expect(attempt((res) => res.setHeader('content-type', 'application/json'), doc('json?'))).toBe(0)
    expect(attempt((res) => res.setHeader('content-type', 'text/x-component'), doc('flight'))).toBe(0)
    expect(attempt(() => {}, '<!DOCTYPE html><html><body>cut short')).toBe(0)
    expect(attempt(() => {}, '')).toBe(0)
    expect(attempt((res) => res.setHeader('x-middleware-skip', '1'), doc('skipped'))).toBe(0)
    expect(attempt((res) => res.setHeader('content-encoding', 'gzip'), doc('not gzip at all'), 'gzip')).toBe(0)
    expect(attempt((res) => res.setHeader('content-encoding', 'gzip'), zlib.gzipSync('{}'), 'gzip')).toBe(0)
    expect(attempt((res) => res.setHeader('content-encoding', 'gzip'), zlib.gzipSync(doc('listing')), 'gzip')).toBe(1)
    expect(attempt((res) => res.setHeader('content-encoding', 'deflate'), zlib.deflateSync(doc('listing')), 'gzip;q=0, deflate')).toBe(1)
    // A body in another encoding than the key's is never stored: the next client with that key may not read it.
    expect(attempt((res) => res.setHeader('content-encoding', 'gzip'), zlib.gzipSync(doc('listing')))).toBe(0)
    expect(attempt((res) => res.setHeader('content-encoding', 'deflate'), zlib.deflateSync(doc('listing')), 'gzip')).toBe(0)
    expect(attempt((res) => res.setHeader('content-encoding', 'br'), zlib.brotliCompressSync(doc('listing')), 'gzip, deflate, br')).toBe(0)
    expect(attempt(() => {}, `\n<!doctype html>\n<html lang="en-GB">${'x'.repeat(1000)}</html>\n`)).toBe(1)
  })

  it('keeps nothing that failed, set a cookie, and forgets everything on clear', () => {
    const cache = createResponseCache()
    const missing = response()
    cache.serve(request('/nope'), missing)
    missing.statusCode = 404
    missing.end(doc('not found'))
    const cookie = response()
    cache.serve(request('/about'), cookie)
    cookie.setHeader('set-cookie', 'x=1')
    cookie.end(doc('hi'))
    expect(cache.size).toBe(0)
    const stale = response()
    cache.serve(request('/products/y'), stale)
    stale.setHeader('cache-control', 's-maxage=300')
    stale.setHeader('x-nextjs-cache', 'STALE')
    stale.end(doc('old'))
    expect(cache.size).toBe(0)
    const perRequest = response()
    cache.serve(request('/checkout'), perRequest)
    perRequest.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate')
    perRequest.end(doc('checkout'))
    expect(cache.size).toBe(0)
    const ok = response()
    cache.serve(request('/blog'), ok)
    ok.setHeader('cache-control', 's-maxage=300, stale-while-revalidate=31535700')
    ok.end(doc('blog'))
    expect(cache.size).toBe(1)
    cache.clear()
    expect(cache.size).toBe(0)
  })

  it('a sale forgets only the pages that show its products; a staff change forgets everything', () => {
    const cache = createResponseCache()
    const fill = (url: string) => {
      const res = response()
      cache.serve(request(url), res)
      res.setHeader('cache-control', 's-maxage=300')
      res.end(doc(url))
    }
    const urls = ['/', '/all-bikes', '/all-bikes?condition=used', '/brand/trek', '/search?q=lock', '/products/abus-bordo-6000', '/products/trek-fx-2', '/blog', '/about']
    urls.forEach(fill)
    expect(cache.size).toBe(urls.length)
    cache.invalidate({ kind: 'products', slugs: ['abus-bordo-6000'] })
    const kept = urls.filter((u) => cache.serve(request(u), response()))
    expect(kept).toEqual(['/products/trek-fx-2', '/blog', '/about'])
    cache.invalidate({ kind: 'all' })
    expect(cache.size).toBe(0)
  })

  it('never stores a page that was being rendered when a change arrived', () => {
    const cache = createResponseCache()
    const inFlight = response()
    expect(cache.serve(request('/products/trek-fx-2'), inFlight)).toBe(false)
    inFlight.setHeader('cache-control', 's-maxage=300')
    inFlight.write('<!DOCTYPE html><html><p>£700.00</p>') // rendered from the state before the change
    cache.invalidate({ kind: 'products', slugs: ['trek-fx-2'] })
    inFlight.end('</html>')
    expect(Buffer.concat(inFlight.body).toString()).toBe('<!DOCTYPE html><html><p>£700.00</p></html>') // its visitor still gets it
    expect(cache.serve(request('/products/trek-fx-2'), response())).toBe(false)
    expect(cache.size).toBe(0)
  })

  it('bans at the shared proxy cache exactly the URLs the cache itself forgets', () => {
    const urls = ['/', '/?utm=x', '/all-bikes', '/all-bikes?condition=used', '/brand/trek', '/category/locks?page=2', '/search?q=lock', '/products/abus-bordo-6000', '/products/ABUS-Bordo-6000?x=1', '/products/abus-bordo-6000-mk2', '/products/trek-fx-2', '/products/a.b', '/products/axb', '/blog', '/about', '/all-bikes-old']
    for (const change of [{ kind: 'products', slugs: ['abus-bordo-6000', 'a.b'] }, { kind: 'products', slugs: [] }, { kind: 'all' }]) {
      const cache = createResponseCache()
      for (const url of urls) {
        const res = response()
        cache.serve(request(url), res)
        res.setHeader('cache-control', 's-maxage=300')
        res.end(doc(url))
      }
      cache.invalidate(change)
      const forgotten = urls.filter((u) => !cache.serve(request(u), response()))
      // Varnish reads (?i) as case-insensitive; JavaScript takes it as a flag.
      const pattern = banPattern(change)
      const regex = pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), 'i') : new RegExp(pattern)
      expect(urls.filter((u) => regex.test(u)), JSON.stringify(change)).toEqual(forgotten)
    }
    expect(banPattern({ kind: 'products', slugs: ['a.b'] })).toContain('a\\.b')
  })

  it('merges a burst of changes into one: products unite, anything else is everything', () => {
    expect(mergeChanges(null, { kind: 'products', slugs: ['a'] })).toEqual({ kind: 'products', slugs: ['a'] })
    expect(mergeChanges({ kind: 'products', slugs: ['a', 'b'] }, { kind: 'products', slugs: ['b', 'c'] })).toEqual({ kind: 'products', slugs: ['a', 'b', 'c'] })
    expect(mergeChanges({ kind: 'products', slugs: ['a'] }, { kind: 'all' })).toEqual({ kind: 'all' })
    // an import's change (the search index changed) stays one when merged with a sale's
    expect(mergeChanges({ kind: 'products', slugs: ['a'] }, { kind: 'products', slugs: ['b'], index: true })).toEqual({ kind: 'products', slugs: ['a', 'b'], index: true })
    expect(mergeChanges({ kind: 'all' }, { kind: 'products', slugs: ['a'] })).toEqual({ kind: 'all' })
    const many = (from: number) => ({ kind: 'products', slugs: Array.from({ length: 300 }, (_, i) => `p${from + i}`) })
    expect(mergeChanges(many(0), many(300))).toEqual({ kind: 'all' })
  })
})
