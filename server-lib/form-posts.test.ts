import type http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { createFormPostLimit, createWindowCounter, FORM_POSTS_WINDOW, isFormPost } from './form-posts.mjs'
import { serveModule, type ModuleServer } from './test-server'

const post = (url: string, headers: Record<string, string> = {}) => ({ method: 'POST', url, headers })

describe('what counts as a form post', () => {
  it('counts storefront forms and server actions, and the JSON routes that do what a form does', () => {
    expect(isFormPost(post('/bicycle-services', { 'content-type': 'multipart/form-data; boundary=x' }))).toBe(true)
    expect(isFormPost(post('/register', { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(true)
    expect(isFormPost(post('/account', { 'next-action': 'a'.repeat(42) }))).toBe(true)
    expect(isFormPost(post('/test-ride?bike=1', { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain' }))).toBe(true)
    for (const url of ['/api/bookings/services', '/api/bookings/test-rides', '/api/bookings/manage', '/api/deals/started', '/api/account/erasure', '/api/users', '/api/users/forgot-password']) {
      expect(isFormPost(post(url, { 'content-type': 'application/json' })), url).toBe(true)
    }
  })

  it('leaves alone reads, the admin, the keyed routes that take money (checkout, reservations), payments, and the rest of the API', () => {
    expect(isFormPost({ method: 'GET', url: '/bicycle-services', headers: {} })).toBe(false)
    expect(isFormPost({ method: 'GET', url: '/api/bookings/calendar', headers: {} })).toBe(false)
    expect(isFormPost(post('/admin', { 'next-action': 'a'.repeat(42) }))).toBe(false)
    expect(isFormPost(post('/admin/collections/orders', { 'content-type': 'multipart/form-data; boundary=x' }))).toBe(false)
    // signing in (slowed per account, never refused to a network) and out
    expect(isFormPost(post('/login?next=%2Faccount', { 'next-action': 'a'.repeat(42) }))).toBe(false)
    expect(isFormPost(post('/login', { 'content-type': 'multipart/form-data; boundary=x' }))).toBe(false)
    expect(isFormPost(post('/sign-out', { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(false)
    for (const url of ['/api/checkout/orders', '/api/reserve', '/api/reserve/cancel', '/api/payments/webhook', '/api/graphql', '/api/users/login', '/api/users/logout', '/api/products', '/api/finance/quote', '/test-gateway/pay/1/submit']) {
      expect(isFormPost(post(url, { 'content-type': 'application/json' })), url).toBe(false)
    }
    // A page asked for with a body that is no form (no action header) is no action either.
    expect(isFormPost(post('/all-bikes', { 'content-type': 'application/json' }))).toBe(false)
  })
})

describe('two form posts at a time from one client', () => {
  const CLIENT = 'x-wheelhouse-client-address'
  let enabled = true
  const limit = createFormPostLimit({ clientOf: (req: http.IncomingMessage) => req.headers[CLIENT] as string, enabled: () => enabled })
  const held: http.ServerResponse[] = []
  let server: ModuleServer
  afterAll(() => server?.close())
  const form = (client: string, extra: Record<string, string> = {}) => server.raw('/bicycle-services', { method: 'POST', headers: { [CLIENT]: client, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...extra }, body: 'tierId=1' })
  async function heldCount(n: number) {
    while (held.length < n) await new Promise((r) => setTimeout(r, 5))
  }

  it('refuses a third at once, as a page for a browser and as JSON for a script, and never another client', async () => {
    server = await serveModule((req, res) => {
      if (limit.admit(req, res)) return true
      if (req.method !== 'POST') return false
      held.push(res) // "running" until the test ends it
      return true
    })
    const first = form('203.0.113.9')
    const second = form('203.0.113.9')
    await heldCount(2)
    const page = await form('203.0.113.9')
    expect(page.status).toBe(429)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['retry-after']).toBe('1')
    expect(page.body.toString()).toMatch(/<h1>Still sending your last form<\/h1>/)
    const script = await server.raw('/api/bookings/services', { method: 'POST', headers: { [CLIENT]: '203.0.113.9', 'content-type': 'application/json', accept: 'application/json' }, body: '{}' })
    expect(script.status).toBe(429)
    expect(JSON.parse(script.body.toString())).toMatchObject({ error: 'rate_limited' })
    const action = await form('203.0.113.9', { 'next-action': 'a'.repeat(42), accept: 'text/x-component' })
    expect(action.status).toBe(429)
    expect(action.headers['content-type']).toMatch(/^application\/json/)
    // Another address, and a read from the same one, go on.
    const other = form('198.51.100.7')
    await heldCount(3)
    expect((await server.raw('/bicycle-services', { headers: { [CLIENT]: '203.0.113.9' } })).status).toBe(418)
    expect(limit.inFlight).toBe(3)
    // An answer ended frees its slot.
    held.shift()!.end('booked')
    expect((await first).body.toString()).toBe('booked')
    const third = form('203.0.113.9')
    await heldCount(3)
    for (const res of held.splice(0)) res.end('done')
    expect((await Promise.all([second, other, third])).map((r) => r.status)).toEqual([200, 200, 200])
    expect(limit.inFlight).toBe(0)
  })

  it('gives the slot back when the connection closes before the answer', async () => {
    const gone = form('192.0.2.1')
    await heldCount(1)
    expect(limit.inFlight).toBe(1)
    held[0]!.socket?.destroy()
    await expect(gone).rejects.toThrow()
    held.splice(0)
    await expect.poll(() => limit.inFlight).toBe(0)
  })

  it('counts nothing when RATE_LIMITS=off (load tests)', async () => {
    enabled = false
    const all = [form('203.0.113.9'), form('203.0.113.9'), form('203.0.113.9')]
    await heldCount(3)
    expect(limit.inFlight).toBe(0)
    for (const res of held.splice(0)) res.end('done')
    expect((await Promise.all(all)).map((r) => r.status)).toEqual([200, 200, 200])
    enabled = true
  })
})

describe('twenty form posts in ten seconds from one client', () => {
  it('refuses the 21st of a window, and opens a new window once it has run out', () => {
    let t = 1_000
    const counter = createWindowCounter(FORM_POSTS_WINDOW, () => t)
    const verdicts = Array.from({ length: 21 }, () => counter.over('203.0.113.9'))
    expect(verdicts.filter((over) => !over)).toHaveLength(20)
    expect(verdicts.at(-1)).toBe(true)
    expect(counter.over('198.51.100.7')).toBe(false) // another client has its own window
    t += FORM_POSTS_WINDOW.ms - 1
    expect(counter.over('203.0.113.9')).toBe(true)
    t += 1
    expect(counter.over('203.0.113.9')).toBe(false)
  })

  it('keeps at most so many clients, dropping the oldest window first', () => {
    let t = 0
    const counter = createWindowCounter({ limit: 1, ms: 60_000 }, () => t, 3)
    for (const client of ['a', 'b', 'c', 'd']) {
      t += 1
      counter.over(client)
    }
    expect(counter.size).toBe(3)
    expect(counter.over('a')).toBe(false) // forgotten, so a fresh window
    expect(counter.over('d')).toBe(true)
  })

  it('answers a flood from one client with 429 before it reaches the shop, and a person’s form goes on', async () => {
    const CLIENT = 'x-wheelhouse-client-address'
    const limit = createFormPostLimit({ clientOf: (req: http.IncomingMessage) => req.headers[CLIENT] as string })
    let reached = 0
    const server = await serveModule((req, res) => {
      if (limit.admit(req, res)) return true
      if (req.method !== 'POST') return false
      reached += 1
      res.end('done')
      return true
    })
    try {
      const send = (client: string) => server.raw('/api/bookings/services', { method: 'POST', headers: { [CLIENT]: client, 'content-type': 'application/json' }, body: '{}' })
      const statuses: number[] = []
      for (let i = 0; i < 50; i++) statuses.push((await send('203.0.113.9')).status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(FORM_POSTS_WINDOW.limit)
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - FORM_POSTS_WINDOW.limit)
      expect(reached).toBe(FORM_POSTS_WINDOW.limit)
      expect((await send('198.51.100.7')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
