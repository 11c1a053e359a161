// The one money field of the admin: stored as integer pence (never floats; storage, REST and GraphQL keep pence),
// VAT-inclusive where it is a price, typed and read by staff in pounds and pence (the MoneyField component, the
// rules in domain/money-input.ts). Lists show it in pounds.
import { APIError, type CheckboxField, type FieldHook, type NumberField } from 'payload'
import { formatPence } from '../../domain/money'
import { MAX_MONEY_PENCE, isLargePriceChange, type MoneyInputRules } from '../../domain/money-input'
import { CONFIRM_PRICE_CHANGES } from './money-constants'
import { isSellingPrice, ZERO_PRICE_MESSAGE } from '../../domain/catalogue/product-price'

export interface MoneyOptions {
  readonly rules?: MoneyInputRules
  /**
   * A price: a change of more than half is refused unless the save confirms it (`confirmPriceChanges: true` in the
   * data, which the admin sets when staff answer its question, or in the Local API's `context`). The collection
   * declares `confirmPriceChangesField` beside it.
   */
  readonly confirmLargeChanges?: boolean
}

const AMOUNT_MESSAGE = 'Enter an amount in pounds and pence, such as 8,399.00 (whole pence through the API)'

/** Refuses a price change of more than half that the save did not confirm (ADR 043). */
function confirmLargeChange(label: string): FieldHook {
  return ({ value, previousValue, data, context, operation }) => {
    // Field hooks run before validation: an amount that is not whole pence, or is negative, is left to its refusal.
    if (operation !== 'update' || !Number.isSafeInteger(value) || value < 0 || !Number.isSafeInteger(previousValue) || !isLargePriceChange(previousValue, value)) return value
    if ((data as Record<string, unknown> | undefined)?.[CONFIRM_PRICE_CHANGES] === true || context?.[CONFIRM_PRICE_CHANGES] === true) return value
    throw new APIError(
      `${label} would change from ${formatPence(previousValue)} to ${formatPence(value)}, by more than half. Nothing was saved: check the amount, then save again confirming the change (the admin asks; through the API send "${CONFIRM_PRICE_CHANGES}": true).`,
      400,
      null,
      true,
    )
  }
}

export function penceField(name: string, label: string, extra: Partial<NumberField> = {}, options: MoneyOptions = {}): NumberField {
  const min = options.rules?.minPence ?? (options.rules?.allowNegative ? -MAX_MONEY_PENCE : 0)
  const max = options.rules?.maxPence ?? MAX_MONEY_PENCE
  return {
    name,
    label,
    type: 'number',
    min,
    max,
    validate: (value: unknown) => {
      if (value === null || value === undefined) return true
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return AMOUNT_MESSAGE
      if (value < min) return min === 0 ? 'Enter an amount of zero or more' : `Enter at least ${formatPence(min)}`
      if (value > max) return `Enter at most ${formatPence(max)}`
      return true
    },
    ...extra,
    hooks: { ...extra.hooks, beforeChange: [...(options.confirmLargeChanges ? [confirmLargeChange(label)] : []), ...(extra.hooks?.beforeChange ?? [])] },
    admin: {
      description: 'In pounds and pence, VAT included: 6,499.00.',
      ...extra.admin,
      components: {
        Field: { path: '/cms/components/money-field#MoneyField', clientProps: { rules: options.rules, confirmLargeChanges: Boolean(options.confirmLargeChanges) } },
        Cell: '/cms/components/pence-cell#PenceCell',
        ...extra.admin?.components,
      },
    },
  } as NumberField
}

/** A product's or variant's own price: empty (price on application) or above 0, never a price of nothing. */
export function sellingPriceField(name: string, label: string, extra: Partial<NumberField> = {}, options: MoneyOptions = {}): NumberField {
  const field = penceField(name, label, extra, options)
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

/** Never stored: a save sets it to confirm a price change of more than half (see MoneyOptions). */
export const confirmPriceChangesField: CheckboxField = {
  name: CONFIRM_PRICE_CHANGES,
  type: 'checkbox',
  virtual: true,
  admin: { hidden: true },
  access: { read: () => false },
}
