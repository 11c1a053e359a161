import { describe, expect, it } from 'vitest'
import { z } from '../zod'
import { describeIssues, readJsonBody, readJsonRequest, readTextBody } from './json-body'
import { refuseBody } from './respond'

const schema = z.object({ lines: z.array(z.object({ productId: z.number().int(), count: z.number().int().min(1) }).strict()) }).strict()
const body = JSON.stringify({ lines: [{ productId: 1, count: 1 }] })
const post = (contentType: string | null, text = body) => new Request('http://localhost/api/x', { method: 'POST', body: text, headers: contentType ? { 'Content-Type': contentType } : {} })

describe('readJsonRequest: the one JSON edge of every endpoint', () => {
  it('answers a body not declared as JSON with 415, saying what to send and what came', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', null]) {
      const parsed = await readJsonRequest(post(type), schema)
      expect(parsed.ok, String(type)).toBe(false)
      if (parsed.ok) continue
      const response = refuseBody(parsed.refusal)
      expect(response.status).toBe(415)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const json = (await response.json()) as { error: string; message: string }
      expect(json.error).toBe('unsupported_media_type')
      expect(json.message).toMatch(/Content-Type: application\/json/)
      if (type) expect(json.message).toContain(type)
    }
  })

  it('accepts application/json with a charset, and +json types', async () => {
    expect(await readJsonRequest(post('application/json; charset=utf-8'), schema)).toEqual({ ok: true, value: { lines: [{ productId: 1, count: 1 }] } })
    expect((await readJsonRequest(post('application/merge-patch+json'), schema)).ok).toBe(true)
  })

  it('refuses in one vocabulary: 413 too large, 400 malformed, empty, junk or the wrong shape', async () => {
    const refusal = async (request: Request, limit?: number) => {
      const read = await readJsonRequest(request, schema, { limit })
      return read.ok ? null : read.refusal
    }
    expect(await refusal(post('application/json', JSON.stringify({ lines: [], pad: 'x'.repeat(200) })), 100)).toMatchObject({ status: 413, error: 'payload_too_large' })
    expect(await refusal(post('application/json', '{"lines": ['))).toMatchObject({ status: 400, error: 'malformed_json', message: 'The request body is not valid JSON.' })
    expect(await refusal(post('application/json', '  '))).toMatchObject({ status: 400, error: 'malformed_json' })
    expect(await refusal(post('application/json', '{"lines":[],"x":"a\\u0000b"}'))).toMatchObject({ status: 400, error: 'invalid_characters' })
    expect(await refusal(post('application/json', '{"lines":[{"productId":1,"count":0,"pricePence":1}]}'))).toEqual({
      status: 400,
      error: 'invalid_request',
      message: 'The request was not understood: lines.0.count Too small: expected number to be >=1; lines.0: unexpected field pricePence (prices and stock come from the shop, never from the browser).',
      issues: ['lines.0.count Too small: expected number to be >=1', 'lines.0: unexpected field pricePence (prices and stock come from the shop, never from the browser)'],
      fields: { 'lines.0': 'Unrecognized key: "pricePence"', 'lines.0.count': 'Too small: expected number to be >=1' },
    })
  })

  it('names what a known section takes when it gets a field it does not know', () => {
    const contact = z.object({ contact: z.object({ email: z.string() }).strict() })
    const result = contact.safeParse({ contact: { email: 'a@b.c', emial: 'x' } })
    expect(describeIssues(result.error!, { contact: 'email' })).toEqual(['contact: unexpected field emial (contact takes only email)'])
  })

  it('reads a raw text body within its limit and refuses a longer one', async () => {
    expect(await readTextBody(post('text/plain', 'a=1'), 10)).toEqual({ ok: true, value: 'a=1' })
    expect(await readTextBody(post('text/plain', 'a'.repeat(11)), 10)).toMatchObject({ ok: false, refusal: { status: 413 } })
    expect((await readJsonBody(post('application/json', '[1]'))).ok).toBe(true)
  })
})
