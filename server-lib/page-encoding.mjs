// The encoding Next's own compression sends a page in, for a request's Accept-Encoding. The response cache keys a
// page by it (ADR 003, ADR 021, ADR 039), so a body is only ever replayed to a request that Next itself would have
// answered in that same encoding. Keying by "gzip or not" stored whatever Next chose under the "gzip" key: after one
// `Accept-Encoding: gzip;q=0, deflate` request, every gzip-only client was sent deflate.
//
// server.mjs compresses with Next 16's `compression` middleware (next/dist/compiled/compression, installed by
// compression.mjs as Next's router server would), which asks the negotiator
// for one of gzip, deflate and identity, and prefers gzip to deflate when both are acceptable. The negotiator reads
// the header this way, reproduced here exactly (page-encoding.test.ts runs Next's middleware on every header of the
// bad-input corpus and compares):
//   - each comma-separated part is `coding[;params]`; a part that does not read so is skipped; `q=` is read with
//     parseFloat, so a q that is no number is NaN and never acceptable;
//   - when identity is not named, it is acceptable with the lowest q given (1 when none is lower): `gzip;q=0` alone
//     leaves identity;
//   - a coding matches its own name (case-insensitive) or `*`, the exact name winning over `*`;
//   - the most acceptable coding wins: higher q, then an exact name, then the earlier part of the header.
// A missing or empty header gets identity, as Next sends it.

const PART = /^\s*([^\s;]+)\s*(?:;(.*))?$/
/** What Next's compression can send a page in, in the order it is offered to the negotiator. */
export const PAGE_ENCODINGS = ['gzip', 'deflate', 'identity']

function parse(header) {
  const specs = []
  let identityNamed = false
  let lowest = 1
  const parts = String(header ?? '').split(',')
  parts.forEach((raw, index) => {
    const match = PART.exec(raw.trim())
    if (!match) return
    let q = 1
    if (match[2]) {
      for (const param of match[2].split(';')) {
        const [name, value] = param.trim().split('=')
        if (name === 'q') {
          q = parseFloat(value)
          break
        }
      }
    }
    const spec = { coding: match[1], q, order: index }
    specs.push(spec)
    if (spec.coding.toLowerCase() === 'identity' || spec.coding === '*') identityNamed = true
    lowest = Math.min(lowest, q || 1)
  })
  if (!identityNamed) specs.push({ coding: 'identity', q: lowest, order: parts.length })
  return specs
}

/** How acceptable `coding` is under the parsed header: the best matching part (exact beats `*`, then q, then order). */
function priority(coding, specs) {
  let best = { q: 0, exact: 0, order: -1 }
  for (const spec of specs) {
    const exact = spec.coding.toLowerCase() === coding ? 1 : spec.coding === '*' ? 0 : null
    if (exact === null) continue
    const candidate = { q: spec.q, exact, order: spec.order }
    if ((best.exact - candidate.exact || best.q - candidate.q || best.order - candidate.order) < 0) best = candidate
  }
  return best
}

/** The acceptable ones of `offered`, most acceptable first (ties keep the offered order). */
function preferred(specs, offered) {
  return offered
    .map((coding, index) => ({ coding, index, ...priority(coding, specs) }))
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q || b.exact - a.exact || a.order - b.order || a.index - b.index)
    .map((p) => p.coding)
}

/** `gzip`, `deflate` or `identity`: what Next's compression sends a page (over its size threshold) in for this header. */
export function pageEncoding(header) {
  const specs = parse(header)
  let chosen = preferred(specs, PAGE_ENCODINGS)[0]
  if (chosen === 'deflate' && preferred(specs, ['gzip']).length > 0) chosen = preferred(specs, ['gzip', 'identity'])[0]
  return chosen ?? 'identity'
}
