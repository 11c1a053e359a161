import { describe, expect, it } from 'vitest'
import { cookieIsSecure } from './cookie-security'

describe('cookieIsSecure', () => {
  it('follows the scheme of SITE_URL', () => {
    expect(cookieIsSecure('https://shop.example.co.uk')).toBe(true)
    expect(cookieIsSecure('http://localhost:3000')).toBe(false)
  })
  it('errs on the safe side for an unreadable URL', () => {
    expect(cookieIsSecure('not a url')).toBe(true)
  })
})
