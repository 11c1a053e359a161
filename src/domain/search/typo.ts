// Typos forgiven as riders make them: one edit in a word of four letters or more, two in a word of eight
// or more, where an edit is a letter added, dropped, changed or two neighbours swapped (Damerau-Levenshtein,
// optimal string alignment).

/** Edits allowed for a typed word of this length. */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2
  if (word.length >= 4) return 1
  return 0
}

/** The edit distance between a and b, or `max + 1` as soon as it is known to exceed `max`. */
export function editDistance(a: string, b: string, max = Math.max(a.length, b.length)): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a === b) return 0
  const rows = a.length + 1
  const cols = b.length + 1
  let prevPrev = new Array<number>(cols).fill(0)
  let prev = Array.from({ length: cols }, (_, j) => j)
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols).fill(0)
    cur[0] = i
    let rowMin = cur[0]
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1)
      cur[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > max) return max + 1
    prevPrev = prev
    prev = cur
  }
  return Math.min(prev[cols - 1]!, max + 1)
}

export interface VocabularyTerm {
  term: string
  /** how many products hold the term: the tie-break between equally near terms */
  docs: number
}

/** The indexed terms, sorted, so that a prefix is found by binary search. */
export class Vocabulary {
  private readonly sorted: VocabularyTerm[]

  constructor(terms: VocabularyTerm[]) {
    this.sorted = [...terms].sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0))
  }

  get size(): number {
    return this.sorted.length
  }

  /** Whether `term` is an indexed term exactly. */
  has(term: string): boolean {
    const at = this.lowerBound(term)
    return at < this.sorted.length && this.sorted[at]!.term === term
  }

  /** Whether any indexed term starts with `prefix` (a word typed whole or in part). */
  hasPrefix(prefix: string): boolean {
    const lo = this.lowerBound(prefix)
    return lo < this.sorted.length && this.sorted[lo]!.term.startsWith(prefix)
  }

  private lowerBound(prefix: string): number {
    let lo = 0
    let hi = this.sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.sorted[mid]!.term < prefix) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** The nearest term within `maxEdits`, the commonest among equals; null when none is that near. */
  nearest(word: string, maxEdits: number): { term: string; edits: number } | null {
    if (maxEdits <= 0) return null
    let best: { term: string; edits: number; docs: number } | null = null
    for (const t of this.sorted) {
      const limit = best ? Math.min(best.edits, maxEdits) : maxEdits
      if (Math.abs(t.term.length - word.length) > limit) continue
      const d = editDistance(word, t.term, limit)
      if (d > limit) continue
      if (!best || d < best.edits || (d === best.edits && t.docs > best.docs)) best = { term: t.term, edits: d, docs: t.docs }
    }
    return best && { term: best.term, edits: best.edits }
  }
}

export type WordMatch = { kind: 'known'; term: string } | { kind: 'corrected'; term: string; edits: number } | { kind: 'unknown'; term: string }

/** How one typed (normalised) word meets the index: as typed or a prefix, corrected within the rule, or not at all. */
export function matchWord(word: string, vocabulary: Vocabulary, edits = allowedEdits(word)): WordMatch {
  if (vocabulary.hasPrefix(word)) return { kind: 'known', term: word }
  const near = vocabulary.nearest(word, edits)
  return near ? { kind: 'corrected', term: near.term, edits: near.edits } : { kind: 'unknown', term: word }
}
