// Issue 22 §1 and §2 against the served production build: no request header can make the response cache keep
// anything but the page for the next visitor, and no GraphQL document keeps the server busy (health still answers).
// Timings here are generous safety bounds; bench/graphql-attack.mjs measures them.
import http from 'node:http'
import { describe, expect, inject, it } from 'vitest'

const base = inject('baseURL')
const { hostname, port } = new URL(base)

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}
/** A raw GET: any header exactly as written (fetch would refuse or rewrite some), no decompression asked for. */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method: 'GET', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

const POISONS: Array<Record<string, string>> = [
  { 'x-middleware-prefetch': '1' },
  { rsc: '1' },
  { 'next-router-prefetch': '1' },
  { 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, true])) },
  { 'next-url': '/checkout' },
  { 'x-middleware-subrequest': 'src/proxy:src/proxy:src/proxy:src/proxy:src/proxy' },
  { 'x-forwarded-host': 'evil.example' },
  { 'x-forwarded-proto': 'https' },
  { 'x-original-url': '/checkout' },
  { 'x-rewrite-url': '/checkout' },
  { 'x-matched-path': '/checkout' },
  { 'x-now-route-matches': 'nxtPslug=x' },
  { 'x-invoke-path': '/checkout' },
  { accept: 'application/json' },
  { range: 'bytes=0-9' },
  { 'x-http-method-override': 'HEAD' },
  { purpose: 'prefetch' },
  { 'sec-purpose': 'prefetch;prerender' },
  { 'x-nextjs-data': '1' },
]
const LISTINGS: Array<{ path: string; heading: RegExp }> = [
  { path: '/all-bikes', heading: /<h1[^>]*>All bikes<\/h1>/ },
  { path: '/search?q=honda', heading: /<h1[^>]*>[^<]*honda[^<]*<\/h1>/i },
  { path: '/brand/honda', heading: /<h1[^>]*>Honda<\/h1>/ },
  { path: '/category/motorcycles', heading: /<h1[^>]*>Motorcycles<\/h1>/ },
]
const cards = (html: string) => (html.match(/<article class="product-card"/g) ?? []).length
const withQuery = (path: string, extra: string) => `${path}${path.includes('?') ? '&' : '?'}${extra}`
// A price ceiling above every bike (the listings keep it in their canonical address, so they do not redirect) gives
// each attempt a URL no one has asked for yet: what it reaches is an empty cache, as after a sale.
let ceiling = 500_000 + Math.floor(Math.random() * 400_000)
const fresh = (path: string) => withQuery(path, `max=${(ceiling += 1)}`)

describe('no request header poisons the response cache (issue 22 §1)', () => {
  it('every listing answers its page, with its heading and product cards, after a poisoning attempt with each header', async () => {
    const failures: string[] = []
    for (const { path, heading } of LISTINGS) {
      // What Next renders for a plain visitor, asked past the response cache (Authorization is never cached), for the
      // plain address and for the fresh ones the attempts use.
      const referenceFor = async (target: string) => {
        const reference = await get(target, { authorization: 'Bearer reference' })
        expect(reference.status, target).toBe(200)
        expect(reference.body.match(/<h1[^>]*>[^<]*<\/h1>/)?.[0], target).toMatch(heading)
        expect(cards(reference.body), target).toBeGreaterThan(0)
        return cards(reference.body)
      }
      for (const [i, poison] of POISONS.entries()) {
        // A URL no one has asked for yet, so the attempt is what would reach the empty cache; and the plain URL itself.
        for (const target of [fresh(path), ...(i === 0 ? [path] : [])]) {
          // The plain address may be answered from Next's ISR copy made at build time, which holds other bikes than a
          // render now; there the page must still be the listing, with its heading and some product cards.
          const expectedCards = target === path ? null : await referenceFor(target)
          await get(target, poison)
          for (const attempt of ['first', 'second']) {
            const plain = await get(target)
            const ok = plain.status === 200 && /^text\/html/.test(String(plain.headers['content-type'])) && heading.test(plain.body) && (expectedCards === null ? cards(plain.body) > 0 : cards(plain.body) === expectedCards)
            if (!ok) failures.push(`${JSON.stringify(poison)} ${target} (${attempt} plain GET): ${plain.status} ${String(plain.headers['content-type'])} ${plain.headers['x-wheelhouse-cache'] ?? ''} ${plain.body.match(/<h1[^>]*>[^<]*<\/h1>/)?.[0]} ${cards(plain.body)}/${expectedCards} cards ${JSON.stringify(plain.body.slice(0, 60))}`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)

  it('still replays a listing from the cache to plain visitors', async () => {
    const path = fresh('/all-bikes')
    await get(path)
    const again = await get(path)
    expect(again.headers['x-wheelhouse-cache']).toBe('HIT')
    expect(again.body).toMatch(/<h1[^>]*>All bikes<\/h1>/)
  })
})

async function graphql(query: string): Promise<{ status: number; ms: number; body: { data?: unknown; errors?: Array<{ message: string }> } }> {
  const started = performance.now()
  const res = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) })
  const body = (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> }
  return { status: res.status, ms: performance.now() - started, body }
}
const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: Products { totalDocs }`).join(' ')} }`
let bomb = 'fragment F0 on Product { id name slug }'
for (let i = 1; i <= 15; i++) bomb += ` fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`
const ATTACKS: Record<string, string> = {
  '499 aliases': aliases(499),
  deep: `{ Products { docs { ${'category { parent { '.repeat(3)}id${' } }'.repeat(3)} } } }`,
  wide: `{ Products(limit: 50) { docs { ${'name slug '.repeat(300)} } } }`,
  'fragment bomb': `{ Products(limit: 50) { docs { ...F15 } } } ${bomb}`,
  'every product': '{ Products(limit: 0) { docs { id } } }',
}

describe('no GraphQL request stalls the server (issue 22 §2)', () => {
  it('refuses each attack with a 400 GraphQL error, whatever the Accept, and health answers meanwhile', async () => {
    for (const [name, query] of Object.entries(ATTACKS)) {
      const health = (async () => {
        const started = performance.now()
        const res = await fetch(`${base}/api/health`)
        return { ok: res.ok, ms: performance.now() - started }
      })()
      const answer = await graphql(query)
      expect(answer.status, name).toBe(400)
      expect(answer.body.data ?? null, name).toBeNull()
      expect(answer.body.errors?.[0]?.message, name).toMatch(/at most|more than|documents at a time/)
      expect(answer.ms, name).toBeLessThan(5000) // a safety bound; the bench measures it
      const h = await health
      expect(h.ok, name).toBe(true)
      expect(h.ms, name).toBeLessThan(5000)
    }
  })

  it('answers the shop’s own queries, up to the limits', async () => {
    const five = await graphql(aliases(5))
    expect(five.status).toBe(200)
    expect(Object.keys(five.body.data as object)).toHaveLength(5)
    const products = await graphql('{ Products(limit: 50, where: { kind: { equals: motorcycle } }) { totalDocs docs { name slug price brand { name } category { name path } } } }')
    expect(products.status).toBe(200)
    expect(products.body.errors).toBeUndefined()
    expect((products.body.data as { Products: { totalDocs: number } }).Products.totalDocs).toBeGreaterThan(10)
  })
})
