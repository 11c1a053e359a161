// Site settings for Cycle to Work certificates (ADR 053): on or off, the schemes the shop is registered with, the kinds
// of goods a certificate may pay for, and how long an order waits (its stock held) for staff to confirm its certificate.
import type { Field } from 'payload'
import { PRODUCT_KINDS } from '../../domain/catalogue/product-kind'
import { CYCLE_SCHEMES, DEFAULT_CYCLE_TO_WORK } from '../../domain/payments/cycle-to-work'

const KIND_LABELS: Record<(typeof PRODUCT_KINDS)[number], string> = { motorcycle: 'Motorcycles', scooter: 'Scooters', bicycle: 'Bicycles', 'e-bike': 'E-bikes', riderwear: 'Rider wear', accessory: 'Accessories (safety equipment)' }

export const cycleToWorkSettingsField: Field = {
  name: 'cycleToWork',
  type: 'group',
  label: 'Cycle to Work certificates',
  admin: { description: 'Customers pay for eligible goods with a Cycle to Work certificate at checkout, redeemed in full in one order (any balance by card). Staff confirm each certificate in the scheme’s own portal, then on the order’s page.' },
  fields: [
    { name: 'enabled', label: 'Take Cycle to Work certificates at checkout', type: 'checkbox', defaultValue: DEFAULT_CYCLE_TO_WORK.enabled },
    {
      name: 'schemes',
      label: 'Schemes the shop is registered with',
      type: 'select',
      hasMany: true,
      defaultValue: [...DEFAULT_CYCLE_TO_WORK.schemes],
      options: CYCLE_SCHEMES.map((s) => ({ label: s.label, value: s.value })),
    },
    {
      name: 'kinds',
      label: 'Goods a certificate may pay for',
      type: 'select',
      hasMany: true,
      defaultValue: [...DEFAULT_CYCLE_TO_WORK.kinds],
      options: PRODUCT_KINDS.map((k) => ({ label: KIND_LABELS[k], value: k })),
      admin: { description: 'The schemes pay for bicycles, e-bikes and their safety equipment; never motorcycles or scooters.' },
    },
    {
      name: 'holdHours',
      label: 'Hold the goods while staff confirm a certificate (hours)',
      type: 'number',
      required: true,
      defaultValue: DEFAULT_CYCLE_TO_WORK.holdHours,
      min: 1,
      max: 720,
      admin: { step: 1, description: 'An order whose certificate is not confirmed by then is cancelled, its goods go back on sale and any card balance is refunded.' },
    },
  ],
}
