import { describe, expect, it } from 'vitest'
import { deviceSetCookieHeader, deviceTokensFromCookieHeader, issueDeviceToken, knownDeviceFor, nextDeviceCookieValue } from './known-device'

const secret = 'unit-test-secret-0123456789abcdef0123456789'
const now = new Date('2026-11-23T10:00:00Z')

describe('known-device tokens', () => {
  it('prove a device for the account they were issued to, and no other', () => {
    const token = issueDeviceToken(7, now, secret)
    expect(knownDeviceFor([token], 7, now, secret)).toMatchObject({ userId: '7' })
    expect(knownDeviceFor([token], 8, now, secret)).toBeNull()
  })

  it('refuse a forged, re-signed or expired token', () => {
    const token = issueDeviceToken(7, now, secret)
    const [body] = token.split('.')
    expect(knownDeviceFor([`${body}.AAAA`], 7, now, secret)).toBeNull()
    expect(knownDeviceFor([issueDeviceToken(7, now, 'another-secret-0123456789abcdef0123')], 7, now, secret)).toBeNull()
    expect(knownDeviceFor([token], 7, new Date(now.getTime() + 181 * 86_400_000), secret)).toBeNull()
  })

  it('keep one token per account in one cookie, newest first', () => {
    const a = issueDeviceToken(1, now, secret)
    const b = issueDeviceToken(2, now, secret)
    const a2 = issueDeviceToken(1, now, secret)
    const value = nextDeviceCookieValue([a, b], a2, 1, secret)
    expect(value.split('~')).toEqual([a2, b])
    const tokens = deviceTokensFromCookieHeader(`other=1; wheelhouse-device=${value}; x=y`)
    expect(knownDeviceFor(tokens, 2, now, secret)).not.toBeNull()
  })

  it('are set HttpOnly and SameSite=Lax, Secure over HTTPS', () => {
    expect(deviceSetCookieHeader('v', true)).toMatch(/^wheelhouse-device=v; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    expect(deviceSetCookieHeader('v', false)).not.toMatch(/Secure/)
  })
})
