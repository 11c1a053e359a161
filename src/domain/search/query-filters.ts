// Words that are filters, not search terms: prices ("under 5000", "below £3k", "£2k to £4k", "over 10 grand")
// and licences ("a2 bikes", "A1 licence", "am licence"). They are taken out of the typed text and come back as
// the same filters the listing form offers.
import type { LicenceCategory } from '../catalogue/product-kind'
import { fold } from './normalise'

export interface WordFilters {
  minPricePence: number | null
  maxPricePence: number | null
  licences: LicenceCategory[]
}

const AMOUNT = String.raw`£?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|grand)?(?![a-z0-9])`
const MAX_WORDS = String.raw`under|below|less than|cheaper than|up to|no more than|max(?:imum)?|within|<=?`
const MIN_WORDS = String.raw`over|above|more than|at least|min(?:imum)?|from|>=?`
const MAX_POUNDS = 1_000_000

function pence(amount: string, unit: string | undefined): number {
  const pounds = Number(amount.replace(/,/g, '')) * (unit ? 1000 : 1)
  return Math.round(Math.min(pounds, MAX_POUNDS) * 100)
}

/** Price phrases found in folded text, and the text without them. */
export function takePriceWords(folded: string): { text: string; minPricePence: number | null; maxPricePence: number | null } {
  let min: number | null = null
  let max: number | null = null
  let text = folded.replace(new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+(?:and|to|-)\s+${AMOUNT}`, 'g'), (_m, a, ua, b, ub) => {
    const x = pence(a, ua ?? ub)
    const y = pence(b, ub)
    min = Math.min(x, y)
    max = Math.max(x, y)
    return ' '
  })
  text = text.replace(new RegExp(String.raw`(£\s*(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:k|grand)?)\s*(?:-|to)\s*${AMOUNT}`, 'g'), (_m, first: string, b, ub) => {
    const parsed = /£\s*([\d,.]+)\s*(k|grand)?/.exec(first)!
    const x = pence(parsed[1]!, parsed[2] ?? ub)
    const y = pence(b, ub)
    min = Math.min(x, y)
    max = Math.max(x, y)
    return ' '
  })
  text = text.replace(new RegExp(String.raw`(?:^|\s)(?:${MAX_WORDS})\s*${AMOUNT}`, 'g'), (_m, a, u) => {
    max = pence(a, u)
    return ' '
  })
  text = text.replace(new RegExp(String.raw`(?:^|\s)(?:${MIN_WORDS})\s*${AMOUNT}`, 'g'), (_m, a, u) => {
    min = pence(a, u)
    return ' '
  })
  return { text, minPricePence: min, maxPricePence: max }
}

const LICENCE_BY_WORD: Record<string, LicenceCategory> = { am: 'AM', a1: 'A1', a2: 'A2', a: 'A', full: 'A' }
const LICENCE_WORD = /^(?:licen[cs]e|licen[cs]es|licenced|licensed)$/

/**
 * Licence words in folded text: `a1` and `a2` on their own, or any category followed by "licence"
 * (`am licence`, `full licence`). "a2-friendly" and "a2 compliant" count too.
 */
export function takeLicenceWords(folded: string): { text: string; licences: LicenceCategory[] } {
  const words = folded.split(/\s+/).filter(Boolean)
  const licences = new Set<LicenceCategory>()
  const kept: string[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.replace(/-(?:friendly|compliant|legal|restricted|restrictable)$/, '')
    const next = words[i + 1]
    if ((w === 'a1' || w === 'a2') && w === words[i]!.replace(/-.*$/, '')) {
      licences.add(LICENCE_BY_WORD[w]!)
      if (next && LICENCE_WORD.test(next)) i++
      continue
    }
    if (w in LICENCE_BY_WORD && next && LICENCE_WORD.test(next)) {
      licences.add(LICENCE_BY_WORD[w]!)
      i++
      continue
    }
    kept.push(words[i]!)
  }
  return { text: kept.join(' '), licences: [...licences] }
}

/** A listing's own filters joined with those read from its search words: both ranges apply; the form's licences win. */
export function withWordFilters<T extends WordFilters>(query: T, words: WordFilters): T {
  const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) => (a === null ? b : b === null ? a : f(a, b))
  return {
    ...query,
    minPricePence: pick(query.minPricePence, words.minPricePence, Math.max),
    maxPricePence: pick(query.maxPricePence, words.maxPricePence, Math.min),
    licences: query.licences.length ? query.licences : words.licences,
  }
}

/**
 * What a rider typed, as the words to search for and the filters its other words set: `a2 bikes under 5000` is the
 * words `bikes`, the A2 licence and at most £5,000. The search page shows those filters as its own controls, which a
 * rider sees, counts and removes like any other (ADR 073).
 */
export function takeWordFilters(typed: string): WordFilters & { text: string } {
  const price = takePriceWords(fold(typed))
  const licence = takeLicenceWords(price.text)
  return { text: licence.text.replace(/\s+/g, ' ').trim(), minPricePence: price.minPricePence, maxPricePence: price.maxPricePence, licences: licence.licences }
}

/** Whether the words set any filter. */
export const setsFilters = (f: WordFilters): boolean => f.minPricePence !== null || f.maxPricePence !== null || f.licences.length > 0

/**
 * A listing query whose search words set filters, rewritten with those filters as its own and the words without
 * them (page one); null when the words set none. The search page redirects to it.
 */
export function filtersShown<T extends WordFilters & { q: string; page: number }>(query: T): T | null {
  const words = takeWordFilters(query.q)
  return setsFilters(words) ? withWordFilters({ ...query, q: words.text, page: 1 }, words) : null
}
