// "Nothing matched": the brands and categories whose names are nearest to what the rider typed, offered instead of a
// guess. A name is near when one of its words (or the whole name written without spaces) is within twice the edits a
// typo correction allows of a typed word, or begins it, or the typed word begins the name: `hondda`, `kawasacki`,
// `yamahamt07`, `scoot`. Words of fewer than three letters and numbers alone say nothing about a name.
import { fold } from './normalise'
import { editDistance } from './typo'

export interface Named {
  readonly name: string
}

const wordsOf = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/** The typed words worth comparing with names. */
function typedWords(typed: string): string[] {
  return [...new Set(wordsOf(typed).filter((w) => w.length >= 3 && !/^\d+$/.test(w)))]
}

/** How near a typed word is to a name: 0 (not near) to 1 (the name itself). */
function nearness(word: string, name: string): number {
  const words = wordsOf(name)
  const forms = [...new Set([...words.filter((w) => w.length >= 3), words.join('')])]
  let best = 0
  for (const form of forms) {
    if (form === word) return 1
    // A name written into a longer word (`hondacb650r`), or a word cut short (`scoot` for scooters).
    if (word.startsWith(form) || (form.startsWith(word) && word.length >= 4)) best = Math.max(best, 0.9)
    const max = Math.max(1, 2 * Math.floor(word.length / 4))
    const edits = editDistance(word, form, max)
    if (edits <= max) best = Math.max(best, 1 - edits / Math.max(word.length, form.length))
  }
  return best
}

/** Up to `limit` candidates nearest to the typed words, nearest first (ties in the given order); none when none is near. */
export function nearestNames<T extends Named>(typed: string, candidates: readonly T[], limit = 3): T[] {
  const words = typedWords(typed)
  if (words.length === 0) return []
  return candidates
    .map((candidate, i) => ({ candidate, i, score: Math.max(0, ...words.map((w) => nearness(w, candidate.name))) }))
    .filter((c) => c.score >= 0.6)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((c) => c.candidate)
}
