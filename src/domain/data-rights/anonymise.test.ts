import { describe, expect, it } from 'vitest'
import { ERASED, erasurePatch } from './anonymise'
import { ERASURE_POLICY } from './erasure-policy'

const who = { email: 'Erin@Example.co.uk', phone: '07700 900123' }
const order = {
  id: 1,
  customer: 7,
  firstName: 'Erin',
  lastName: 'Quill',
  email: 'erin@example.co.uk',
  phone: '07700900123',
  address: { line1: '1 Mill Lane', postcode: 'LS1 4AB' },
  totalPence: 2500,
  staffNotes: 'rang 07700 900 123',
  history: [{ by: 7, actor: 'erin@example.co.uk', note: 'placed by erin@example.co.uk' }],
}

describe('erasing a customer from a record', () => {
  it('keeps a paid sale\u2019s VAT-invoice name and address, empties the rest, and scrubs the address and phone from any text', () => {
    const patch = erasurePatch(order, ERASURE_POLICY.orders!, who, true)
    expect(patch).toEqual({ customer: null, email: '', phone: '', staffNotes: '', history: [{ by: null, actor: '', note: `placed by ${ERASED}` }] })
  })

  it('keeps nothing of the person on a sale that was never paid', () => {
    const patch = erasurePatch(order, ERASURE_POLICY.orders!, who, false)
    expect(patch).toMatchObject({ firstName: '', lastName: '', address: { line1: '', postcode: '' } })
    expect(patch).not.toHaveProperty('totalPence')
  })

  it('changes nothing the second time', () => {
    const once = { ...order, ...erasurePatch(order, ERASURE_POLICY.orders!, who, false) }
    expect(erasurePatch(once, ERASURE_POLICY.orders!, who, false)).toEqual({})
  })

  it('finds a phone number written with other spacing', () => {
    const booking = { id: 2, staffNotes: 'call 07700-900 123 first', service: { bike: { notes: '' } } }
    expect(erasurePatch(booking, { action: 'anonymise', clear: [], retain: [], why: '' }, who, false)).toEqual({ staffNotes: `call ${ERASED} first` })
  })
})
