// A vehicle history check as staff record it (HPI, Experian AutoCheck, …): what it found decides whether the bike may
// be offered at all and what a buyer must be told. Outstanding finance means the bike still belongs to the lender,
// and a stolen marker means it is not the seller's to sell: neither may be published. A write-off category S
// (structural damage, repaired) or N (non-structural) may be sold, but every listing of it says so.

export const WRITE_OFF_CATEGORIES = ['S', 'N'] as const
export type WriteOffCategory = (typeof WRITE_OFF_CATEGORIES)[number]

export interface HistoryCheck {
  readonly provider?: string | null
  /** ISO date the check was run. */
  readonly checkedOn?: string | null
  readonly outstandingFinance?: boolean | null
  readonly stolen?: boolean | null
  readonly writeOffCategory?: string | null
}

export const WRITE_OFF_WORDS: Record<WriteOffCategory, { readonly short: string; readonly long: string }> = {
  S: { short: 'Cat S', long: 'Category S write-off: repaired structural damage' },
  N: { short: 'Cat N', long: 'Category N write-off: repaired non-structural damage' },
}

export function writeOffCategoryOf(value: unknown): WriteOffCategory | null {
  return WRITE_OFF_CATEGORIES.find((c) => c === value) ?? null
}

/** Why the bike may not be published, one sentence each; empty when it may. */
export function publicationProblems(check: HistoryCheck | null | undefined): string[] {
  const problems: string[] = []
  if (check?.outstandingFinance) problems.push('Its history check shows outstanding finance: the bike belongs to the lender until that is settled. Settle it and record a clean check before publishing.')
  if (check?.stolen) problems.push('Its history check shows a stolen marker: the bike cannot be sold. Contact the police and the provider before anything else.')
  return problems
}
