// The HTTP client sends the iVendi request as JSON and accepts only iVendi-shaped answers.
import { describe, expect, it } from 'vitest'
import { ivendiExampleRequest, ivendiExampleResponse } from '../../../../tests/fixtures/ivendi-reference-examples'
import { ivendiHttpQuoteSource } from './http-quote-source'

describe('ivendiHttpQuoteSource', () => {
  it('posts the request as JSON to the configured URL and returns the response', async () => {
    const seen: { url: string; init: RequestInit }[] = []
    const source = ivendiHttpQuoteSource({
      url: 'https://quotes.example/quotes',
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} })
        return new Response(JSON.stringify(ivendiExampleResponse), { status: 200, headers: { 'content-type': 'application/json' } })
      },
    })
    const answer = await source.quote(ivendiExampleRequest)
    expect(answer).toEqual({ ok: true, response: ivendiExampleResponse })
    expect(seen[0]?.url).toBe('https://quotes.example/quotes')
    expect(seen[0]?.init.method).toBe('POST')
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual(ivendiExampleRequest)
  })

  it('reports an unreachable service and an answer that is not a quote response', async () => {
    const down = ivendiHttpQuoteSource({ url: 'https://x/quotes', fetch: async () => { throw new Error('ECONNREFUSED') } })
    expect(await down.quote(ivendiExampleRequest)).toEqual({ ok: false, error: 'finance quote service unreachable: ECONNREFUSED' })
    const html = ivendiHttpQuoteSource({ url: 'https://x/quotes', fetch: async () => new Response('<html>', { status: 502 }) })
    expect(await html.quote(ivendiExampleRequest)).toEqual({ ok: false, error: 'finance quote service answered 502 without JSON' })
    const other = ivendiHttpQuoteSource({ url: 'https://x/quotes', fetch: async () => Response.json({ hello: 1 }) })
    expect((await other.quote(ivendiExampleRequest)).ok).toBe(false)
  })
})
