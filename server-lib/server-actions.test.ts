// Server actions and the admin's server function: the calls Next or Payload answered with a 500 and a logged stack
// (a foreign or unreadable Origin, an anonymous admin call) are refused with a 4xx before Next, and the shop's own
// calls go on.
import { describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { readKnownActions, serverActionRefusal } from './server-actions.mjs'
import { payloadSigningKey } from './session-token.mjs'

const KNOWN = 'a'.repeat(2) + '0123456789abcdef0123456789abcdef01234567'
const ADMIN_FN = '7f' + 'fedcba9876543210fedcba9876543210fedcba98'
const knownActions = new Set([KNOWN, ADMIN_FN])
type Headers = Record<string, string | undefined>
const post = (url: string, headers: Headers, method = 'POST') => ({ method, url, headers })
const status = (url: string, headers: Headers, method = 'POST') => serverActionRefusal(post(url, headers, method), { knownActions })?.status ?? 'passed on'
const SHOP = { host: 'shop.example', origin: 'https://shop.example' }

describe('server action gate', () => {
  it('refuses an action posted from another origin (403) or with an Origin that is no address (400)', () => {
    for (const origin of ['https://evil.example', 'http://shop.example.evil.example', 'https://shop.example:8443', 'null']) {
      expect(status('/account/login', { host: 'shop.example', origin, 'next-action': KNOWN }), origin).toBe(403)
      expect(status('/account/login', { host: 'shop.example', origin, 'content-type': 'multipart/form-data; boundary=x' }), `${origin} form`).toBe(403)
    }
    for (const origin of ['garbage', '://', 'http://', '\u0000']) expect(status('/', { host: 'shop.example', origin, 'next-action': KNOWN }), origin).toBe(400)
  })

  it('passes the shop’s own actions and forms on, behind a proxy by X-Forwarded-Host too, and an allowed origin', () => {
    expect(status('/account/login', { ...SHOP, 'next-action': KNOWN })).toBe('passed on')
    expect(status('/bicycle-services', { ...SHOP, 'content-type': 'multipart/form-data; boundary=x' })).toBe('passed on')
    expect(status('/account/login', { host: '127.0.0.1:3101', 'x-forwarded-host': 'shop.example', origin: 'https://shop.example', 'next-action': KNOWN })).toBe('passed on')
    expect(status('/account/login', { host: 'shop.example', 'next-action': KNOWN })).toBe('passed on') // no Origin: Next lets it, so do we
    expect(serverActionRefusal(post('/', { host: 'shop.example', origin: 'https://partner.example', 'next-action': KNOWN }), { knownActions, originAllowed: (h: string) => h === 'partner.example' })).toBeNull()
  })

  it('leaves route handlers’ own form posts and anything but POST alone', () => {
    for (const url of ['/api/checkout/orders', '/wp-json/jwt-auth/v1/token', '/test-gateway/pay/abc/submit', '/_next/image']) {
      expect(status(url, { host: 'shop.example', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }), url).toBe('passed on')
    }
    expect(status('/api/graphql', { host: 'shop.example', origin: 'https://evil.example', 'next-action': 'nope' })).toBe('passed on') // Next runs no action there
    expect(status('/account/login', { host: 'shop.example', origin: 'https://evil.example', 'next-action': KNOWN }, 'GET')).toBe('passed on')
  })

  it('refuses an action id Next could not have made (400) and one the build does not have (404)', () => {
    for (const id of ['', 'abc', 'x'.repeat(42), `${KNOWN}0`, '../../etc/passwd', '{"id":1}']) expect(status('/', { ...SHOP, 'next-action': id }), id).toBe(400)
    expect(status('/', { ...SHOP, 'next-action': 'b'.repeat(42) })).toBe(404)
    // Without the manifest only the form is checked.
    expect(serverActionRefusal(post('/', { ...SHOP, 'next-action': 'b'.repeat(42) }))).toBeNull()
  })

  it('refuses the admin’s server function without a session (401) or with a customer’s (403), and passes a staff session on', () => {
    expect(status('/admin', { ...SHOP, 'next-action': ADMIN_FN })).toBe(401)
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: 'wh_consent=yes' })).toBe(401)
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: 'payload-token=' })).toBe(401)
    const token = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: 'payload-token=not-a-jwt' })).toBe(401)
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: `a=1; payload-token=${token({ id: 7, collection: 'users', role: 'customer' })}` })).toBe(403)
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: `a=1; payload-token=${token({ id: 1, collection: 'users', role: 'staff' })}` })).toBe('passed on')
    expect(status('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, cookie: `payload-token=${token({ id: 1, collection: 'users', role: 'admin' })}` })).toBe('passed on')
    expect(status('/admin', { ...SHOP, 'next-action': ADMIN_FN, authorization: 'users API-Key abc' })).toBe('passed on')
    expect(status('/administrators', { ...SHOP, 'next-action': KNOWN })).toBe('passed on') // not the admin
  })

  it('with the signing key, refuses a forged or expired staff token (401) from the cookie or the Authorization header', async () => {
    const key = payloadSigningKey('the-shop-secret')
    const signed = (claims: Record<string, unknown>, signingKey = key, expiresIn = 600) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
        .sign(new TextEncoder().encode(signingKey))
    const gate = (headers: Headers) => serverActionRefusal(post('/admin/collections/orders', { ...SHOP, 'next-action': ADMIN_FN, ...headers }), { knownActions, sessionKey: key })?.status ?? 'passed on'
    const staff = await signed({ id: 1, collection: 'users', role: 'staff' })
    expect(gate({ cookie: `payload-token=${staff}` })).toBe('passed on')
    expect(gate({ authorization: `JWT ${staff}` })).toBe('passed on')
    expect(gate({ authorization: `Bearer ${staff}` })).toBe('passed on')
    const forged = await signed({ id: 1, collection: 'users', role: 'admin' }, payloadSigningKey('guessed'))
    expect(gate({ cookie: `payload-token=${forged}` })).toBe(401)
    expect(gate({ authorization: `JWT ${forged}` })).toBe(401)
    expect(gate({ cookie: `payload-token=${await signed({ id: 1, role: 'staff' }, key, -5)}` })).toBe(401)
    expect(gate({ authorization: 'JWT not-a-token' })).toBe(401)
    expect(gate({ cookie: `payload-token=${await signed({ id: 7, role: 'customer' })}` })).toBe(403)
    expect(gate({ authorization: 'users API-Key abc' })).toBe('passed on') // Payload looks keys up
  })

  it('reads the build’s action ids from Next’s server-reference manifest', () => {
    expect(readKnownActions(JSON.stringify({ node: { [KNOWN]: {} }, edge: { [ADMIN_FN]: {} }, encryptionKey: 'k' }))).toEqual(new Set([KNOWN, ADMIN_FN]))
    expect(readKnownActions('not json')).toBeNull()
    expect(readKnownActions('{"node":{},"edge":{}}')).toBeNull()
  })
})
