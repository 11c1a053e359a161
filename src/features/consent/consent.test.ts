import { describe, expect, it } from 'vitest'
import { CONSENT_PRECHECK_SCRIPT, consentCookie, readConsent } from './consent'

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

describe('CONSENT_PRECHECK_SCRIPT', () => {
  function run(cookie: string): boolean {
    let marked = false
    const document = { cookie, documentElement: { setAttribute: (name: string) => (marked = name === 'data-consent-stored') } }
    new Function('document', CONSENT_PRECHECK_SCRIPT)(document)
    return marked
  }

  it('marks the page when a choice is stored, and only then', () => {
    expect(run('wh_consent=accepted')).toBe(true)
    expect(run('a=1; wh_consent=declined; b=2')).toBe(true)
    expect(run('')).toBe(false)
    expect(run('wh_consent=maybe')).toBe(false)
    expect(run('old_wh_consent=accepted')).toBe(false)
    expect(run('wh_consent=accepted_not')).toBe(false)
  })
})
