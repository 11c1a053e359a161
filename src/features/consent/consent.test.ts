import { describe, expect, it } from 'vitest'
import { consentCookie, readConsent } from './consent'

describe('cookie consent', () => {
  it('reads only a valid stored choice', () => {
    expect(readConsent('a=1; wh_consent=accepted; b=2')).toBe('accepted')
    expect(readConsent('wh_consent=declined')).toBe('declined')
    expect(readConsent('wh_consent=maybe')).toBeNull()
    expect(readConsent('')).toBeNull()
  })
  it('writes a year-long, site-wide cookie, Secure over HTTPS', () => {
    expect(consentCookie('declined', false)).toBe('wh_consent=declined; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(consentCookie('accepted', true)).toMatch(/; Secure$/)
  })
})
