import { describe, expect, it, vi } from 'vitest'

vi.mock('server-only', () => ({}))
const { parseJsonBody } = await import('./json-request.server')
const { basketPricingRequest } = await import('./basket-request')

const body = JSON.stringify({ lines: [{ productId: 1, count: 1 }] })
const post = (contentType: string | null) => new Request('http://localhost/api/basket/price', { method: 'POST', body, headers: contentType ? { 'Content-Type': contentType } : {} })

describe('parseJsonBody (POST /api/basket/price, PUT /api/basket/saved)', () => {
  it('answers a body not declared as JSON with 415, saying what to send and what came', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', null]) {
      const parsed = await parseJsonBody(post(type), basketPricingRequest)
      expect(parsed.ok, String(type)).toBe(false)
      if (parsed.ok) continue
      expect(parsed.response.status).toBe(415)
      const json = (await parsed.response.json()) as { error: string; message: string }
      expect(json.error).toBe('unsupported_media_type')
      expect(json.message).toMatch(/Content-Type: application\/json/)
      if (type) expect(json.message).toContain(type)
    }
  })

  it('accepts application/json with a charset', async () => {
    const parsed = await parseJsonBody(post('application/json; charset=utf-8'), basketPricingRequest)
    expect(parsed).toEqual({ ok: true, data: { lines: [{ productId: 1, count: 1 }] } })
  })
})
