import { describe, expect, it } from 'vitest'
import { isUntrustedHeader, stripUntrustedHeaders } from './untrusted-headers.mjs'

describe('untrusted request headers', () => {
  it('drops Next-internal and rewriting headers, keeps the client router’s own and Payload’s', () => {
    for (const name of ['x-middleware-prefetch', 'x-middleware-subrequest', 'x-middleware-invoke', 'x-middleware-rewrite', 'x-invoke-path', 'x-invoke-query', 'x-nextjs-data', 'x-next-revalidate-tag-token', 'x-now-route-matches', 'x-matched-path', 'next-resume', 'x-prerender-revalidate', 'x-vercel-protection-bypass', 'x-original-url', 'x-rewrite-url', 'x-http-method-override']) {
      expect(isUntrustedHeader(name), name).toBe(true)
      expect(isUntrustedHeader(name, { trustProxy: true }), name).toBe(true)
    }
    for (const name of ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'next-action', 'x-deployment-id', 'x-payload-http-method-override', 'x-request-id', 'accept', 'cookie']) {
      expect(isUntrustedHeader(name), name).toBe(false)
    }
  })

  it('believes X-Forwarded-* only behind a trusted proxy', () => {
    expect(isUntrustedHeader('x-forwarded-host')).toBe(true)
    expect(isUntrustedHeader('x-forwarded-proto')).toBe(true)
    expect(isUntrustedHeader('forwarded')).toBe(true)
    expect(isUntrustedHeader('x-forwarded-host', { trustProxy: true })).toBe(false)
    expect(isUntrustedHeader('x-forwarded-proto', { trustProxy: true })).toBe(false)
  })

  it('removes them from headers and rawHeaders alike', () => {
    const req = {
      headers: { host: 'shop', 'x-middleware-prefetch': '1', rsc: '1', 'x-forwarded-host': 'evil' } as Record<string, string>,
      rawHeaders: ['Host', 'shop', 'X-Middleware-Prefetch', '1', 'RSC', '1', 'X-Forwarded-Host', 'evil'],
    }
    expect(stripUntrustedHeaders(req).sort()).toEqual(['x-forwarded-host', 'x-middleware-prefetch'])
    expect(req.headers).toEqual({ host: 'shop', rsc: '1' })
    expect(req.rawHeaders).toEqual(['Host', 'shop', 'RSC', '1'])
  })
})
