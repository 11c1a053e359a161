// The facts every listing filters and counts by (kind, category, brand, condition, price, engine, licence, frame,
// bike type, battery range) of every product on sale, held in columns in memory, and the facet combinations and
// filtered ids of a scope computed from them: what the grouped SQL statement answered, without a database read per
// page. Loaded once per process until the catalogue changes (features/listing/facet-counts.server.ts, ADR 034); a
// sale is a change, so it also holds what search weighs a match by (in stock, featured: matchFacts).
// At 100,000 variants (22,065 products on sale) the statement took 12-21 ms of PostgreSQL for a scope of every
// product (a search of words that only set filters, "under 5000") and 4-6 ms over a search's 1,000 matches, on a
// machine of two cores it shares with the shop; counting here takes about a millisecond.
//
// The rules are those of the statement: a product without a value matches no test and falls in no bucket (SQL's
// NULL); a grouping by buckets gives the first bucket whose interval holds the value (CASE WHEN … in order); a value
// is grouped by its text (ids as text, "5.0" as "5").
import { inInterval, type Band } from './listing-bands'
import { COUNTED_FACETS, passes, type Combination, type CountedFacet, type FacetGrouping, type FacetKey, type FilterCondition, type FilterField } from './listing-facets'

/** A product on sale, as the index holds it. */
export interface ProductFacts {
  id: number
  kind: string | null
  categoryId: number | null
  brandId: number | null
  condition: string | null
  listPrice: number | null
  engineCc: number | null
  licence: string | null
  frameSize: string | null
  bikeType: string | null
  batteryRangeMiles: number | null
  /** it, or one of its variants, has stock */
  inStock: boolean
  featured: boolean
}

/** What search weighs and suggestions summarise a match by (domain/search/rank.ts). */
export interface MatchFacts {
  id: number
  inStock: boolean
  featured: boolean
  brandId: number | null
  categoryId: number | null
  listPrice: number | null
  licence: string | null
}

const IN_STOCK = 1
const FEATURED = 2

/** Every field a scope, a filter or a grouping names. */
export type FactField = FilterField | 'kind' | 'id'

/** One condition of a listing's scope (its kinds, brand or categories; a search's matches). A scope is a list, all holding. */
export interface ScopeCondition {
  field: 'kind' | 'brandId' | 'categoryId' | 'id'
  values: readonly (string | number)[]
}

const FIELDS: readonly FactField[] = ['id', 'kind', 'categoryId', 'brandId', 'condition', 'listPrice', 'engineCc', 'licence', 'frameSize', 'bikeType', 'batteryRangeMiles']
const NUMERIC: ReadonlySet<FactField> = new Set(['id', 'categoryId', 'brandId', 'listPrice', 'engineCc', 'batteryRangeMiles'])

/** A value's text as the statement grouped it: numbers without a trailing ".0". */
function textOf(value: string | number): string {
  return typeof value === 'number' ? String(value) : value
}

/** One field of every product: the value's code (-1: none) into the field's distinct texts, and numbers for intervals. */
interface Column {
  codes: Int32Array
  texts: string[]
  codeOf: Map<string, number>
  numbers: Float64Array | null
}

/** Counted facets without a value: each combination starts from a copy. */
const NO_GROUPS = Object.fromEntries(COUNTED_FACETS.map((f) => [f, null])) as Record<CountedFacet, string | null>

export class FacetIndex {
  readonly size: number
  private readonly columns: Record<FactField, Column>
  private readonly positionOf: Map<number, number>
  /** per product: IN_STOCK and FEATURED bits */
  private readonly marks: Uint8Array
  private readonly bases = new Map<string, BaseCombinations>()
  private readonly tallies = new Map<FactField, Int32Array>()
  private readonly scopes = new Map<string, Int32Array>()
  private readonly counted = new Map<string, readonly Combination[]>()
  private readonly totals = new Map<string, number>()

