import { describe, expect, it } from 'vitest'
import { checkKlarnaAccount } from './test-klarna'

describe('checkKlarnaAccount', () => {
  it('approves an account and declines one tagged +denied, as Klarna’s test environment does', () => {
    expect(checkKlarnaAccount('Rider@Example.co.uk')).toEqual({ ok: true, outcome: 'approved' })
    expect(checkKlarnaAccount('rider+denied@example.co.uk')).toEqual({ ok: true, outcome: 'declined' })
    expect(checkKlarnaAccount('rider@denied+x.example.co.uk')).toEqual({ ok: true, outcome: 'approved' })
  })

  it('asks for a usable email address', () => {
    expect(checkKlarnaAccount('  ')).toMatchObject({ ok: false, error: 'Enter the email address of your Klarna account' })
    for (const bad of ['no-at-sign', 'a@b', '<script>@x.co', `${'a'.repeat(250)}@x.co`]) expect(checkKlarnaAccount(bad).ok, bad).toBe(false)
  })
})
