import { describe, expect, it } from 'vitest'
import { accountWords, weakPasswordProblem } from './password-strength'

describe('weakPasswordProblem', () => {
  it('refuses common and leaked passwords and simple patterns, however long', () => {
    for (const p of ['aaaaaaaaaaaa', 'password123456', 'Password1234', 'qwertyuiop123', '123456789012', 'abcabcabcabc', 'iloveyou12345']) {
      expect(weakPasswordProblem(p), p).toMatch(/common or leaked password, or a simple pattern/)
    }
  })
  it('refuses a password built from the account’s own details', () => {
    const details = { email: 'ada.rider@example.co.uk', firstName: 'Ada', lastName: 'Rider' }
    expect(weakPasswordProblem('ada.rider@example.co.uk', details)).toMatch(/your own name or email/)
    expect(weakPasswordProblem('adarider2026!', details)).toMatch(/your own name or email/)
    expect(weakPasswordProblem('ada.rider@example', details)).toMatch(/your own name or email/)
    expect(weakPasswordProblem('ada.rider.123', details)).toMatch(/your own name or email/)
    expect(weakPasswordProblem('Ada-Rider-2026', details)).toMatch(/too easy to guess/)
    // …while a strong password that happens to contain a short, common local part is fine
    expect(weakPasswordProblem('e2e-admin-password-1234', { email: 'admin@e2e.test' })).toBeNull()
  })
  it('accepts passphrases', () => {
    for (const p of ['correct horse battery', 'a brand new passphrase', 'wheelhouse-demo-2026', 'пароль-пароль-пароль']) expect(weakPasswordProblem(p), p).toBeNull()
  })
  it('lists the account’s words without duplicates or scraps', () => {
    expect(accountWords({ email: 'Ada.Rider@Example.co.uk', firstName: 'Ada' })).toEqual(['ada.rider@example.co.uk', 'ada.rider', 'ada', 'rider', 'example', 'wheelhouse'])
  })
})
