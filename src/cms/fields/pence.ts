// A money amount stored as integer pence (never floats), VAT-inclusive where it is a price; lists show it in pounds.
import type { NumberField } from 'payload'

export function penceField(name: string, label: string, extra: Partial<NumberField> = {}): NumberField {
  return {
    name,
    label,
    type: 'number',
    min: 0,
    max: 100_000_000,
    validate: (value: unknown) =>
      value === null || value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        ? true
        : 'Enter a whole number of pence, zero or more',
    ...extra,
    admin: {
      description: 'In pence, VAT included: 649900 is £6,499.00.',
      step: 1,
      ...extra.admin,
      components: { Cell: '/cms/components/pence-cell#PenceCell', ...extra.admin?.components },
    },
  } as NumberField
}
