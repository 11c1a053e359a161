// A seeded generator of malformed requests for the bad-input sweep: transport faults (content types, broken or
// huge JSON, wrong top-level shapes, bad bytes), one fault at a time in an otherwise valid body (wrong types,
// negative and huge numbers, over-long strings, control characters, prices and prototype keys), and random junk.
// The same seed gives the same corpus, so a failure names a case that reproduces.

export type Rng = () => number

/** mulberry32: small, fast and the same on every machine. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

export type BadBody = { readonly name: string; readonly contentType: string | null; readonly body: string | Uint8Array | FormData | null }
/** A fault in an otherwise valid JSON body; `optional` marks faults a field may legitimately allow (null, missing, empty). */
export type Mutation = { readonly name: string; readonly value: unknown; readonly optional: boolean }

type Path = readonly (string | number)[]

const JSON_TYPE = 'application/json'
const NUL = 'Ada\u0000Rider'
const LONE_SURROGATE = 'Ada\ud800Rider'

function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.length === 0 ? [{ path, value }] : value.flatMap((v, i) => leaves(v, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
  return [{ path, value }]
}

function objects(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objects(v, [...path, i]))
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([k, v]) => objects(v, [...path, k]))]
  return []
}

function setAt(base: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>
  let at: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (remove && Array.isArray(at)) at.splice(Number(last), 1)
  else if (remove) delete at[last]
  else at[last] = value
  return copy
}

const where = (path: Path) => path.join('.') || '(root)'

/** The bad values for one leaf of a valid body, by the type of the good value. */
function badValuesFor(value: unknown): Mutation[] {
  const always: Mutation[] = [
    { name: 'null', value: null, optional: true },
    { name: 'an array', value: [value], optional: false },
    { name: 'an object', value: { value }, optional: false },
  ]
  if (typeof value === 'number') {
    return [
      ...always,
      { name: 'negative', value: -Math.max(1, Math.abs(value)), optional: false },
      { name: 'a fraction', value: Math.abs(value) + 0.5, optional: false },
      { name: 'a number as a string', value: String(value), optional: false },
      { name: 'huge', value: 2_000_000_000_000, optional: false },
      { name: 'a boolean', value: true, optional: false },
    ]
  }
  if (typeof value === 'boolean') {
    return [...always, { name: 'a string', value: String(value), optional: false }, { name: 'a number', value: 1, optional: false }]
  }
  return [
    ...always,
    { name: 'a number', value: 12345, optional: false },
    { name: 'a boolean', value: true, optional: false },
    { name: 'empty', value: '', optional: true },
    { name: 'over-long (5,000 characters)', value: 'x'.repeat(5000), optional: false },
    { name: 'a NUL character', value: NUL, optional: false },
    { name: 'a lone surrogate', value: LONE_SURROGATE, optional: false },
  ]
}

/** Prices, stock figures and prototype keys a browser has no business sending. */
const EXTRA_KEYS: readonly [string, unknown][] = [
  ['unitPricePence', 1],
  ['totalPence', 0],
  ['pricePence', 1],
  ['depositPence', 1],
  ['stockQuantity', 9999],
  ['role', 'admin'],
  ['constructor', { prototype: { polluted: true } }],
]

/** Every single-fault variant of a valid body, in a fixed order. */
export function mutationsOf(base: Record<string, unknown>): { name: string; value: unknown; optional: boolean }[] {
  const out: { name: string; value: unknown; optional: boolean }[] = []
  for (const leaf of leaves(base)) {
    if (leaf.path.length === 0) continue
    out.push({ name: `${where(leaf.path)} missing`, value: setAt(base, leaf.path, undefined, true), optional: true })
    for (const bad of badValuesFor(leaf.value)) out.push({ name: `${where(leaf.path)} ${bad.name}`, value: setAt(base, leaf.path, bad.value), optional: bad.optional })
  }
  for (const path of objects(base)) {
    for (const [key, value] of EXTRA_KEYS) {
      const target = path.length === 0 ? base : (path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], base) as Record<string, unknown>)
      if (key in target) continue
      out.push({ name: `${where(path)} with ${key}`, value: path.length === 0 ? { ...base, [key]: value } : setAt(base, path, { ...target, [key]: value }), optional: false })
    }
    if (path.length > 0) out.push({ name: `${where(path)} as a string`, value: setAt(base, path, 'x'), optional: false })
  }
  return out
}

/** A JSON text with a __proto__ key: JSON.parse makes it an own key, a merge or spread may make it the prototype. */
export function withProtoKey(base: Record<string, unknown>): string {
  return `{"__proto__":{"polluted":true,"role":"admin","totalPence":0},${JSON.stringify(base).slice(1)}`
}

