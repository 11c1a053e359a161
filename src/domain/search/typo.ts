// Typos forgiven as riders make them: one edit in a word of four letters or more, two in a word of eight
// or more, where an edit is a letter added, dropped, changed or two neighbours swapped (Damerau-Levenshtein,
// optimal string alignment).

/** Edits allowed for a typed word of this length. */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2
  if (word.length >= 4) return 1
  return 0
}

// Three rows of the distance table, kept between calls and grown when a longer word comes: nearest() measures
// thousands of terms per typed word, and a fresh array per row was most of its time.
let rowA = new Int32Array(64)
let rowB = new Int32Array(64)
let rowC = new Int32Array(64)

/** The edit distance between a and b, or `max + 1` as soon as it is known to exceed `max`. */
export function editDistance(a: string, b: string, max = Math.max(a.length, b.length)): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a === b) return 0
  const cols = b.length + 1
  if (rowA.length < cols) {
    rowA = new Int32Array(cols * 2)
    rowB = new Int32Array(cols * 2)
    rowC = new Int32Array(cols * 2)
  }
  let prevPrev = rowA
  let prev = rowB
  let cur = rowC
  for (let j = 0; j < cols; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    let rowMin = i
    const ai = a.charCodeAt(i - 1)
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1
    for (let j = 1; j < cols; j++) {
      const bj = b.charCodeAt(j - 1)
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1))
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) d = Math.min(d, prevPrev[j - 2]! + 1)
      cur[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > max) return max + 1
    const spare = prevPrev
    prevPrev = prev
    prev = cur
    cur = spare
  }
  return Math.min(prev[cols - 1]!, max + 1)
}

/**
 * Which characters a word holds, one bit per character code modulo 32 (a–z each have their own; digits share). One
 * edit changes at most two bits (a letter changed: one gone, one new), so words whose sets differ in more than
 * 2 × edits bits cannot be that near, and most of a vocabulary is passed over without measuring a distance.
 */
function characterSet(word: string): number {
  let set = 0
  for (let i = 0; i < word.length; i++) set |= 1 << (word.charCodeAt(i) % 32)
  return set
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

export interface VocabularyTerm {
  term: string
  /** how many products hold the term: the tie-break between equally near terms */
  docs: number
}

/** The indexed terms, sorted, so that a prefix is found by binary search. */
export class Vocabulary {
  private readonly sorted: VocabularyTerm[]

  /** Positions in `sorted` by term length, and each term's character set: what nearest() looks through. */
  private readonly byLength = new Map<number, number[]>()
  private readonly sets: Int32Array

  constructor(terms: VocabularyTerm[]) {
    this.sorted = [...terms].sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0))
    this.sets = new Int32Array(this.sorted.length)
    this.sorted.forEach((t, i) => {
      this.sets[i] = characterSet(t.term)
      const same = this.byLength.get(t.term.length)
      if (same) same.push(i)
      else this.byLength.set(t.term.length, [i])
    })
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

  /** The nearest term within `maxEdits`, the commonest among equals (then the first in order); null when none is that near. */
  nearest(word: string, maxEdits: number): { term: string; edits: number } | null {
    if (maxEdits <= 0) return null
    const wordSet = characterSet(word)
    let best: { term: string; edits: number; docs: number } | null = null
    for (let length = Math.max(1, word.length - maxEdits); length <= word.length + maxEdits; length++) {
      for (const i of this.byLength.get(length) ?? []) {
        const limit = best ? Math.min(best.edits, maxEdits) : maxEdits
        if (Math.abs(length - word.length) > limit || bitCount(wordSet ^ this.sets[i]!) > 2 * limit) continue
        const t = this.sorted[i]!
        const d = editDistance(word, t.term, limit)
        if (d > limit) continue
        if (!best || d < best.edits || (d === best.edits && (t.docs > best.docs || (t.docs === best.docs && t.term < best.term)))) best = { term: t.term, edits: d, docs: t.docs }
      }
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
