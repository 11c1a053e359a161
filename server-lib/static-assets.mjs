// The build's scripts and stylesheets, sent already compressed (ADR 019). Next's compression (compression.mjs)
// compresses every response with gzip at its default level, on every request, and knows no Brotli. `scripts/precompress-static.mjs` writes a
// Brotli (quality 11) and a gzip (level 9) copy beside each file of `.next/static` once per build; this module
// sends the copy the browser accepts, with its length and a year's immutable caching (the names carry a hash of
// their content). Brotli makes a storefront page's framework scripts about 15% smaller on the wire than gzip.
// Anything else (another extension, an odd path, a Range request, a file without a copy, a client that accepts
// neither encoding) goes on to Next unchanged.
import path from 'node:path'
import { etagOf, pathAfter, regularFile, sendFile } from './file-response.mjs'

const PREFIX = '/_next/static/'
const TYPES = { js: 'application/javascript; charset=UTF-8', css: 'text/css; charset=UTF-8' }
// Path segments of letters, digits, "_", "-", "." and "~", none starting with a dot (so never "." or ".."), ending .js or .css.
const ASSET_PATH = /^(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,200}\/){0,6}[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,200}\.(js|css)$/
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** The copies scripts/precompress-static.mjs writes (it reads this list), in the order this server prefers them. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
]

/**
 * The encodings an Accept-Encoding header allows, by name: a coding listed with q > 0, or covered by "*" with
 * q > 0 and not itself refused with q=0. Unparseable parts are ignored.
 */
export function acceptedEncodings(header) {
  const listed = new Map()
  for (const part of String(header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (!coding) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = q === undefined ? 1 : Number(q.slice(2))
    listed.set(coding, Number.isFinite(value) ? value : 0)
  }
  const star = listed.get('*') ?? 0
  return new Set(ENCODINGS.map((e) => e.name).filter((name) => (listed.has(name) ? listed.get(name) > 0 : star > 0)))
}

/** The asset path (relative to `.next/static`) a request asks for, or null when it is not one this module may answer. */
function assetPath(req) {
  const rest = pathAfter(req, PREFIX)
  return rest !== null && ASSET_PATH.test(rest) ? rest : null
}

/**
 * Answers a script or stylesheet request from the precompressed copies under `staticDir` and returns true, or
 * returns false (having written nothing) when it is not a request it serves; the caller then hands it to Next.
 */
export function serveStaticAsset(req, res, staticDir) {
  const asset = assetPath(req)
  if (!asset) return false
  const accepted = acceptedEncodings(req.headers['accept-encoding'])
  const original = path.join(staticDir, asset)
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue
    const file = original + encoding.suffix
    const stat = regularFile(file)
    if (!stat) continue
    // A copy older than its file belongs to another build's file of that name; let Next send the file itself.
    const source = regularFile(original)
    if (!source || source.mtimeMs > stat.mtimeMs) return false
    sendFile(req, res, {
      file,
      stat,
      etag: etagOf(stat, encoding.name),
      headers: {
        'Content-Type': TYPES[path.extname(asset).slice(1)],
        'Content-Encoding': encoding.name,
        'Cache-Control': ASSET_CACHE_CONTROL,
        Vary: 'Accept-Encoding',
      },
    })
    return true
  }
  return false
}