  constructor(products: readonly ProductFacts[]) {
    this.size = products.length
    const columns = {} as Record<FactField, Column>
    for (const field of FIELDS) {
      const column: Column = { codes: new Int32Array(products.length), texts: [], codeOf: new Map(), numbers: NUMERIC.has(field) ? new Float64Array(products.length) : null }
      products.forEach((p, i) => {
        const value = p[field]
        if (column.numbers) column.numbers[i] = typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN
        if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
          column.codes[i] = -1
          return
        }
        const text = textOf(value)
        let code = column.codeOf.get(text)
        if (code === undefined) {
          code = column.texts.length
          column.texts.push(text)
          column.codeOf.set(text, code)
        }
        column.codes[i] = code
      })
      columns[field] = column
    }
    this.columns = columns
    this.positionOf = new Map(products.map((p, i) => [p.id, i]))
    this.marks = Uint8Array.from(products, (p) => (p.inStock ? IN_STOCK : 0) | (p.featured ? FEATURED : 0))
  }

  /** A search match's facts; null when the product is not on sale (not in the index). */
  matchFacts(id: number): MatchFacts | null {
    const p = this.positionOf.get(id)
    if (p === undefined) return null
    const number = (field: 'brandId' | 'categoryId' | 'listPrice') => this.value(field, p) as number | null
    const licence = this.value('licence', p)
    const marks = this.marks[p]!
    return { id, inStock: (marks & IN_STOCK) !== 0, featured: (marks & FEATURED) !== 0, brandId: number('brandId'), categoryId: number('categoryId'), listPrice: number('listPrice'), licence: licence === null ? null : String(licence) }
  }

  /** The field's value of the product at `position`, as the statement compares it (a number for numeric fields). */
  private value(field: FactField, position: number): string | number | null {
    const column = this.columns[field]
    if (column.numbers) {
      const n = column.numbers[position]!
      return Number.isNaN(n) ? null : n
    }
    const code = column.codes[position]!
    return code < 0 ? null : column.texts[code]!
  }

  /**
   * Positions of the products in the scope, each once, in index order; null for every product. A scope of kinds,
   * brands or categories is kept with the index once worked out (the same few come back on every listing and search of
   * them); a search's matches (an id scope) are looked up afresh.
   */
  private scopePositions(scope: readonly ScopeCondition[]): Int32Array | null {
    if (!scope.length) return null
    const key = keptScopeKey(scope)
    const known = key === null ? undefined : this.scopes.get(key)
    if (known) return known
    const ids = scope.filter((c) => c.field === 'id')
    const tests = scope
      .filter((c) => c.field !== 'id')
      .map((c) => {
        const column = this.columns[c.field]
        const wanted = new Set(c.values.flatMap((v) => column.codeOf.get(textOf(v)) ?? []))
        return (p: number) => wanted.has(column.codes[p]!)
      })
    if (key !== null) return keep(this.scopes, key, this.positionsWhere(null, tests), MAX_KEPT_SCOPES)
    // a search's matches: only they are looked at, not every product
    const wanted = ids.map((c) => new Set(c.values.map(Number)))
    const seen = new Set<number>()
    for (const id of wanted[0]!) {
      if (!wanted.every((w) => w.has(id))) continue
      const position = this.positionOf.get(id)
      if (position !== undefined) seen.add(position)
    }
    return this.positionsWhere(Int32Array.from(seen).sort(), tests)
  }

  /** The positions among `candidates` (null: every product) that pass every test. */
  private positionsWhere(candidates: Int32Array | null, tests: readonly ((p: number) => boolean)[]): Int32Array {
    if (candidates && !tests.length) return candidates
    const total = candidates ? candidates.length : this.size
    const out = new Int32Array(total)
    let n = 0
    for (let i = 0; i < total; i++) {
      const p = candidates ? candidates[i]! : i
      if (passesAll(tests, p)) out[n++] = p
    }
    return out.slice(0, n)
  }

  /**
   * How many products the scope holds: a brand's or a category's page with no filter counts this many. A scope of one
   * field's values (a brand, a category and its descendants) is answered from that field's tally, counted once per
   * index: suggestions ask for a few groups on every keystroke.
   */
  scopeSize(scope: readonly ScopeCondition[]): number {
    const only = scope.length === 1 ? scope[0]! : null
    if (!only || only.field === 'id') return this.scopePositions(scope)?.length ?? this.size
    const column = this.columns[only.field]
    const tally = this.tally(only.field)
    let n = 0
    for (const code of new Set(only.values.flatMap((v) => column.codeOf.get(textOf(v)) ?? []))) n += tally[code]!
    return n
  }

  /** How many products hold each of the field's values, by the value's code. */
  private tally(field: FactField): Int32Array {
    const known = this.tallies.get(field)
    if (known) return known
    const column = this.columns[field]
    const tally = new Int32Array(column.texts.length)
    for (let p = 0; p < this.size; p++) if (column.codes[p]! >= 0) tally[column.codes[p]!]!++
    this.tallies.set(field, tally)
    return tally
  }

  /** How many products in the scope pass every condition: the listing's total, as filteredIds counts it. */
  filteredCount(scope: readonly ScopeCondition[], conditions: readonly FilterCondition[]): number {
    if (!conditions.length) return this.scopeSize(scope)
    const scoped = keptScopeKey(scope)
    const key = scoped === null ? null : JSON.stringify([scoped, conditions])
    const known = key === null ? undefined : this.totals.get(key)
    if (known !== undefined) return known
    const n = this.countPassing(scope, conditions)
    return key === null ? n : keep(this.totals, key, n, MAX_KEPT_SCOPES)
  }

  private countPassing(scope: readonly ScopeCondition[], conditions: readonly FilterCondition[]): number {
    const positions = this.scopePositions(scope)
    const tests = conditions.map((c) => this.predicate(c))
    const total = positions ? positions.length : this.size
    let n = 0
    for (let i = 0; i < total; i++) if (passesAll(tests, positions ? positions[i]! : i)) n++
    return n
  }

  /** Ids of the products in the scope that pass every condition (the listing's own rule). */
  filteredIds(scope: readonly ScopeCondition[], conditions: readonly FilterCondition[]): number[] {
    const ids = this.columns.id.numbers!
    const tests = conditions.map((c) => this.predicate(c))
    return Array.from(this.positionsWhere(this.scopePositions(scope), tests), (p) => ids[p]!)
  }

  /**
   * The scope's products grouped by kind, every grouping's value (or bucket) and each flag condition (passes or
   * not), with how many products share each combination: the rows the grouped statement answered.
   */
  combinations(scope: readonly ScopeCondition[], groupings: readonly FacetGrouping[], flags: readonly FilterCondition[]): readonly Combination[] {
    // a listing's own scope (not a search's matches) comes back with the same filters on every page and visit
    const scoped = keptScopeKey(scope)
    const key = scoped === null ? null : JSON.stringify([scoped, groupingsKey(groupings), flags])
    const known = key === null ? undefined : this.counted.get(key)
    if (known) return known
    const counted = this.countCombinations(scope, groupings, flags)
    return key === null ? counted : keep(this.counted, key, counted, MAX_KEPT_SCOPES)
  }

  private countCombinations(scope: readonly ScopeCondition[], groupings: readonly FacetGrouping[], flags: readonly FilterCondition[]): readonly Combination[] {
    const base = this.baseCombinations(groupings)
    const flagTests = flags.map((c) => this.predicate(c))
    const bit = (p: number) => {
      let bits = 0
      for (let f = 0; f < flagTests.length; f++) bits = bits * 2 + (flagTests[f]!(p) ? 1 : 0)
      return bits
    }
    // a combination: its base combination and its flags' bits, counted in an array while that stays small
    const span = 2 ** flagTests.length
    const dense = base.count * span <= MAX_DENSE_COUNTS
    const array = dense ? new Int32Array(base.count * span) : null
    const counts = new Map<string, number>()
    const positions = this.scopePositions(scope)
    const total = positions === null ? this.size : positions.length
    for (let i = 0; i < total; i++) {
      const p = positions === null ? i : positions[i]!
      if (array) array[base.ids[p]! * span + bit(p)]!++
      else {
        const key = `${base.ids[p]!}:${flagTests.map((t) => (t(p) ? 1 : 0)).join('')}`
        counts.set(key, (counts.get(key) ?? 0) + 1)
      }
    }
    const bitsText = (bits: number) => (flagTests.length ? bits.toString(2).padStart(flagTests.length, '0') : '')
    if (array) array.forEach((n, key) => n > 0 && counts.set(`${Math.floor(key / span)}:${bitsText(key % span)}`, n))
    const kind = this.columns.kind
    return [...counts].map(([key, n]) => {
      const [baseId, bits] = key.split(':') as [string, string]
      const first = base.first[Number(baseId)]!
      const groups = { ...NO_GROUPS }
      base.parts.forEach((part) => {
        const code = part.codes[first]!
        groups[part.facet] = code < 0 ? null : part.texts[code]!
      })
      const flagged: Partial<Record<FacetKey, boolean>> = {}
      flags.forEach((c, i) => (flagged[c.facet] = bits[i] === '1'))
      const kindCode = kind.codes[first]!
      return { kind: kindCode < 0 ? null : kind.texts[kindCode]!, groups, flags: flagged, count: n }
    })
  }

  /**
   * Every product's combination of kind and the groupings' values, as a small dense id, with one product holding
   * each (`first`); made once per set of groupings (they change only with a chosen battery range) and kept with the index.
   */
  private baseCombinations(groupings: readonly FacetGrouping[]): BaseCombinations {
    const signature = groupingsKey(groupings)
    const known = this.bases.get(signature)
    if (known) return known
    const parts = groupings.map((g) => ({ facet: g.facet, ...this.groupCodes(g) }))
    const ids = Int32Array.from(this.columns.kind.codes, (c) => c + 1)
    let count = this.columns.kind.texts.length + 1
    for (const part of parts) {
      const radix = part.texts.length + 1
      const dense = new Map<number, number>()
      for (let p = 0; p < this.size; p++) {
        const key = ids[p]! * radix + part.codes[p]! + 1
        let id = dense.get(key)
        if (id === undefined) {
          id = dense.size
          dense.set(key, id)
        }
        ids[p] = id
      }
      count = dense.size
    }
    const first = new Int32Array(count).fill(-1)
    for (let p = 0; p < this.size; p++) if (first[ids[p]!] === -1) first[ids[p]!] = p
    return keep(this.bases, signature, { ids, first, count, parts }, MAX_KEPT_GROUPINGS)
  }

  /** A grouping's code per product: the field's own value's, or the first bucket holding it (-1: none). */
  private groupCodes(grouping: FacetGrouping): { codes: Int32Array; texts: readonly string[] } {
    const column = this.columns[grouping.field]
    if (!grouping.buckets) return { codes: column.codes, texts: column.texts }
    const buckets: readonly Band[] = grouping.buckets
    const codes = new Int32Array(this.size)
    for (let p = 0; p < this.size; p++) {
      const v = column.numbers ? column.numbers[p]! : this.value(grouping.field, p)
      const n = v === null ? Number.NaN : Number(v)
      codes[p] = Number.isNaN(n) ? -1 : buckets.findIndex((b) => inInterval(n, b.interval))
    }
    return { codes, texts: buckets.map((b) => b.id) }
  }

  /** A condition as a test of the product at a position. */
  private predicate(condition: FilterCondition): (p: number) => boolean {
    const column = this.columns[condition.field]
    const test = condition.test
    if (test.kind === 'ranges' && column.numbers) {
      const numbers = column.numbers
      const ranges = test.ranges
      return (p) => {
        const n = numbers[p]!
        if (Number.isNaN(n)) return false
        for (const r of ranges) if (inInterval(n, r)) return true
        return false
      }
    }
    return (p) => passes(test, this.value(condition.field, p))
  }
}

