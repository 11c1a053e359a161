// Returns and cancellations: what the customer sends back (or cancelled before it left), why, the clocks the law
// sets (the refund deadline), any deduction for lost value with its reason, and every step with who and when.
// Written only by the returns workflow (return-rows.server.ts, ADR 046); staff act through its endpoints.
import { JSON_VIEW } from '../../cms/fields/json-view'
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../../cms/access/admin-only'
import { nobody } from '../../cms/access/nobody'
import { ownOrdersOrStaff } from '../../cms/access/own-orders-or-staff'
import { historyField } from '../../cms/fields/history'
import { penceField } from '../../cms/fields/pence'
import { RETURN_STATES } from '../../domain/returns/return-lifecycle'
import { returnEndpoints } from './return-endpoints'

const readOnly = { readOnly: true } as const

export const Returns: CollectionConfig = {
  slug: 'returns',
  admin: {
    useAsTitle: 'returnNumber',
    defaultColumns: ['returnNumber', 'order', 'ground', 'state', 'refundDueOn', 'createdAt'],
    group: 'Sales',
    listSearchableFields: ['returnNumber', 'email'],
    description: 'Cancellations, returns and fault claims. Open one to mark it received, record a deduction, refund or reject it; the refund deadline is the last day the law allows.',
  },
  access: { read: ownOrdersOrStaff, create: nobody, update: nobody, delete: adminOnly },
  endpoints: returnEndpoints,
  defaultSort: '-createdAt',
  fields: [
    { name: 'staffSteps', type: 'ui', admin: { components: { Field: '/features/returns/components/return-actions#ReturnActions' } } },
    { name: 'returnNumber', type: 'text', required: true, unique: true, index: true, maxLength: 40, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'order', type: 'relationship', relationTo: 'orders', required: true, index: true, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'email', type: 'email', required: true, admin: readOnly },
    {
      name: 'ground',
      type: 'select',
      required: true,
      defaultValue: 'cancellation',
      options: [
        { label: 'Cancellation (14 days)', value: 'cancellation' },
        { label: 'Faulty goods', value: 'fault' },
        { label: 'Exchange', value: 'exchange' },
      ],
      admin: readOnly,
    },
    { name: 'state', type: 'select', required: true, defaultValue: 'requested', index: true, options: RETURN_STATES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })), admin: { ...readOnly, position: 'sidebar' } },
    { name: 'reason', type: 'textarea', maxLength: 1000, admin: readOnly },
    { name: 'returnMethod', type: 'text', maxLength: 20, admin: { ...readOnly, description: 'post, or dealer (brought to the shop); none when cancelled before dispatch.' } },
    { name: 'lines', type: 'json', required: true, admin: { ...readOnly, description: 'The order lines coming back: line id, name, units, and what they cost the customer (pence).', components: JSON_VIEW } },
    { type: 'row', fields: [
      { name: 'wholeOrder', type: 'checkbox', defaultValue: false, admin: { ...readOnly, description: 'Every line of the order: the standard delivery charge is refunded too.' } },
      { name: 'goodsDelivered', type: 'checkbox', defaultValue: false, admin: { ...readOnly, description: 'The goods had left the dealer (dispatched, delivered or collected).' } },
    ] },
    { type: 'row', fields: [
      { name: 'deliveredOn', type: 'text', maxLength: 10, admin: readOnly },
      { name: 'requestedOn', type: 'text', required: true, maxLength: 10, admin: readOnly },
      { name: 'receivedOn', type: 'text', maxLength: 10, admin: readOnly },
      { name: 'proofOfReturnOn', type: 'text', maxLength: 10, admin: readOnly },
    ] },
    { name: 'refundDueOn', type: 'text', maxLength: 10, admin: { ...readOnly, position: 'sidebar', components: { Cell: '/features/returns/components/return-actions#RefundDueCell' }, description: 'The last day to refund (14 days from the goods or proof of return; from the cancellation when nothing was delivered).' } },
    { name: 'faultRemedy', type: 'text', maxLength: 300, admin: readOnly },
    { type: 'row', fields: [
      { name: 'exchangeVariant', type: 'relationship', relationTo: 'variants', index: true, admin: { ...readOnly, description: 'An exchange: the size or colour asked for instead.' } },
      { name: 'exchangeOrder', type: 'relationship', relationTo: 'orders', unique: true, index: true, admin: { ...readOnly, description: 'An exchange: the order that sends the replacement, paid by this item’s value. Send it once this return is received.' } },
    ] },
    { type: 'row', fields: [
      penceField('deductionPence', 'Deduction for lost value', { defaultValue: 0, admin: readOnly }),
      { name: 'deductionReason', type: 'text', maxLength: 300, admin: readOnly },
      penceField('refundPence', 'Refunded', { admin: readOnly }),
    ] },
    { name: 'changeToken', type: 'text', maxLength: 40, admin: { hidden: true }, access: { read: () => false } },
    historyField('Every step of this return, newest last.'),
  ],
}
