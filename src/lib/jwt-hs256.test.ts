import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signJwt, verifyJwt, type ApiTokenClaims } from './jwt-hs256'

const key = 'k'.repeat(64)
const claims: ApiTokenClaims = { iss: 'https://shop.test', sub: '7', jti: 'abc', iat: 1000, exp: 2000 }

describe('HS256 JWT', () => {
  it('writes the WordPress jwt-auth wire format byte for byte', async () => {
    const h = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')
    const p = Buffer.from(JSON.stringify(claims)).toString('base64url')
    const sig = createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')
    expect(await signJwt(claims, key)).toBe(`${h}.${p}.${sig}`)
  })

  it('round-trips its claims and is a standard three-part JWT', async () => {
    const token = await signJwt(claims, key)
    expect(token.split('.')).toHaveLength(3)
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(await verifyJwt(token, key, 'https://shop.test', 1500)).toEqual({ ok: true, claims })
  })

  it('refuses an expired token, at the second of expiry', async () => {
    expect(await verifyJwt(await signJwt(claims, key), key, 'https://shop.test', 1999)).toMatchObject({ ok: true })
    expect(await verifyJwt(await signJwt(claims, key), key, 'https://shop.test', 2000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses another key, a changed payload, another issuer and alg none', async () => {
    const token = await signJwt(claims, key)
    expect(await verifyJwt(token, 'x'.repeat(64), 'https://shop.test', 1500)).toMatchObject({ ok: false, reason: 'bad-signature' })
    const [h, , s] = token.split('.')
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url')}.${s}`
    expect(await verifyJwt(forged, key, 'https://shop.test', 1500)).toMatchObject({ ok: false, reason: 'bad-signature' })
    expect(await verifyJwt(token, key, 'https://other.test', 1500)).toMatchObject({ ok: false, reason: 'wrong-issuer' })
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.${s}`
    expect(await verifyJwt(none, key, 'https://shop.test', 1500)).toMatchObject({ ok: false, reason: 'malformed' })
  })

  it('refuses garbage without throwing', async () => {
    for (const bad of ['', 'a.b', 'a.b.c.d', '!!.??.**', 'x'.repeat(5000), 'e30.e30.e30']) {
      expect((await verifyJwt(bad, key, 'https://shop.test', 1500)).ok).toBe(false)
    }
  })

  it('refuses a correctly signed token whose claims lack fields', async () => {
    const h = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')
    const p = Buffer.from('{"sub":"7"}').toString('base64url')
    const sig = createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')
    expect(await verifyJwt(`${h}.${p}.${sig}`, key, 'https://shop.test', 1500)).toEqual({ ok: false, reason: 'malformed' })
  })
})
