// Searches are counted as they are answered, rendered or replayed by the response cache: six searches for one word
// count six, suggestions apart from result pages, and prefetches and robots not at all.
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResponseCache } from './response-cache.mjs'
import { createSearchCounter, searchKey } from './search-counts.mjs'
import { serveModule, type ModuleServer } from './test-server'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const page = (q: string, found: number) => `<!DOCTYPE html><html><body><h1>Search: ${q}</h1><p>${found} found</p></body></html>`

describe('search counts at the server edge', () => {
  let server: ModuleServer
  let counter: ReturnType<typeof createSearchCounter>
  let renders = 0
  beforeAll(async () => {
    const cache = createResponseCache()
    counter = createSearchCounter()
    // server.mjs in small: the count when the response finishes, the cache, then a stand-in for the search page,
    // which reports what it found as it renders ("nothing" finds nothing).
    server = await serveModule((req: http.IncomingMessage, res: http.ServerResponse) => {
      res.on('finish', () => counter.note(req, res))
      if (cache.serve(req, res)) return true
      const url = new URL(req.url ?? '/', 'http://shop')
      const q = url.searchParams.get('q') ?? ''
      if (url.pathname === '/search') {
        renders += 1
        const found = q.trim().toLowerCase() === 'nothing' ? 0 : 3
        counter.found(q, found)
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.setHeader('cache-control', 's-maxage=60')
        res.writeHead(200)
        res.end(page(q, found))
        return true
      }
      if (url.pathname === '/api/search/suggest') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{"products":[],"brands":[],"categories":[]}')
        return true
      }
      return false
    })
  })
  afterAll(() => server.close())
  const get = (path: string, headers: Record<string, string> = {}) => server.raw(path, { headers: { 'user-agent': BROWSER, accept: 'text/html', ...headers } })

  it('six searches for the same word count six, whether rendered or replayed from the cache', async () => {
    counter.take()
    renders = 0
    const hits: string[] = []
    for (let i = 0; i < 6; i++) hits.push(String((await get('/search?q=scooter')).headers['x-wheelhouse-cache'] ?? 'rendered'))
    expect(renders).toBe(1)
    expect(hits.filter((h) => h === 'HIT')).toHaveLength(5)
    expect(counter.take()).toEqual([{ kind: 'results', q: 'scooter', count: 6, withoutResults: 0 }])
  })

  it('counts suggestions apart from result pages, and a search that found nothing as such, replayed or not', async () => {
    counter.take()
    for (let i = 0; i < 3; i++) await get('/api/search/suggest?q=Scooter')
    for (let i = 0; i < 4; i++) await get('/search?q=nothing')
    await get('/search?q=%20%20SCOOTER%20')
    const batch = counter.take()
    expect(batch).toContainEqual({ kind: 'suggestions', q: 'scooter', count: 3, withoutResults: 0 })
    expect(batch).toContainEqual({ kind: 'results', q: 'nothing', count: 4, withoutResults: 4 })
    expect(batch).toContainEqual({ kind: 'results', q: 'scooter', count: 1, withoutResults: 0 })
    expect(batch).toHaveLength(3)
  })

  it('leaves out prefetches, robots, clients without a User-Agent, later pages, empty words and failures', async () => {
    counter.take()
    await get('/search?q=honda', { 'next-router-prefetch': '1' })
    await get('/search?q=honda', { purpose: 'prefetch' })
    await get('/search?q=honda', { 'sec-purpose': 'prefetch;prerender' })
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.31', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'HeadlessChrome/131', '']) await get('/search?q=honda', { 'user-agent': agent })
    await server.raw('/search?q=honda', { headers: {} })
    await get('/search?q=honda&page=2')
    await get('/search?q=%20%20')
    await get('/search')
    await get('/search/other?q=honda')
    expect(counter.take()).toEqual([])
  })

  it('keeps at most maxTerms different words between two reports', () => {
    const small = createSearchCounter({ maxTerms: 2 })
    const req = (q: string) => ({ method: 'GET', url: `/search?q=${q}`, headers: { 'user-agent': BROWSER } }) as unknown as http.IncomingMessage
    const res = { statusCode: 200 } as http.ServerResponse
    for (const q of ['a1', 'b2', 'c3', 'a1']) small.note(req(q), res)
    expect(small.take().map((e) => [e.q, e.count])).toEqual([['a1', 2], ['b2', 1]])
    expect(searchKey('  Ｈｏｎｄａ\tCB500 ')).toBe('honda cb500')
  })
})
