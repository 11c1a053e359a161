// Every payment webhook event, stored once by its id, so a repeat or an out-of-order event changes nothing twice.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const PaymentEvents: CollectionConfig = {
  slug: 'payment-events',
  admin: { useAsTitle: 'eventId', defaultColumns: ['eventId', 'provider', 'type', 'order', 'outcome', 'createdAt'], group: 'Sales' },
  access: { read: staffOnly, create: nobody, update: nobody, delete: adminOnly },
  defaultSort: '-createdAt',
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true, index: true, maxLength: 255 },
    { type: 'row', fields: [
      { name: 'provider', type: 'text', required: true, maxLength: 40 },
      { name: 'type', type: 'text', required: true, maxLength: 80 },
    ] },
    { name: 'order', type: 'relationship', relationTo: 'orders', index: true },
    { name: 'outcome', type: 'text', maxLength: 300, admin: { description: 'What the event did to the order, or why it changed nothing.' } },
  ],
}