/** Random JSON values (numbers, strings, arrays, objects), as junk a fuzzer sends. */
export function randomJson(rng: Rng, depth = 0): unknown {
  const pick = Math.floor(rng() * (depth > 2 ? 4 : 6))
  switch (pick) {
    case 0:
      return Math.floor(rng() * 2e9) * (rng() < 0.5 ? -1 : 1)
    case 1:
      return Array.from({ length: Math.floor(rng() * 12) }, () => String.fromCharCode(Math.floor(rng() * 0xffff))).join('')
    case 2:
      return rng() < 0.5
    case 3:
      return null
    case 4:
      return Array.from({ length: Math.floor(rng() * 4) }, () => randomJson(rng, depth + 1))
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(rng() * 4) }, (_, i) => [['lines', 'productId', 'count', 'token', 'contact', 'email', `k${i}`][Math.floor(rng() * 7)]!, randomJson(rng, depth + 1)]))
  }
}

/** Faults in how the body is sent, the same for every JSON endpoint. `valid` is a good body, sent the wrong way. */
export function transportFaults(valid: Record<string, unknown>): BadBody[] {
  const good = JSON.stringify(valid)
  const form = new FormData()
  for (const [k, v] of Object.entries(valid)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  const urlencoded = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
  return [
    { name: 'no content type', contentType: null, body: good },
    { name: 'text/plain', contentType: 'text/plain', body: good },
    { name: 'a urlencoded form', contentType: 'application/x-www-form-urlencoded', body: urlencoded },
    { name: 'a multipart form', contentType: null, body: form },
    { name: 'xml', contentType: 'application/xml', body: '<order><total>0</total></order>' },
    { name: 'an empty body', contentType: JSON_TYPE, body: null },
    { name: 'whitespace only', contentType: JSON_TYPE, body: '  \n ' },
    { name: 'an unclosed object', contentType: JSON_TYPE, body: '{' },
    { name: 'a truncated body', contentType: JSON_TYPE, body: good.slice(0, Math.floor(good.length / 2)) },
    { name: 'trailing garbage', contentType: JSON_TYPE, body: `${good}}` },
    { name: 'single quotes', contentType: JSON_TYPE, body: good.replaceAll('"', "'") },
    { name: 'null', contentType: JSON_TYPE, body: 'null' },
    { name: 'a number', contentType: JSON_TYPE, body: '42' },
    { name: 'a string', contentType: JSON_TYPE, body: '"order"' },
    { name: 'true', contentType: JSON_TYPE, body: 'true' },
    { name: 'an empty object', contentType: JSON_TYPE, body: '{}' },
    { name: 'an empty array', contentType: JSON_TYPE, body: '[]' },
    { name: 'the body in an array', contentType: JSON_TYPE, body: `[${good}]` },
    { name: 'a __proto__ key', contentType: JSON_TYPE, body: withProtoKey(valid) },
    { name: 'a huge body (300 KB)', contentType: JSON_TYPE, body: JSON.stringify({ ...valid, padding: 'x'.repeat(300 * 1024) }) },
    { name: 'deep nesting', contentType: JSON_TYPE, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { name: 'invalid UTF-8', contentType: JSON_TYPE, body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]) },
    { name: 'a NUL byte outside strings', contentType: JSON_TYPE, body: `${good.slice(0, 1)}\u0000${good.slice(1)}` },
    { name: 'JSON declared as UTF-16', contentType: 'application/json; charset=utf-16', body: good.replace(/"(\w+)":/, '"$1\u0000":') },
  ]
}

/**
 * Accept-Encoding headers as browsers, crawlers, proxies and fuzzers send them: q-values, `*`, identity refused,
 * codings Next never sends (br, zstd), mixed case, duplicates and garbage. The response cache keys a page by the
 * encoding Next answers each in (server-lib/page-encoding.test.ts); the hostile-requests e2e sends every one.
 */
export const ACCEPT_ENCODINGS: readonly string[] = [
  '',
  'gzip',
  'deflate',
  'br',
  'identity',
  '*',
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'br;q=1.0, gzip;q=0.8, *;q=0.1',
  'gzip;q=0, deflate',
  'gzip;q=0,deflate;q=1',
  'deflate, gzip',
  'deflate;q=1, gzip;q=0.5',
  'deflate;q=0.5, gzip;q=0.5',
  'gzip;q=0',
  'gzip;q=0, deflate;q=0',
  'identity;q=0',
  'gzip, identity;q=0',
  'deflate, identity;q=0',
  '*;q=0',
  '*;q=0, identity',
  '*, gzip;q=0',
  '*, gzip;q=0, deflate;q=0',
  'br, *;q=0',
  'br',
  'zstd',
  'GZIP',
  'Deflate',
  'x-gzip',
  'gzip;q=abc',
  'gzip;q=, deflate',
  'gzip;q=-1, deflate',
  'gzip;q=2',
  'gzip;level=9;q=0.5, deflate;q=0.4',
  'gzip ;q=0.9',
  ',,,',
  ';;;',
  'gzip deflate',
  'gzip,gzip;q=0',
  'gzip;q=0,gzip',
  'identity, gzip;q=0.001',
  'compress, deflate;q=0.2',
  '\u00ff\u00fe',
  'g'.repeat(2000),
]
