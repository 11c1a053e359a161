// The HTTP valuation adapter against a local fake provider: what it sends, what it accepts, and how it fails.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpValuationSource } from './http-valuation-source'

const seen: { headers: IncomingMessage['headers']; body: unknown }[] = []
let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(text) as { registration: string }
      seen.push({ headers: req.headers, body })
      const send = (status: number, value: string) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(value)
      }
      if (req.url === '/broken') return send(200, JSON.stringify({ make: 'Honda', year: 2019, tradeLow: 5000, tradeHigh: 4000 }))
      if (req.url === '/html') return send(502, '<html>')
      if (body.registration === 'NO12FND') return send(404, JSON.stringify({ error: 'not found' }))
      send(200, JSON.stringify({ make: 'Yamaha', year: 2019, tradeLow: 4250.5, tradeHigh: 4800 }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('httpValuationSource', () => {
  it('posts the bike with the API key and reads the make, year and trade range in pence', async () => {
    const source = httpValuationSource({ url: `${base}/value`, apiKey: 'k-123' })
    const answer = await source.value({ vrm: 'CX19ABC', mileage: 12000, condition: 'good' })
    expect(answer).toEqual({ ok: true, valuation: { vrm: 'CX19ABC', make: 'Yamaha', year: 2019, lowPence: 425050, highPence: 480000 } })
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer k-123')
    expect(seen.at(-1)?.body).toEqual({ registration: 'CX19ABC', mileage: 12000, condition: 'good', make: null, year: null })
  })

  it('refuses an unknown registration and reports a broken or unreachable service', async () => {
    expect(await httpValuationSource({ url: `${base}/value` }).value({ vrm: 'NO12FND', mileage: 1, condition: 'good' })).toMatchObject({ ok: false, reason: 'refused' })
    expect(await httpValuationSource({ url: `${base}/broken` }).value({ vrm: 'CX19ABC', mileage: 1, condition: 'good' })).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(await httpValuationSource({ url: `${base}/html` }).value({ vrm: 'CX19ABC', mileage: 1, condition: 'good' })).toEqual({ ok: false, reason: 'unavailable', error: 'valuation service answered 502 without JSON' })
    const down = await httpValuationSource({ url: 'http://127.0.0.1:1/value', timeoutMs: 2000 }).value({ vrm: 'CX19ABC', mileage: 1, condition: 'good' })
    expect(down).toMatchObject({ ok: false, reason: 'unavailable' })
  })
})
