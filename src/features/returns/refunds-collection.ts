// Refunds: each payment back to a customer, by line or amount, with the idempotency key the provider dedupes on
// (unique here too, so the same refund asked for twice is one row) and the provider's refund id once made.
// Written only by refunds.server.ts (ADR 046); staff read them, and ask for part of an order back from its admin page
// (POST /api/refunds/orders/:id, part-refund.server.ts).
import { JSON_VIEW } from '../../cms/fields/json-view'
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../../cms/access/admin-only'
import { nobody } from '../../cms/access/nobody'
import { staffOnly } from '../../cms/access/staff-only'
import { penceField } from '../../cms/fields/pence'
import { partRefundRequest } from '../orders/order-staff-contract'
import { staffEndpoint } from '../../cms/endpoints/staff-endpoint'

const readOnly = { readOnly: true } as const

export const Refunds: CollectionConfig = {
  slug: 'refunds',
  admin: { useAsTitle: 'idempotencyKey', defaultColumns: ['order', 'return', 'amountPence', 'state', 'createdAt'], group: 'Sales' },
  access: { read: staffOnly, create: nobody, update: nobody, delete: adminOnly },
  // Loaded on first use: the Payload config imports this file outside Next too (its CLI), where server-only modules may not be.
  endpoints: [staffEndpoint({ path: '/orders/:id', schema: partRefundRequest, record: 'an order', run: async (req, id, body) => (await import('./part-refund.server')).refundPartOfOrder(req, id, body) })],
  defaultSort: '-createdAt',
  fields: [
    { name: 'order', type: 'relationship', relationTo: 'orders', required: true, index: true, admin: readOnly },
    { name: 'return', type: 'relationship', relationTo: 'returns', index: true, admin: readOnly },
    { name: 'lines', type: 'json', admin: { ...readOnly, components: JSON_VIEW } },
    penceField('amountPence', 'Amount', { required: true, admin: readOnly }),
    penceField('creditPence', 'Of which paid for an exchange', { defaultValue: 0, admin: { ...readOnly, description: 'The part of the amount that paid for the replacement of an exchanged item; the rest went back to the card.' } }),
    { name: 'idempotencyKey', type: 'text', required: true, unique: true, index: true, maxLength: 120, admin: readOnly },
    { name: 'state', type: 'select', required: true, defaultValue: 'pending', options: ['pending', 'succeeded', 'failed'].map((v) => ({ label: v[0]!.toUpperCase() + v.slice(1), value: v })), admin: readOnly },
    { name: 'provider', type: 'text', maxLength: 40, admin: readOnly },
    { name: 'providerRefundId', type: 'text', maxLength: 255, admin: readOnly },
    { name: 'failure', type: 'text', maxLength: 300, admin: { ...readOnly, description: 'Why the provider refused: refund by hand, or ask again with a new amount.' } },
    { name: 'recordToken', type: 'text', maxLength: 40, admin: { hidden: true }, access: { read: () => false } },
    { name: 'refundedAt', type: 'date', admin: readOnly },
  ],
}
