// Synonyms kept by staff: each entry is a set of words or phrases that mean the same thing to a rider
// (e-bike, ebike, electric bike), optionally standing for a licence category instead ("A2" → the A2
// licence). A typed phrase of one entry matches the products holding any phrase of that entry.
import type { LicenceCategory } from '../catalogue/product-kind'
import { terms } from './normalise'

export interface SynonymEntry {
  /** words or phrases, as staff type them */
  terms: string[]
  /** the entry stands for this licence filter rather than for words */
  licence?: LicenceCategory | null
}

export interface SynonymGroup {
  /** each phrase as index terms */
  phrases: string[][]
  licence: LicenceCategory | null
}

/** The seed list (spec: the obvious ones). */
export const DEFAULT_SYNONYMS: SynonymEntry[] = [
  { terms: ['e-bike', 'ebike', 'electric bike', 'electric bicycle', 'pedelec'] },
  { terms: ['lid', 'helmet'] },
  { terms: ['scoot', 'scooter', 'moped'] },
  { terms: ['A2', 'A2 licence', 'A2 license'], licence: 'A2' },
  { terms: ['motorbike', 'motorcycle'] },
  { terms: ['mtb', 'mountain bike'] },
]

/** Entries as groups of index-term phrases; empty phrases and entries with fewer than two meanings are dropped. */
export function synonymGroups(entries: SynonymEntry[]): SynonymGroup[] {
  return entries.flatMap((e) => {
    const seen = new Set<string>()
    const phrases = e.terms
      .map((t) => terms(t))
      .filter((p) => p.length > 0 && p.length <= 4 && !seen.has(p.join(' ')) && seen.add(p.join(' ')))
    const licence = e.licence ?? null
    if (phrases.length === 0 || (phrases.length < 2 && !licence)) return []
    return [{ phrases, licence }]
  })
}

/** A clause is one thing the rider asked for: any one of its alternatives (each a phrase of terms) must match. */
export interface Clause {
  alternatives: string[][]
}

/**
 * The typed terms as clauses: the longest phrase of a synonym group at each position becomes one clause with
 * all the group's phrases; a licence group becomes a filter instead; any other term is a clause of its own.
 */
export function expandSynonyms(words: string[], groups: SynonymGroup[]): { clauses: Clause[]; licences: LicenceCategory[] } {
  const clauses: Clause[] = []
  const licences = new Set<LicenceCategory>()
  let i = 0
  while (i < words.length) {
    let best: { group: SynonymGroup; length: number } | null = null
    for (const group of groups) {
      for (const phrase of group.phrases) {
        if (phrase.length <= (best?.length ?? 0)) continue
        if (phrase.every((t, k) => words[i + k] === t)) best = { group, length: phrase.length }
      }
    }
    if (!best) {
      clauses.push({ alternatives: [[words[i]!]] })
      i++
      continue
    }
    if (best.group.licence) licences.add(best.group.licence)
    else clauses.push({ alternatives: best.group.phrases })
    i += best.length
  }
  return { clauses, licences: [...licences] }
}
