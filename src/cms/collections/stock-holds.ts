// The stock ledger: every unit taken off the shelf for an order (or a coupon use counted) is a row here,
// written in the same atomic unit of work as the stock change itself, so a crash can never lose units.
import type { CollectionConfig } from 'payload'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const StockHolds: CollectionConfig = {
  slug: 'stock-holds',
  labels: { singular: 'Stock hold', plural: 'Stock ledger' },
  admin: {
    useAsTitle: 'ref',
    defaultColumns: ['ref', 'product', 'variant', 'coupon', 'count', 'state', 'updatedAt'],
    group: 'Sales',
    description: 'Units held for unpaid orders and reservations, sold, or released back to stock. Written only by checkout, payments and staff status changes.',
  },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'ref', type: 'text', required: true, index: true, maxLength: 120, admin: { description: 'What holds the units: order:<id> or reservation:<id>.' } },
    { type: 'row', fields: [
      { name: 'product', type: 'relationship', relationTo: 'products', index: true },
      { name: 'variant', type: 'relationship', relationTo: 'variants', index: true },
      { name: 'coupon', type: 'relationship', relationTo: 'coupons', index: true },
    ] },
    { type: 'row', fields: [
      { name: 'count', type: 'number', required: true, min: 1 },
      {
        name: 'state',
        type: 'select',
        required: true,
        index: true,
        options: [
          { label: 'Held', value: 'held' },
          { label: 'Sold', value: 'sold' },
          { label: 'Released', value: 'released' },
        ],
      },
    ] },
    {
      name: 'holdClient',
      type: 'text',
      index: true,
      maxLength: 120,
      admin: { readOnly: true, description: 'The network (an IPv4 address or an IPv6 /64) the hold was taken from, for the cap on units one network may hold unpaid (ADR 022). Empty for staff and server-to-server holds.' },
    },
  ],
}
