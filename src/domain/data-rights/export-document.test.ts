import { describe, expect, it } from 'vitest'
import { exportDocument, humanise, readableRows } from './export-document'

describe('the copy of a customer\u2019s data', () => {
  it('leaves out credentials, at any depth, and lists collections in order', () => {
    const doc = exportDocument({ id: 3, email: 'a@b.co.uk' }, new Map([['users', [{ id: 3, email: 'a@b.co.uk', passwordArgon2: 'x', sessions: [{ id: 's' }] }]], ['orders', [{ id: 9, accessTokenHash: 'h', checkoutKey: 'k', payment: { reference: 'pi_1' } }]]]), new Date('2026-11-29T10:00:00Z'))
    expect(Object.keys(doc.collections)).toEqual(['orders', 'users'])
    expect(doc.collections.users).toEqual([{ id: 3, email: 'a@b.co.uk' }])
    expect(doc.collections.orders).toEqual([{ id: 9, payment: { reference: 'pi_1' } }])
  })

  it('reads as labelled rows', () => {
    expect(readableRows({ address: { postcode: 'LS1 4AB' }, lines: [{ name: 'Helmet' }], empty: null })).toEqual([{ label: 'Address › Postcode', value: 'LS1 4AB' }, { label: 'Lines › 1 › Name', value: 'Helmet' }])
    expect(humanise('part-exchange-valuations')).toBe('Part exchange valuations')
  })
})
