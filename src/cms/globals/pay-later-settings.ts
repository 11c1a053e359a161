// Site settings for Klarna's Pay in 3 (ADR 052): on or off, and the basket totals it is offered between. Which
// kinds of goods it covers is the shop's rule (DEFAULT_PAY_LATER.kinds): bikes that need regulated finance never are.
import type { Field } from 'payload'
import { DEFAULT_PAY_LATER } from '../../domain/payments/pay-later'
import { penceField } from '../fields/pence'

export const payLaterSettingsField: Field = {
  name: 'payLater',
  type: 'group',
  label: 'Pay in 3 with Klarna',
  admin: { description: 'Offered at checkout on rider wear, accessories and bicycles when the basket total is within these limits. Klarna is the lender; motorcycles, scooters and e-bikes are sold on the shop’s regulated finance instead.' },
  fields: [
    { name: 'enabled', label: 'Offer Pay in 3 with Klarna at checkout', type: 'checkbox', defaultValue: DEFAULT_PAY_LATER.enabled },
    {
      type: 'row',
      fields: [
        penceField('minPence', 'Smallest basket', { required: true, defaultValue: DEFAULT_PAY_LATER.minPence }, { rules: { minPence: 100, maxPence: 1_000_000 } }),
        penceField('maxPence', 'Largest basket', { required: true, defaultValue: DEFAULT_PAY_LATER.maxPence }, { rules: { minPence: 100, maxPence: 1_000_000 } }),
      ],
    },
  ],
}
