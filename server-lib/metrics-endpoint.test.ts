import { afterAll, describe, expect, it } from 'vitest'
import { metricsAnswer } from './metrics-endpoint.mjs'
import { serveModule } from './test-server'

describe('GET /metrics on the shop’s port', async () => {
  const server = await serveModule((req, res) => metricsAnswer(req, res, 'scrape-token-0123'))
  afterAll(() => server.close())

  it('answers the scraper with the token, in Prometheus text, never cached', async () => {
    const res = await server.raw('/metrics', { headers: { authorization: 'Bearer scrape-token-0123' } })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body.toString()).toContain('wheelhouse_http_request_duration_seconds')
  })

  it('passes everyone else on, as if there were no such page', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer scrape-token-0124' }, { authorization: 'Bearer ' }, { authorization: 'scrape-token-0123' }]
    for (const headers of attempts) {
      expect((await server.raw('/metrics', { headers })).status).toBe(418)
    }
    expect((await server.raw('/metrics/x', { headers: { authorization: 'Bearer scrape-token-0123' } })).status).toBe(418)
  })

  it('is off when no token is configured', async () => {
    const off = await serveModule((req, res) => metricsAnswer(req, res, ''))
    expect((await off.raw('/metrics', { headers: { authorization: 'Bearer ' } })).status).toBe(418)
    await off.close()
  })
})
