// What a finance quote and a finance application keep of what the customer was shown, so the dealer can prove it
// later: the representative example's figures and the dealer's disclosures, as they were. Read-only in the admin;
// the shop writes them once, when the quote is given and when the application copies it.
import type { Field } from 'payload'
import { JSON_VIEW } from './json-view'

const readOnly = { readOnly: true } as const

export function financeEvidenceFields(): Field[] {
  return [
    {
      name: 'shownExample',
      label: 'Representative example shown',
      type: 'json',
      admin: { ...readOnly, description: 'The figures the customer was shown with this quote, in pence, as the representative example printed them.', components: JSON_VIEW },
    },
    {
      name: 'disclosures',
      label: 'Disclosures shown',
      type: 'group',
      admin: { description: 'The dealer’s broker status and commission disclosure as the customer read them with this quote.' },
      fields: [
        { type: 'row', fields: [
          { name: 'dealerName', type: 'text', maxLength: 120, admin: readOnly },
          { name: 'fcaFirmReference', label: 'FCA firm reference number', type: 'text', maxLength: 12, admin: readOnly },
        ] },
        { name: 'brokerStatement', type: 'textarea', maxLength: 1000, admin: readOnly },
        { name: 'commissionDisclosure', type: 'textarea', maxLength: 1000, admin: readOnly },
      ],
    },
  ]
}
