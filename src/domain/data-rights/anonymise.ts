// Erasing a customer from one record: the policy's fields emptied, and the customer's email address and phone
// number scrubbed from any other text the record holds (a history line, a note), except where the law keeps them.
// Pure: the caller reads the record, writes back the patch this returns, and may run it again with the same result.
import { retainedPaths, type ErasurePolicy } from './erasure-policy'

export interface Identity {
  readonly email: string
  readonly phone?: string | null
}

export const ERASED = '[erased]'

type Json = unknown

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Unique keys and secrets (a checkout key, a link token's hash) become null: many records may not share one ''. */
const UNIQUE_KEY = /key$|hash$|token$/i

/** Empties the value at a dot path, through groups and every element of arrays: text becomes '' (columns that may not be null), anything else null. */
function clearAt(value: Json, segments: readonly string[]): Json {
  if (Array.isArray(value)) return value.map((item) => clearAt(item, segments))
  if (!isObject(value) || segments.length === 0) return value
  const [head, ...rest] = segments as [string, ...string[]]
  if (!(head in value)) return value
  if (rest.length === 0) return { ...value, [head]: typeof value[head] === 'string' && !UNIQUE_KEY.test(head) ? '' : null }
  return { ...value, [head]: clearAt(value[head], rest) }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every string under `value` with the identity's email and phone replaced, skipping the retained paths. */
function scrub(value: Json, patterns: readonly RegExp[], path: string, retained: ReadonlySet<string>): Json {
  if (retained.has(path)) return value
  if (typeof value === 'string') return patterns.reduce((text, pattern) => text.replace(pattern, ERASED), value)
  if (Array.isArray(value)) return value.map((item) => scrub(item, patterns, path, retained))
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrub(inner, patterns, path ? `${path}.${key}` : key, retained)]))
  return value
}

/** Digits of a phone number, at least 6 of them, matched with any spacing between (so "07700 900123" finds "07700900123"). */
function phonePattern(phone: string | null | undefined): RegExp | null {
  const digits = (phone ?? '').replace(/\D/g, '')
  return digits.length >= 6 ? new RegExp(digits.split('').join('[\\s().-]*'), 'g') : null
}

export function identityPatterns(identity: Identity): RegExp[] {
  const patterns = [new RegExp(escape(identity.email.trim()), 'gi')]
  const phone = phonePattern(identity.phone)
  if (phone) patterns.push(phone)
  return identity.email.trim() ? patterns : patterns.slice(1)
}

/**
 * The top-level fields of `doc` that erasure changes, with their new values (empty when there is nothing left to
 * do). `paid`: whether the record is a sale that was paid for, whose VAT-invoice fields the policy may keep.
 */
export function erasurePatch(doc: Record<string, Json>, policy: ErasurePolicy, identity: Identity, paid: boolean): Record<string, Json> {
  if (policy.action !== 'anonymise') return {}
  const kept = new Set(retainedPaths(policy, paid))
  let next: Record<string, Json> = doc
  for (const path of policy.clear) if (!kept.has(path)) next = clearAt(next, path.split('.')) as Record<string, Json>
  next = scrub(next, identityPatterns(identity), '', kept) as Record<string, Json>
  const patch: Record<string, Json> = {}
  for (const key of Object.keys(next)) if (JSON.stringify(next[key]) !== JSON.stringify(doc[key])) patch[key] = next[key]
  return patch
}
