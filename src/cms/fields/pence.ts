// A money amount stored as integer pence (never floats), VAT-inclusive where it is a price; lists show it in pounds.
import type { NumberField } from 'payload'
import { isSellingPrice, ZERO_PRICE_MESSAGE } from '../../domain/catalogue/product-price'

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

/** A product's or variant's own price: empty (price on application) or above 0, never a price of nothing. */
export function sellingPriceField(name: string, label: string, extra: Partial<NumberField> = {}): NumberField {
  const field = penceField(name, label, { min: 1, ...extra })
  const check = field.validate as (value: unknown) => true | string
  return {
    ...field,
    validate: (value: unknown) => {
      const plain = check(value)
      if (plain !== true || value === null || value === undefined) return plain
      return isSellingPrice(value) ? true : `${ZERO_PRICE_MESSAGE[0]!.toUpperCase()}${ZERO_PRICE_MESSAGE.slice(1)}.`
    },
  } as NumberField
}
