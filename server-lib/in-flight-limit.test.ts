import type http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { clientKey, createInFlightLimit } from './in-flight-limit.mjs'
import { serveModule, type ModuleServer } from './test-server'

describe('in-flight limit', () => {
  const held: http.ServerResponse[] = []
  const limit = createInFlightLimit({
    max: 2,
    matches: (req: http.IncomingMessage) => req.method === 'POST' && req.url === '/api/graphql',
    refuse: (res: http.ServerResponse) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
      res.end('{"errors":[{"message":"busy"}]}')
    },
  })
  let server: ModuleServer
  afterAll(() => server?.close())

  it('refuses the third concurrent request at once, and admits again when one finishes', async () => {
    server = await serveModule((req, res) => {
      if (limit.admit(req, res)) return true
      if (req.method !== 'POST' || req.url !== '/api/graphql') return false // everything else passes untouched (418 from the harness)
      held.push(res) // "running": answered only when the test lets it finish
      return true
    })
    const first = server.raw('/api/graphql', { method: 'POST' })
    const second = server.raw('/api/graphql', { method: 'POST' })
    while (held.length < 2) await new Promise((r) => setTimeout(r, 5))
    const third = await server.raw('/api/graphql', { method: 'POST' })
    expect(third.status).toBe(503)
    expect(third.headers['retry-after']).toBe('1')
    expect((await server.raw('/api/graphql')).status).toBe(418) // a GET is not limited
    expect((await server.raw('/api/health')).status).toBe(418)
    held.shift()!.end('done')
    expect((await first).body.toString()).toBe('done')
    const fourth = server.raw('/api/graphql', { method: 'POST' })
    while (held.length < 2) await new Promise((r) => setTimeout(r, 5))
    expect(limit.inFlight).toBe(2)
    for (const res of held.splice(0)) res.end('done')
    expect((await second).status).toBe(200)
    expect((await fourth).status).toBe(200)
    expect(limit.inFlight).toBe(0)
  })
})

describe('fair admission between clients', () => {
  const CLIENT = 'x-wheelhouse-client-address'
  const isGraphql = (req: http.IncomingMessage) => req.method === 'POST' && req.url === '/api/graphql'
  function fairServer(options: { waitMs?: number; queueMax?: number } = {}) {
    const limit = createInFlightLimit({
      max: 1,
      matches: isGraphql,
      clientOf: (req: http.IncomingMessage) => String(req.headers[CLIENT]),
      perClient: 1,
      queueMax: options.queueMax ?? 16,
      waitMs: options.waitMs ?? 5_000,
      refuse: (res: http.ServerResponse, reason: string) => {
        res.writeHead(reason === 'client' ? 429 : 503, { 'content-type': 'application/json', 'retry-after': '1' })
        res.end(JSON.stringify({ errors: [{ message: reason }] }))
      },
    })
    // The heaviest allowed query, standing in: 60 ms of work once admitted.
    const heavy = (res: http.ServerResponse) => setTimeout(() => res.end('done'), 60)
    return {
      limit,
      handler: (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (limit.admit(req, res, () => heavy(res))) return true
        if (!isGraphql(req)) return false
        heavy(res)
        return true
      },
    }
  }
  const servers: ModuleServer[] = []
  afterAll(async () => {
    for (const s of servers) await s.close()
  })

  it('one client looping the heaviest query does not turn away another client’s queries', async () => {
    const { handler, limit } = fairServer()
    const server = await serveModule(handler)
    servers.push(server)
    let looping = true
    const loopStatuses: number[] = []
    const loop = (async () => {
      while (looping) loopStatuses.push((await server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '198.51.100.7' } })).status)
    })()
    await new Promise((r) => setTimeout(r, 100))
    const others: number[] = []
    for (let i = 0; i < 8; i++) others.push((await server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: `203.0.113.${i % 2}` } })).status)
    looping = false
    await loop
    expect(others).toEqual(Array(8).fill(200))
    expect(loopStatuses.length).toBeGreaterThan(2)
    expect(loopStatuses.every((s) => s === 200)).toBe(true) // the loop is served too, taking its turn
    expect(limit.inFlight).toBe(0)
  })

  it('refuses a client’s second request at once while its first runs or waits (429), an IPv6 /64 counting as one client', async () => {
    const { handler } = fairServer()
    const server = await serveModule(handler)
    servers.push(server)
    const first = server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '2001:db8:1:2::10' } })
    await new Promise((r) => setTimeout(r, 10))
    const again = await server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '2001:db8:1:2:ffff::99' } })
    expect(again.status).toBe(429)
    const other = server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '2001:db8:1:3::10' } })
    expect((await first).status).toBe(200)
    expect((await other).status).toBe(200)
  })

  it('a request that waits longer than its budget, or finds the line full, is told to come back (503)', async () => {
    const { handler, limit } = fairServer({ waitMs: 20, queueMax: 1 })
    const server = await serveModule(handler)
    servers.push(server)
    const until = async (test: () => boolean) => {
      while (!test()) await new Promise((r) => setTimeout(r, 1))
    }
    const running = server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '192.0.2.1' } })
    await until(() => limit.inFlight === 1)
    const waiting = server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '192.0.2.2' } })
    await until(() => limit.waiting === 1)
    const full = await server.raw('/api/graphql', { method: 'POST', headers: { [CLIENT]: '192.0.2.3' } })
    expect(full.status).toBe(503)
    expect((await waiting).status).toBe(503) // 20 ms in line, the running one takes 60
    expect((await running).status).toBe(200)
  })
})

describe('clientKey', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(clientKey('2001:db8:1:2::10')).toBe(clientKey('2001:0db8:0001:0002:ffff:0:0:1'))
    expect(clientKey('2001:db8:1:2::10')).not.toBe(clientKey('2001:db8:1:3::10'))
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })
})
