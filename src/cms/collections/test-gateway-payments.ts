// The built-in test card gateway's own records (it plays an outside provider): never a card number, only the brand and last four digits.
import type { CollectionConfig } from 'payload'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const TestGatewayPayments: CollectionConfig = {
  slug: 'test-gateway-payments',
  admin: { useAsTitle: 'sessionId', defaultColumns: ['sessionId', 'status', 'amountPence', 'last4', 'createdAt'], group: 'Sales', description: 'The offline test gateway’s side of each payment.' },
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'sessionId', type: 'text', required: true, unique: true, index: true, maxLength: 80 },
    { name: 'orderReference', type: 'text', required: true, index: true, maxLength: 80 },
    { type: 'row', fields: [
      { name: 'amountPence', type: 'number', required: true, min: 0 },
      { name: 'currency', type: 'text', required: true, defaultValue: 'GBP', maxLength: 3 },
      { name: 'refundedPence', type: 'number', required: true, defaultValue: 0, min: 0 },
    ] },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'requires_payment_method',
      options: ['requires_payment_method', 'requires_action', 'succeeded', 'failed', 'cancelled'].map((v) => ({ label: v, value: v })),
    },
    { name: 'method', type: 'select', defaultValue: 'card', options: ['card', 'klarna'].map((v) => ({ label: v, value: v })) },
    { type: 'row', fields: [
      { name: 'cardBrand', type: 'text', maxLength: 20 },
      { name: 'last4', type: 'text', maxLength: 4 },
    ] },
    { name: 'description', type: 'text', maxLength: 200 },
    { name: 'successUrl', type: 'text', required: true, maxLength: 2000 },
    { name: 'failureUrl', type: 'text', required: true, maxLength: 2000 },
    { name: 'challengeCodeHash', type: 'text', maxLength: 128, admin: { hidden: true } },
    { name: 'webhookAttempts', type: 'number', defaultValue: 0 },
    { name: 'webhookDeliveredAt', type: 'date' },
  ],
}
