// GraphQL limits against the real schema and database: one anonymous GraphQL request used to keep the server busy for
// 14–52 s (499 aliased root fields fit under maxComplexity 1000). Requests go through what the served app runs:
// src/proxy.ts (the early 400) and then Payload's /api/graphql route, whose validation rule refuses the same documents
// when something reaches it without the proxy. Timings here are safety bounds only; bench/graphql-attack.mjs
// measures the production build.
import { NextRequest } from 'next/server'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proxy } from '../../src/proxy'
import { uniqueSuffix } from '../../src/setup/seed/factories'
import { simpleProduct } from './order-fixtures'
import { testPayload } from './payload'

const URL_ = 'http://localhost:3000/api/graphql'
const SAFETY_BOUND_MS = 3000

let payload: Payload
let route: (request: Request) => Promise<Response>

beforeAll(async () => {
  payload = await testPayload()
  const { GRAPHQL_POST } = await import('@payloadcms/next/routes')
  route = GRAPHQL_POST(Promise.resolve(payload.config))
  for (let i = 0; i < 3; i++) await simpleProduct(payload, 2)
  await payload.create({ collection: 'brands', overrideAccess: true, data: { name: `Brand ${uniqueSuffix()}` } as never })
  await (await route(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ Brands { totalDocs } }"}' }))).text() // builds the schema once
}, 300_000)

afterAll(async () => {
  await payload?.destroy()
})

type Answer = { status: number; ms: number; body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> } }

/** As the served app: the proxy first, then (when it lets the request on) Payload's route. */
async function served(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
  const started = performance.now()
  const init = { method: 'POST', headers, body }
  const early = await proxy(new NextRequest(URL_, init))
  const res = early.headers.get('x-middleware-next') === '1' ? await route(new Request(URL_, init)) : early
  const text = await res.text()
  return { status: res.status, ms: performance.now() - started, body: JSON.parse(text) as Answer['body'] }
}
const post = (query: string, variables?: Record<string, unknown>) => served(JSON.stringify({ query, variables }))

/** Payload's route alone, as if the proxy were not there: its validation rule must refuse the same documents. */
async function routeOnly(query: string, accept: string): Promise<Answer> {
  const started = performance.now()
  const res = await route(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify({ query }) }))
  return { status: res.status, ms: performance.now() - started, body: (await res.json()) as Answer['body'] }
}

const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: Products { totalDocs }`).join(' ')} }`
let bomb = 'fragment F0 on Product { id name slug }'
for (let i = 1; i <= 15; i++) bomb += ` fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`

const ATTACKS: Record<string, string> = {
  '499 aliased root fields': aliases(499),
  '6 root fields, no aliases': `{ ${'Products { totalDocs } Brands { totalDocs } '.repeat(3)} }`,
  'deep: 9 levels of relationships': `{ Products { docs { ${'category { parent { '.repeat(3)}id${' } }'.repeat(3)} } } }`,
  'wide: 600 fields in one selection': `{ Products(limit: 50) { docs { ${'name slug '.repeat(300)} } } }`,
  'fragment bomb: 2^15 spreads': `{ Products(limit: 50) { docs { ...F15 } } } ${bomb}`,
  'one list of every product (limit: 0)': '{ Products(limit: 0) { docs { id } } }',
  'pagination: false': '{ Products(pagination: false) { docs { id } } }',
  '6 operations': Array.from({ length: 6 }, (_, i) => `query Q${i} { Brands { totalDocs } }`).join(' '),
  'cyclic fragments': 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
  '6,000 tokens': `{ Brands(where: { id: { in: [${'1 '.repeat(6000)}] } }) { totalDocs } }`,
}

describe('GraphQL requests of any shape are refused before they run', () => {
  for (const [name, query] of Object.entries(ATTACKS)) {
    it(`refuses ${name} with a 400 and a GraphQL error`, async () => {
      const answer = await post(query)
      expect(answer.status).toBe(400)
      expect(answer.body.data ?? null).toBeNull()
      expect(answer.body.errors?.[0]?.message).toMatch(/at most|more than|not allowed|cycle|too long|documents at a time/)
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX')
      expect(answer.ms).toBeLessThan(SAFETY_BOUND_MS)
    })
  }

  it('refuses a body over 64 KB with 413, and an over-long query with 400, unread', async () => {
    const big = await served(JSON.stringify({ query: '{ Brands { totalDocs } }', variables: { pad: 'x'.repeat(70_000) } }))
    expect(big.status).toBe(413)
    expect(big.body.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE')
    const long = await post(`{ Brands { totalDocs } } # ${'x'.repeat(21_000)}`)
    expect(long.status).toBe(400)
    expect(long.body.errors?.[0]?.message).toMatch(/characters long/)
  })

  it('checks list limits given as variables and in form-encoded bodies', async () => {
    expect((await post('query ($n: Int) { Products(limit: $n) { totalDocs } }', { n: 10_000 })).status).toBe(400)
    const form = await served(new URLSearchParams({ query: aliases(499) }).toString(), { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(400)
  })

  it('refuses the same documents in Payload’s route without the proxy, before running them', async () => {
    for (const [name, query] of Object.entries(ATTACKS)) {
      if (name === '6,000 tokens') continue // graphql-http parses without a token limit; the proxy's to refuse
      const strict = await routeOnly(query, 'application/graphql-response+json')
      expect(strict.status, name).toBe(400)
      expect(strict.body.data ?? null, name).toBeNull()
      expect(strict.ms, name).toBeLessThan(SAFETY_BOUND_MS)
      // The legacy Accept of the GraphQL-over-HTTP specification answers validation errors with 200, still unrun.
      const legacy = await routeOnly(query, 'application/json')
      expect(legacy.body.data ?? null, name).toBeNull()
      expect(legacy.body.errors?.length, name).toBeGreaterThan(0)
    }
  })

  it('still answers the shop’s own queries, up to the limits', async () => {
    const products = await post('{ Products(limit: 50) { totalDocs docs { name slug price category { name } } } }')
    expect(products.status).toBe(200)
    expect(products.body.errors).toBeUndefined()
    expect((products.body.data!.Products as { totalDocs: number }).totalDocs).toBe(3)
    const four = await post('{ Categories { totalDocs } Brands { totalDocs } Pages { totalDocs } Posts { totalDocs docs { title slug } } }')
    expect(four.status).toBe(200)
    expect((four.body.data!.Brands as { totalDocs: number }).totalDocs).toBe(1)
    const five = await post(aliases(5))
    expect(five.status).toBe(200)
    expect(Object.keys(five.body.data!)).toHaveLength(5)
    const variables = await post('query ($n: Int) { Products(limit: $n) { docs { slug } } }', { n: 2 })
    expect((variables.body.data!.Products as { docs: unknown[] }).docs).toHaveLength(2)
  })

  it('refuses collection work a GraphQL request starts after its time budget', async () => {
    await expect(payload.find({ collection: 'brands', context: { graphqlDeadline: Date.now() - 1 } })).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/time budget/) })
    expect((await payload.find({ collection: 'brands', context: { graphqlDeadline: Date.now() + 60_000 } })).totalDocs).toBe(1)
    expect((await payload.find({ collection: 'brands' })).totalDocs).toBe(1) // not a GraphQL request: no budget
  })
})
