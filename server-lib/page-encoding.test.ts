// The response cache keys a page by the encoding Next sends it in, and stores a body only under the encoding it
// was sent in: checked against Next's own compression middleware for every Accept-Encoding of the bad-input corpus,
// and through the cache, where a body must only ever reach a client that Next would have sent that encoding.
import type http from 'node:http'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ACCEPT_ENCODINGS } from '../tests/int/bad-input-corpus'
import { pageEncoding } from './page-encoding.mjs'
import { createResponseCache } from './response-cache.mjs'
import { serveShopWithCache } from './test-server'

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as (options?: object) => Middleware

const page = (url: string) => `<!DOCTYPE html><html lang="en-GB"><head><title>${url}</title></head><body><h1>${url}</h1>${'<p>A Honda CB500 in red.</p>'.repeat(200)}</body></html>`

/** server.mjs in small: the cache, then a page behind Next's own compression middleware (as next-server runs it). */
function shop(cache: ReturnType<typeof createResponseCache>) {
  const compress = compression()
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (cache.serve(req, res)) return true
    compress(req, res, () => {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.setHeader('cache-control', 's-maxage=60')
      res.writeHead(200)
      res.end(page(req.url ?? '/'))
    })
    return true
  }
}

function text(res: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  switch (res.headers['content-encoding'] ?? 'identity') {
    case 'gzip':
      return zlib.gunzipSync(res.body).toString()
    case 'deflate':
      return zlib.inflateSync(res.body).toString()
    case 'identity':
      return res.body.toString()
    default:
      throw new Error(`unexpected encoding ${String(res.headers['content-encoding'])}`)
  }
}

const headersFor = (acceptEncoding: string | null): Record<string, string> => (acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding })
const CORPUS: (string | null)[] = [null, ...ACCEPT_ENCODINGS]

describe('the encoding a page is cached under', () => {
  const served = serveShopWithCache(shop)

  it('is the encoding Next’s compression sends, for every Accept-Encoding of the corpus', async () => {
    const wrong: string[] = []
    for (const [i, acceptEncoding] of CORPUS.entries()) {
      // A URL of its own and a bypassing header: what Next itself answers, never the cache.
      const res = await served.server.raw(`/reference-${i}`, { headers: { ...headersFor(acceptEncoding), authorization: 'Bearer x' } })
      const sent = res.headers['content-encoding'] ?? 'identity'
      if (sent !== pageEncoding(acceptEncoding ?? undefined)) wrong.push(`${JSON.stringify(acceptEncoding)}: Next sent ${sent}, the key says ${pageEncoding(acceptEncoding ?? undefined)}`)
    }
    expect(wrong).toEqual([])
  })

  it('reads q-values, `*`, identity and case as the negotiator does', () => {
    expect(pageEncoding(undefined)).toBe('identity')
    expect(pageEncoding('gzip;q=0, deflate')).toBe('deflate')
    expect(pageEncoding('gzip, deflate, br')).toBe('gzip')
    expect(pageEncoding('deflate, gzip')).toBe('gzip') // gzip is preferred to deflate when both are acceptable
    expect(pageEncoding('deflate;q=1, gzip;q=0.5')).toBe('gzip')
    expect(pageEncoding('br')).toBe('identity')
    expect(pageEncoding('*')).toBe('gzip')
    expect(pageEncoding('*, gzip;q=0')).toBe('deflate')
    expect(pageEncoding('GZIP')).toBe('gzip')
    expect(pageEncoding('gzip;q=abc')).toBe('identity')
    expect(pageEncoding('identity;q=0')).toBe('identity') // nothing acceptable: Next sends it as it is
  })

  it('replays a body only to a client Next would have sent that encoding, whatever came before', async () => {
    const wrong: string[] = []
    // Every header asks for the same page in turn, twice round: the first round stores what it can, the second is
    // answered from the cache wherever a body in the right encoding was stored.
    served.cache.clear()
    let hits = 0
    for (const round of [1, 2]) {
      for (const acceptEncoding of CORPUS) {
        const res = await served.server.raw('/all-bikes', { headers: headersFor(acceptEncoding) })
        const sent = res.headers['content-encoding'] ?? 'identity'
        if (res.headers['x-wheelhouse-cache'] === 'HIT') hits += 1
        if (sent !== pageEncoding(acceptEncoding ?? undefined)) wrong.push(`round ${round}, ${JSON.stringify(acceptEncoding)}: sent ${sent} (${res.headers['x-wheelhouse-cache'] ?? 'rendered'})`)
        else if (text(res) !== page('/all-bikes')) wrong.push(`round ${round}, ${JSON.stringify(acceptEncoding)}: not the page`)
      }
    }
    expect(wrong).toEqual([])
    expect(hits).toBeGreaterThanOrEqual(CORPUS.length) // the second round, at least, is all replays
  })

  it('after a deflate-only request, a gzip-only client still gets gzip', async () => {
    served.cache.clear()
    await served.server.raw('/search?q=honda', { headers: { 'accept-encoding': 'gzip;q=0, deflate' } })
    const deflated = await served.server.raw('/search?q=honda', { headers: { 'accept-encoding': 'gzip;q=0, deflate' } })
    expect(deflated.headers['x-wheelhouse-cache']).toBe('HIT')
    expect(deflated.headers['content-encoding']).toBe('deflate')
    const gzipOnly = await served.server.raw('/search?q=honda', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipOnly.headers['content-encoding']).toBe('gzip')
    expect(text(gzipOnly)).toBe(page('/search?q=honda'))
  })
})
