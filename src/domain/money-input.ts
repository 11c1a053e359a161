// Money as staff type and read it: pounds and pence ("8,399.00", "£39.99", "40"), never pence. Stored and sent
// through the APIs as integer pence (money.ts); these rules turn one into the other without floating point, and
// say when a new price is far enough from the old one that staff must confirm it.
import type { Pence } from './money'

/** The largest amount a money field takes: £1,000,000.00. */
export const MAX_MONEY_PENCE = 100_000_000

export type MoneyParse = { readonly ok: true; readonly pence: Pence | null } | { readonly ok: false; readonly message: string }

export interface MoneyInputRules {
  /** Whether a negative amount is allowed (none of the shop's prices, fees or deposits is). */
  readonly allowNegative?: boolean
  /** The smallest amount allowed, in pence (default 0, or no minimum when negatives are allowed). */
  readonly minPence?: Pence
  readonly maxPence?: Pence
}

const WHOLE = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/

/**
 * Pounds as typed to integer pence: "£8,399", "8399.5", "39.99", " 40 " → 839900, 839950, 3999, 4000. Empty text is
 * no amount (null). Refused, with a message a person can act on: letters, more than two decimals, misplaced
 * thousands commas, a negative amount where none is allowed, an amount out of range.
 */
export function parsePounds(input: string, rules: MoneyInputRules = {}): MoneyParse {
  const text = input.trim().replace(/\s+/g, '')
  if (text === '') return { ok: true, pence: null }
  const negative = text.startsWith('-') || text.startsWith('−')
  const unsigned = (negative ? text.slice(1) : text).replace(/^£/, '')
  const [whole = '', decimals, ...rest] = unsigned.split('.')
  if (rest.length > 0 || !/^\d*$/.test(decimals ?? '') || (whole === '' ? decimals === undefined || decimals === '' : !WHOLE.test(whole))) {
    return { ok: false, message: 'Enter an amount in pounds and pence, such as 8,399.00 or 39.99' }
  }
  if (decimals !== undefined && decimals.length > 2) return { ok: false, message: 'Enter at most two decimals: pounds and pence, such as 39.99' }
  const pounds = whole === '' ? 0 : Number(whole.replace(/,/g, ''))
  const pence = pounds * 100 + Number((decimals ?? '').padEnd(2, '0') || '0')
  if (!Number.isSafeInteger(pence)) return { ok: false, message: tooLarge(rules) }
  const signed = negative && pence !== 0 ? -pence : pence
  if (signed < 0 && !rules.allowNegative) return { ok: false, message: 'Enter an amount of zero or more' }
  const min = rules.minPence ?? (rules.allowNegative ? -Infinity : 0)
  if (signed < min) return { ok: false, message: `Enter at least £${formatPoundsInput(min)}` }
  if (signed > (rules.maxPence ?? MAX_MONEY_PENCE)) return { ok: false, message: tooLarge(rules) }
  return { ok: true, pence: signed }
}

function tooLarge(rules: MoneyInputRules): string {
  return `Enter at most £${formatPoundsInput(rules.maxPence ?? MAX_MONEY_PENCE)}`
}

/**
 * Pence as staff read and edit it in a money field: pounds with thousands commas and always two decimals, no
 * symbol (the field shows the £): 839900 → "8,399.00", 5 → "0.05", -1250 → "-12.50". Exact, in whole pence.
 */
export function formatPoundsInput(pence: Pence): string {
  if (!Number.isSafeInteger(pence)) throw new TypeError(`formatPoundsInput expects integer pence, got ${String(pence)}`)
  const abs = Math.abs(pence)
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${pence < 0 ? '-' : ''}${pounds}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * Whether a price moved by more than half of what it was, up or down (£40.00 → £4,000.00, £8,399.00 → £83.99):
 * the shape of a slip of the keyboard or of the old pence habit, so staff confirm it before it is saved. A first
 * price, or a price cleared (on application), is no such change.
 */
export function isLargePriceChange(before: Pence | null | undefined, after: Pence | null | undefined): boolean {
  if (before == null || after == null || before <= 0) return false
  return Math.abs(after - before) * 2 > before
}
