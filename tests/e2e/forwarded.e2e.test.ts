// Who the shop counts a request against (ADR 036): X-Forwarded-For and X-Forwarded-Proto are believed only from the
// proxy address TRUST_PROXY names (127.0.0.2 here). A caller that reaches the instance directly, from any other
// address, is counted by its socket's address whatever it forges, so it cannot pick a fresh address per request
// and slip past the per-address limits; and it cannot claim HTTPS.
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { shop } from './shops'

const { port } = new URL(shop().baseURL)
const PROXY = '127.0.0.2'
const STRANGER = '127.0.0.1'

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
}

function send(from: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, localAddress: from, path, method, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

// A valuation with no fields: refused as bad input (400), but counted first, like every request to a limited endpoint.
const valuation = (from: string, forwardedFor: string) => send(from, 'POST', '/api/finance/part-exchange', { 'x-forwarded-for': forwardedFor }, '{}')

describe('forwarded headers', () => {
  it('counts a direct caller by its own address, whatever X-Forwarded-For it forges', async () => {
    // Through the trusted proxy, one visitor's network (203.0.113.0/24) uses up its valuations…
    const network = `203.0.113.${10 + Math.floor(Math.random() * 200)}`
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) statuses.push((await valuation(PROXY, network)).status)
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // …which the proxy's other visitors do not share…
    expect((await valuation(PROXY, '198.51.100.23')).status).toBe(400)
    // …and a caller that reaches the instance directly, naming that network, is counted as itself.
    for (let i = 0; i < 3; i++) expect((await valuation(STRANGER, network)).status).toBe(400)
  })

  it('sends HSTS only when the trusted proxy says the visitor came over https', async () => {
    const hsts = async (from: string) => (await send(from, 'GET', '/api/health', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']
    expect(await hsts(PROXY)).toMatch(/max-age=31536000/)
    expect(await hsts(STRANGER)).toBeUndefined()
  })
})
