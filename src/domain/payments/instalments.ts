// Pay in 3: the total split into three instalments to the penny. The first is taken at checkout and the others
// every 30 days after; any odd pennies go on the first, so the three always add up to the total exactly.
import type { Pence } from '../money'

export const PAY_IN_3_COUNT = 3
/** Days after checkout each instalment is taken (Klarna's Pay in 3: today, then every 30 days). */
export const PAY_IN_3_DUE_DAYS: readonly number[] = [0, 30, 60]

export interface Instalment {
  readonly number: number
  readonly amountPence: Pence
  readonly dueInDays: number
}

/** The three instalments of `totalPence` (a whole, non-negative number of pence). */
export function payIn3(totalPence: Pence): readonly Instalment[] {
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) throw new RangeError(`a Pay in 3 total must be whole pence, not ${totalPence}`)
  const base = Math.floor(totalPence / PAY_IN_3_COUNT)
  const odd = totalPence - base * PAY_IN_3_COUNT
  return PAY_IN_3_DUE_DAYS.map((dueInDays, i) => ({ number: i + 1, amountPence: i === 0 ? base + odd : base, dueInDays }))
}
