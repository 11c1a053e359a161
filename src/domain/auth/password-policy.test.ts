import { describe, expect, it } from 'vitest'
import { passwordProblem } from './password-policy'

describe('passwordProblem', () => {
  it('accepts 12 characters or more, including spaces and any script', () => {
    expect(passwordProblem('correct horse')).toBeNull()
    expect(passwordProblem('пароль-пароль')).toBeNull()
    expect(passwordProblem('x'.repeat(256))).toBeNull()
  })
  it('refuses short, missing, over-long and blank passwords', () => {
    expect(passwordProblem('short-pass1')).toMatch(/at least 12/)
    expect(passwordProblem('')).toMatch(/Enter a password/)
    expect(passwordProblem(undefined)).toMatch(/Enter a password/)
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/)
    expect(passwordProblem(' '.repeat(20))).toMatch(/only spaces/)
  })
  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('🔑'.repeat(11))).toMatch(/at least 12/)
  })
})
