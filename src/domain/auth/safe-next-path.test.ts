import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next-path'

describe('safeNextPath', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeNextPath('/orders/WH-DEMO01')).toBe('/orders/WH-DEMO01')
    expect(safeNextPath('/orders?page=2')).toBe('/orders?page=2')
  })
  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', '/\t/evil.example', 'orders', '', '/login', '/logout?x=1'])(
    'falls back for %j',
    (raw) => {
      expect(safeNextPath(raw)).toBe('/account')
    },
  )
  it('falls back for non-strings and huge values', () => {
    expect(safeNextPath(undefined)).toBe('/account')
    expect(safeNextPath(['/orders'])).toBe('/account')
    expect(safeNextPath(`/${'a'.repeat(600)}`)).toBe('/account')
  })
})
