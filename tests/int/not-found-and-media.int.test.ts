// The not-found table stays bounded (no over-long paths, at most a set number of rows, the
// least-hit dropped first), and a missing media file is a quiet 404 rather than a 500 with an error in the log.
import type { PayloadRequest } from 'payload'
import { describe, expect, it, vi } from 'vitest'
import { db, payload, withTestPayload } from './payload'

const { handleEndpoints } = await import('payload')
const { default: payloadConfig } = await import('../../src/payload.config')
const notFound = await import('../../src/cms/endpoints/record-not-found')
const { payloadSecret } = await import('../../src/config/secrets.server')
const { env } = await import('../../src/config/env')

withTestPayload()

function signed(hits: { path: string; count: number }[]): Request {
  const body = JSON.stringify({ hits: hits.map((h) => ({ ...h, referrer: null, at: new Date().toISOString() })) })
  return new Request('http://localhost:3000/api/internal/not-found', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wheelhouse-signature': notFound.signNotFoundBatch(body, payloadSecret(env().PAYLOAD_SECRET)) },
    body,
  })
}

const paths = async () => (await payload.find({ collection: 'not-found-paths', limit: 1000, overrideAccess: true, depth: 0 })).docs.map((d) => `${d.path}:${d.hits}`).sort()

describe(`not-found paths on ${db}`, () => {
  it('does not record a path longer than 200 characters', async () => {
    const before = await paths()
    const response = await handleEndpoints({ config: payloadConfig, request: signed([{ path: `/${'a'.repeat(250)}`, count: 1 }]) })
    expect(response.status).toBe(200)
    expect(await paths()).toEqual(before)
  })

  it('keeps at most the cap of rows, dropping the least-hit first', async () => {
    await payload.delete({ collection: 'not-found-paths', where: { id: { exists: true } }, overrideAccess: true })
    const endpoint = notFound.recordNotFoundEndpoint({ maxPathLength: 200, maxRows: 3 })
    const call = async (hits: { path: string; count: number }[]) => {
      const request = signed(hits)
      const body = await request.text()
      return endpoint.handler({ payload, headers: request.headers, text: async () => body } as unknown as PayloadRequest)
    }
    expect((await call([{ path: '/popular', count: 50 }, { path: '/often', count: 10 }, { path: '/once', count: 1 }])).status).toBe(200)
    expect(await paths()).toEqual(['/often:10', '/once:1', '/popular:50'])
    await call([{ path: '/new-1', count: 2 }, { path: '/new-2', count: 3 }])
    expect(await paths()).toEqual(['/new-2:3', '/often:10', '/popular:50'])
    // The default endpoint has a cap too.
    expect(notFound.NOT_FOUND_LIMITS.maxRows).toBeGreaterThan(0)
    expect(notFound.NOT_FOUND_LIMITS.maxRows).toBeLessThanOrEqual(10_000)
  })
})

describe(`missing media files on ${db}`, () => {
  it('answers 404 for a file that is not there, and logs no error', async () => {
    const errors = vi.spyOn(payload.logger, 'error')
    const response = await handleEndpoints({ config: payloadConfig, request: new Request('http://localhost:3000/api/media/file/no-such-picture-1234.webp') })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found', message: expect.any(String) })
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