interface BaseCombinations {
  ids: Int32Array
  first: Int32Array
  count: number
  parts: { facet: CountedFacet; codes: Int32Array; texts: readonly string[] }[]
}

/**
 * A scope of kinds, brands or categories as the key its counts are kept under: the same parts and values in any order
 * give the same key. null for a search's matches (an id scope), which are counted afresh.
 */
function keptScopeKey(scope: readonly ScopeCondition[]): string | null {
  if (scope.some((c) => c.field === 'id')) return null
  return JSON.stringify(scope.map((c) => [c.field, c.values.map(textOf).sort()]).sort())
}

function groupingsKey(groupings: readonly FacetGrouping[]): string {
  return JSON.stringify(groupings.map((g) => [g.facet, g.field, g.buckets?.map((b) => [b.id, b.interval]) ?? null]))
}

/** Keeps `value` under `key`, letting the oldest kept entry go once `most` are kept. */
function keep<V>(kept: Map<string, V>, key: string, value: V, most: number): V {
  if (kept.size >= most) kept.delete(kept.keys().next().value!)
  kept.set(key, value)
  return value
}

function passesAll(tests: readonly ((p: number) => boolean)[], p: number): boolean {
  for (let t = 0; t < tests.length; t++) if (!tests[t]!(p)) return false
  return true
}

/**
 * Scopes kept per index with their positions (about 90 KB each at 22,000 products on sale), and as many sets of
 * combinations counted for a scope, groupings and flags (a few KB each) and totals for a scope and filters: the
 * listings' and search's usual ones.
 */
const MAX_KEPT_SCOPES = 32
/** Sets of groupings kept per index: the usual one, and a few chosen battery ranges. */
const MAX_KEPT_GROUPINGS = 8
/** Combinations counted in an array (one slot per base combination and flags) up to this many slots, else in a map. */
const MAX_DENSE_COUNTS = 1 << 22
