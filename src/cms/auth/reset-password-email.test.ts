import { describe, expect, it } from 'vitest'
import { resetPasswordEmailHtml, resetPasswordLink } from './reset-password-email'

describe('reset password email', () => {
  it('links to the shop’s own reset page with the token', () => {
    expect(resetPasswordLink('https://shop.test', 'abc123')).toBe('https://shop.test/reset-password?token=abc123')
    const html = resetPasswordEmailHtml('http://localhost:3330', 'tok')
    expect(html).toContain('href="http://localhost:3330/reset-password?token=tok"')
    expect(html.replace(/<[^>]+>/g, '')).toContain('http://localhost:3330/reset-password?token=tok')
  })
  it('escapes what it puts in HTML', () => {
    expect(resetPasswordEmailHtml('https://shop.test', '"><script>')).not.toContain('<script>')
  })
})
