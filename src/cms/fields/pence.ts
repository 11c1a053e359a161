// A money amount stored as integer pence (never floats), VAT-inclusive where it is a price.
import type { NumberField } from 'payload'

export function penceField(name: string, label: string, extra: Partial<NumberField> = {}): NumberField {
  return {
    name,
    label,
    type: 'number',
    min: 0,
    max: 100_000_000,
    admin: { description: 'In pence, VAT included: 649900 is £6,499.00.', step: 1 },
    validate: (value: unknown) =>
      value === null || value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        ? true
        : 'Enter a whole number of pence, zero or more',
    ...extra,
  } as NumberField
}
