import type http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { createInFlightLimit } from './in-flight-limit.mjs'
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
