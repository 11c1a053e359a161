import { describe, expect, it } from 'vitest'
import { connectionFacts, proxyTrust } from './forwarded.mjs'
import { stripUntrustedHeaders } from '../../../server-lib/untrusted-headers.mjs'

function request(peer: string, headers: Record<string, string>, encrypted = false) {
  const rawHeaders = Object.entries(headers).flatMap(([k, v]) => [k, v])
  return { socket: { remoteAddress: peer, encrypted }, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), rawHeaders }
}

const forged = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example', Host: 'shop.example' }

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, the loopback for true, and the named addresses otherwise', () => {
    expect(proxyTrust('')).toBeNull()
    expect(proxyTrust('false')).toBeNull()
    expect(proxyTrust('true')?.list).toEqual(['loopback'])
    expect(proxyTrust('10.0.0.5, 192.168.1.0/24')?.list).toEqual(['10.0.0.5', '192.168.1.0/24'])
  })

  it('refuses what is neither an address nor a range, with the variable named', () => {
    expect(() => proxyTrust('proxy.example')).toThrow(/TRUST_PROXY must be/)
    expect(() => proxyTrust('10.0.0.0/99')).toThrow(/TRUST_PROXY must be/)
  })
})

describe('who is asking', () => {
  it('a direct caller is its socket address, whatever it forges, and its forwarded headers are removed', () => {
    const req = request('198.51.100.7', forged)
    const facts = connectionFacts(req, proxyTrust('127.0.0.1'))
    expect(facts).toEqual({ clientAddress: '198.51.100.7', https: false, viaProxy: false })
    stripUntrustedHeaders(req, { trustProxy: facts.viaProxy }) // as server.mjs does next
    expect(req.headers).toEqual({ host: 'shop.example' })
    expect(req.rawHeaders).toEqual(['Host', 'shop.example'])
  })

  it('a direct caller on the same machine is not a proxy unless it is the address named', () => {
    const req = request('127.0.0.3', forged)
    expect(connectionFacts(req, proxyTrust('127.0.0.1')).clientAddress).toBe('127.0.0.3')
  })

  it('with no proxy trusted, even the loopback is taken at its word only for its socket', () => {
    const req = request('127.0.0.1', forged)
    expect(connectionFacts(req, proxyTrust('false'))).toEqual({ clientAddress: '127.0.0.1', https: false, viaProxy: false })
  })

  it('behind a trusted proxy: the hop it appended, and its https marker', () => {
    const req = request('::ffff:127.0.0.1', { ...forged, 'X-Forwarded-For': '6.6.6.6, 192.0.2.44' })
    expect(connectionFacts(req, proxyTrust('true'))).toEqual({ clientAddress: '192.0.2.44', https: true, viaProxy: true })
    expect(req.headers['x-forwarded-host']).toBe('evil.example')
  })

  it('only the nearest hop is believed, even when the client is itself on a trusted network', () => {
    const req = request('10.0.0.5', { 'X-Forwarded-For': '203.0.113.1, 10.0.0.9' })
    expect(connectionFacts(req, proxyTrust('10.0.0.0/8')).clientAddress).toBe('10.0.0.9')
  })

  it('a trusted proxy that sends no X-Forwarded-For leaves the socket address; http stays http', () => {
    const req = request('127.0.0.1', { 'X-Forwarded-Proto': 'http, https' })
    expect(connectionFacts(req, proxyTrust('loopback'))).toEqual({ clientAddress: '127.0.0.1', https: false, viaProxy: true })
  })
})
