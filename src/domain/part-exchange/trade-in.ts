// The built-in trade-in estimate: a range in pence from the bike's make, age, mileage and condition. It is a
// guide for a finance quote, not an offer: the dealer confirms the figure when the bike is inspected.
import type { Pence } from '../money'

export const BIKE_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const
export type TradeInCondition = (typeof BIKE_CONDITIONS)[number]

export const CONDITION_LABELS: Readonly<Record<TradeInCondition, string>> = {
  excellent: 'Excellent: like new, full service history',
  good: 'Good: normal wear for its age',
  fair: 'Fair: marks, scuffs or parts due',
  poor: 'Poor: damage or needs work',
}

/** What a typical bike of each make is worth to the trade when new, in pence; makes not listed use OTHER_MAKE. */
const NEW_TRADE_VALUE_PENCE: Readonly<Record<string, Pence>> = {
  'bmw': 1_250_000,
  'cf moto': 520_000,
  'ducati': 1_350_000,
  'harley-davidson': 1_500_000,
  'honda': 800_000,
  'kawasaki': 780_000,
  'ktm': 900_000,
  'royal enfield': 450_000,
  'suzuki': 720_000,
  'triumph': 1_000_000,
  'yamaha': 820_000,
}
const OTHER_MAKE: Pence = 650_000

const CONDITION_FACTOR: Readonly<Record<TradeInCondition, number>> = { excellent: 1.05, good: 1, fair: 0.85, poor: 0.65 }
/** First year loses 20%, each later year 10% of what is left. */
const FIRST_YEAR_FACTOR = 0.8
const LATER_YEAR_FACTOR = 0.9
export const EXPECTED_MILES_A_YEAR = 4000
/** Each 1,000 miles above the expected mileage takes 1.5% off, below adds 1%, within bounds. */
const PER_THOUSAND_OVER = 0.015
const PER_THOUSAND_UNDER = 0.01
const MILEAGE_FACTOR_MIN = 0.6
const MILEAGE_FACTOR_MAX = 1.1
/** A running bike is worth at least this much to the trade. */
export const FLOOR_PENCE: Pence = 25_000
/** The range: 8% either side of the estimate, rounded to £10. */
const SPREAD = 0.08

export interface TradeInInput {
  readonly make: string
  readonly year: number
  readonly mileage: number
  readonly condition: TradeInCondition
  readonly now: Date
}

export interface TradeInRange {
  readonly lowPence: Pence
  readonly highPence: Pence
}

export type TradeInOutcome = { readonly ok: true; readonly range: TradeInRange } | { readonly ok: false; readonly error: string }

export function makeKey(make: string): string {
  return make.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^cfmoto$/, 'cf moto')
}

/** The built-in estimate. A year after this one, or before motorcycles were registered, is refused. */
export function estimateTradeIn(input: TradeInInput): TradeInOutcome {
  const thisYear = input.now.getUTCFullYear()
  if (!Number.isInteger(input.year) || input.year < 1900 || input.year > thisYear) return { ok: false, error: `The year must be from 1900 to ${thisYear}.` }
  if (!Number.isInteger(input.mileage) || input.mileage < 0) return { ok: false, error: 'The mileage must be a whole number of miles.' }
  if (makeKey(input.make) === '') return { ok: false, error: 'Tell us the make of your bike.' }
  const base = NEW_TRADE_VALUE_PENCE[makeKey(input.make)] ?? OTHER_MAKE
  const age = thisYear - input.year
  const ageFactor = age <= 0 ? 1 : FIRST_YEAR_FACTOR * Math.pow(LATER_YEAR_FACTOR, age - 1)
  const expected = Math.max(1, age) * EXPECTED_MILES_A_YEAR
  const thousandsOff = (input.mileage - expected) / 1000
  const mileageFactor = clamp(1 - (thousandsOff > 0 ? thousandsOff * PER_THOUSAND_OVER : thousandsOff * PER_THOUSAND_UNDER), MILEAGE_FACTOR_MIN, MILEAGE_FACTOR_MAX)
  const estimate = Math.max(FLOOR_PENCE, base * ageFactor * mileageFactor * CONDITION_FACTOR[input.condition])
  const lowPence = Math.max(FLOOR_PENCE, roundToTenPounds(estimate * (1 - SPREAD)))
  const highPence = Math.max(lowPence, roundToTenPounds(estimate * (1 + SPREAD)))
  return { ok: true, range: { lowPence, highPence } }
}

/**
 * The figure applied to a finance quote: the bottom of the range, so inspection is more likely to raise the
 * customer's figure than to lower it.
 */
export function appliedValuePence(range: TradeInRange): Pence {
  return range.lowPence
}

function roundToTenPounds(pence: number): Pence {
  return Math.round(pence / 1000) * 1000
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}
