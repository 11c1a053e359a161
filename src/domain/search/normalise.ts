// Search text, indexed and typed, in one normal form: lower case, no accents, model codes split where
// letters meet digits (`cb650r`, `CB 650 R` and `cb 650r` all read `cb 650 r`), a one-letter prefix joined
// to its word (`e-bike` and `ebike` both read `ebike`) and every word lightly stemmed (`helmets` reads
// `helmet`). The index and the query go through the same functions, so they always agree.
import { stem } from './stem'

/** Lower case without accents or typographic quotes; everything else is left for `words`. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/&/g, ' and ')
}

/** The words of folded text, before stemming: letters and digits apart, `e-bike` joined, `kid's` as `kids`. */
export function splitWords(folded: string): string[] {
  return folded
    .replace(/(^|[^a-z0-9])([a-z])-(?=[a-z])/g, '$1$2') // e-bike → ebike, e-mtb → emtb
    .replace(/([a-z])'(?=[a-z])/g, '$1') // britain's → britains
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/([a-z])(?=[0-9])|([0-9])(?=[a-z])/g, '$1$2 ')
    .split(' ')
    .filter(Boolean)
}

/** The index terms of any text: folded, split and stemmed. */
export function terms(text: string): string[] {
  return splitWords(fold(text)).map(stem)
}

/** Text as the index stores it: its terms joined by single spaces. */
export function indexText(...parts: (string | null | undefined)[]): string {
  return parts.flatMap((p) => (p ? terms(p) : [])).join(' ')
}
