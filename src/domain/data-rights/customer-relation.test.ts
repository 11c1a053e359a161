import { describe, expect, it } from 'vitest'
import { customerCollections, type CollectionShape } from './customer-relation'

const users: CollectionShape = { slug: 'users', fields: [{ name: 'email', type: 'email' }] }
const orders: CollectionShape = { slug: 'orders', fields: [{ name: 'customer', type: 'relationship', relationTo: 'users' }, { name: 'totalPence', type: 'number' }] }
const products: CollectionShape = { slug: 'products', fields: [{ name: 'name', type: 'text' }, { name: 'brand', type: 'relationship', relationTo: 'brands' }] }

describe('which collections relate to a customer', () => {
  it('finds a relationship to the account, however deep it is nested', () => {
    const tucked: CollectionShape = { slug: 'claims', fields: [{ type: 'tabs', tabs: [{ fields: [{ type: 'row', fields: [{ name: 'parties', type: 'array', fields: [{ name: 'who', type: 'relationship', relationTo: ['users', 'media'] }] }] }] }] }] }
    expect(customerCollections([users, tucked, products], 'users').get('claims')).toEqual([{ path: 'parties.who', kind: 'account', relationTo: ['users', 'media'], polymorphic: true }])
  })

  it('finds an email field, and text named for an email address or a person\u2019s details', () => {
    const guestList: CollectionShape = { slug: 'guest-list', fields: [{ name: 'contact', type: 'group', fields: [{ name: 'eMail', type: 'text' }, { name: 'mobileNumber', type: 'text' }] }, { name: 'buyerName', type: 'text' }] }
    expect(customerCollections([guestList], 'users').get('guest-list')!.map((l) => `${l.kind}:${l.path}`)).toEqual(['email:contact.eMail', 'personal:contact.mobileNumber', 'personal:buyerName'])
  })

  it('follows relationships to records of a customer, through a chain of any length', () => {
    const refunds: CollectionShape = { slug: 'refunds', fields: [{ name: 'order', type: 'relationship', relationTo: 'orders' }] }
    const creditNotes: CollectionShape = { slug: 'credit-notes', fields: [{ name: 'lines', type: 'array', fields: [{ name: 'refund', type: 'relationship', relationTo: 'refunds' }] }] }
    // Listed before what they point at: the search goes on until nothing new turns up.
    const found = customerCollections([creditNotes, refunds, orders, users, products], 'users')
    expect([...found.keys()].sort()).toEqual(['credit-notes', 'orders', 'refunds', 'users'])
    expect(found.get('credit-notes')).toEqual([{ path: 'lines.refund', kind: 'record', relationTo: ['refunds'], polymorphic: false }])
  })

  it('leaves out a catalogue that names no one, and a date merely named after an email', () => {
    const audit: CollectionShape = { slug: 'audit', fields: [{ name: 'emailSentAt', type: 'date' }] }
    expect([...customerCollections([users, products, audit], 'users').keys()]).toEqual(['users'])
  })
})
