import { describe, expect, it } from 'vitest'
import { firstJunkIn, isPlainText } from './plain-text'

describe('plain text', () => {
  it('allows letters, emoji, accents, tabs and line breaks', () => {
    expect(isPlainText('Zoë Ørsted 🚲\tline\r\nnext')).toBe(true)
  })
  it('refuses NUL and other control characters, and lone surrogates', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u007f', 'a\ud800b', 'a\udc00', '\ud83d']) expect(isPlainText(bad)).toBe(false)
  })
  it('names the first bad string or prototype key in a parsed body', () => {
    expect(firstJunkIn({ contact: { firstName: 'Ada', lastName: 'R\u0000' } })).toBe('contact.lastName')
    expect(firstJunkIn(JSON.parse('{"lines":[{"__proto__":{"x":1}}]}'))).toBe('lines.0.__proto__')
    expect(firstJunkIn({ constructor: { prototype: {} } })).toBe('constructor')
    expect(firstJunkIn({ a: ['ok', 1, null, { b: 'fine' }] })).toBeNull()
    expect(firstJunkIn(JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`))).toMatch(/^0(\.0)+$/)
  })
})
