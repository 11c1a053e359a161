// No request header can make the response cache keep, for everyone, anything but the page. A stand-in
// for Next answers each of these headers the way Next (or a framework that trusts them) would, with something that
// is not the page; server.mjs's order is kept: untrusted headers are stripped, then the cache serves or captures.
import type http from 'node:http'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createResponseCache } from './response-cache.mjs'
import { serveShopWithCache } from './test-server'
import { stripUntrustedHeaders } from './untrusted-headers.mjs'

const page = (url: string) => `<!DOCTYPE html><html lang="en-GB"><head><title>${url}</title></head><body><h1>Page of ${url}</h1><article class="product-card">Honda CB500</article></body></html>`

/** As Next sends a response: every header through setHeader (server.mjs's script-hash wrapper folds writeHead's into them too). */
function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.writeHead(status)
  res.end(body)
}

/** Answers as Next would with these headers: never the page itself. */
function notThePage(req: http.IncomingMessage, res: http.ServerResponse, url: string): boolean {
  const h = req.headers
  const json = (body: string, cacheControl = 'private, no-cache, no-store, max-age=0, must-revalidate') => {
    send(res, 200, { 'content-type': 'application/json', 'cache-control': cacheControl }, body)
    return true
  }
  const html = (body: string) => {
    send(res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' }, body)
    return true
  }
  if (h['x-middleware-prefetch']) return json('{}') // Next 16 base-server: a middleware prefetch of a dynamic page
  if (h['x-nextjs-data']) return json('{"pageProps":{}}')
  if (h['x-middleware-subrequest']) return html('<!DOCTYPE html><html><body>middleware skipped</body></html>')
  if (h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-url'] || h['next-router-segment-prefetch']) {
    send(res, 200, { 'content-type': 'text/x-component', vary: 'rsc, next-router-state-tree, next-router-prefetch' }, '0:{"b":"build","f":[]}\n')
    return true
  }
  for (const name of ['x-original-url', 'x-rewrite-url', 'x-matched-path', 'x-invoke-path', 'x-now-route-matches']) {
    if (h[name]) return html(page(String(h[name]))) // a whole document, of another route
  }
  if (h['x-forwarded-host']) return html(page(url).replace('<head>', `<head><link rel="canonical" href="https://${String(h['x-forwarded-host'])}${url}">`))
  if (h['x-forwarded-proto']) return html(page(url).replace('<head>', `<head><base href="${String(h['x-forwarded-proto'])}://evil.example/">`))
  if (h['x-http-method-override']) {
    send(res, 200, { 'content-type': 'text/html' }, undefined)
    return true
  }
  if (/application\/json/.test(String(h.accept ?? ''))) return json('{"page":"not html"}', 's-maxage=60')
  if (h.range) {
    send(res, 206, { 'content-type': 'text/html', 'content-range': 'bytes 0-9/999' }, page(url).slice(0, 10))
    return true
  }
  if (/prefetch/i.test(String(h.purpose ?? h['sec-purpose'] ?? ''))) return html('<!DOCTYPE html><html><body>prefetch stub</body></html>')
  if (h['next-action']) return json('{"action":"result"}')
  return false
}

/** server.mjs in small: strip, then the cache, then the stand-in for Next and its compression (gzip when asked, as compression.mjs). */
function shop(cache: ReturnType<typeof createResponseCache>) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    stripUntrustedHeaders(req)
    if (cache.serve(req, res)) return true
    const url = req.url ?? '/'
    if (notThePage(req, res, url)) return true
    const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''))
    send(res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate', ...(gzip ? { 'content-encoding': 'gzip' } : {}) }, gzip ? zlib.gzipSync(page(url)) : page(url))
    return true
  }
}

const POISONS: Array<Record<string, string>> = [
  { 'x-middleware-prefetch': '1' },
  { rsc: '1' },
  { 'next-router-prefetch': '1' },
  { 'next-router-state-tree': '%5B%22%22%2C%7B%7D%5D' },
  { 'next-url': '/admin' },
  { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
  { 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-proto': 'javascript' },
  { 'x-original-url': '/admin' },
  { 'x-rewrite-url': '/admin' },
  { 'x-matched-path': '/checkout' },
  { 'x-invoke-path': '/checkout' },
  { 'x-now-route-matches': 'slug=x' },
  { accept: 'application/json' },
  { range: 'bytes=0-9' },
  { 'x-http-method-override': 'HEAD' },
  { purpose: 'prefetch' },
  { 'sec-purpose': 'prefetch;prerender' },
  { 'x-nextjs-data': '1' },
  { 'next-action': 'abc123' },
]
const LISTINGS = ['/all-bikes', '/search?q=honda', '/brand/honda', '/category/motorcycles']

describe('cache poisoning through request headers', () => {
  const served = serveShopWithCache(shop)

  for (const encoding of ['identity', 'gzip']) {
    it(`no header makes a listing answer anything but its page to the next visitor (${encoding})`, async () => {
      const failures: string[] = []
      for (const poison of POISONS) {
        for (const url of LISTINGS) {
          served.cache.clear()
          await served.server.raw(url, { headers: { ...poison, 'accept-encoding': encoding } })
          for (const attempt of ['first', 'second']) {
            const plain = await served.server.raw(url, { headers: { 'accept-encoding': encoding } })
            const body = plain.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(plain.body).toString() : plain.body.toString()
            const ok = plain.status === 200 && /^text\/html/.test(String(plain.headers['content-type'])) && body === page(url)
            if (!ok) failures.push(`${JSON.stringify(poison)} ${url} (${attempt} plain GET): ${plain.status} ${String(plain.headers['content-type'])} ${JSON.stringify(body.slice(0, 60))}`)
          }
        }
      }
      expect(failures).toEqual([])
    })
  }

  it('still replays the real page: a bypassing request leaves the next plain GET to render and store it', async () => {
    served.cache.clear()
    await served.server.raw('/all-bikes', { headers: { accept: 'application/json' } })
    const first = await served.server.raw('/all-bikes')
    const second = await served.server.raw('/all-bikes')
    expect(first.headers['x-wheelhouse-cache']).toBeUndefined()
    expect(second.headers['x-wheelhouse-cache']).toBe('HIT')
    expect(second.body.toString()).toBe(page('/all-bikes'))
  })
})
