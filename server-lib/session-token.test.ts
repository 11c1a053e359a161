// The edge verifies admin session tokens as Payload signs them (HS256, jose, the derived key), so that a forged or
// expired one is refused with a 401 rather than reaching Payload's admin server function.
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { payloadSigningKey, readSessionToken } from './session-token.mjs'

const SECRET = 'a-long-random-payload-secret-for-this-test'
const key = payloadSigningKey(SECRET)
const sign = (claims: Record<string, unknown>, signingKey = key, expiresIn = 7200) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(new TextEncoder().encode(signingKey))

describe('admin session tokens at the edge', () => {
  it('derives Payload’s key: 32 hexadecimal characters of the secret’s SHA-256', () => {
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(payloadSigningKey(SECRET)).toBe(key)
    expect(payloadSigningKey(`${SECRET}x`)).not.toBe(key)
  })

  it('verifies a token signed with the key, and reads its claims', async () => {
    const read = readSessionToken(await sign({ id: 1, collection: 'users', role: 'staff' }), key)
    expect(read).toMatchObject({ verified: true, claims: { id: 1, role: 'staff' } })
  })

  it('refuses a token signed with another key, one with a changed claim, an expired one and an unsigned one', async () => {
    expect(readSessionToken(await sign({ role: 'admin' }, payloadSigningKey('another shop')), key)?.verified).toBe(false)
    const [head, , signature] = (await sign({ id: 7, role: 'customer' })).split('.')
    const promoted = `${head}.${Buffer.from(JSON.stringify({ id: 7, role: 'admin' })).toString('base64url')}.${signature}`
    expect(readSessionToken(promoted, key)?.verified).toBe(false)
    expect(readSessionToken(await sign({ role: 'admin' }, key, -10), key)?.verified).toBe(false)
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"admin"}').toString('base64url')}.`
    expect(readSessionToken(none, key)?.verified).toBe(false)
  })

  it('answers null for what is no JWT, and reads claims unverified without a key', async () => {
    for (const token of [undefined, '', 'abc', 'a.b', 'a.b.c', `x.${Buffer.from('[1]').toString('base64url')}.y`]) expect(readSessionToken(token, key), String(token)).toBeNull()
    expect(readSessionToken(await sign({ role: 'staff' }), null)).toMatchObject({ verified: false, claims: { role: 'staff' } })
  })
})
