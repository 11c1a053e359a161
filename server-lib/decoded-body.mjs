// The text of a response body as Next encoded it (gzip, Brotli, deflate or none). Two wrappers read the text of
// every HTML document the shop renders: the script hashes (its inline scripts) and the response cache (whether it
// is a whole document). Next compresses before either sees it, so each used to decompress it again: at 100,000
// variants a search page is 150 KB of HTML, 0.4 MB of garbage a request for the two. The last text decoded is kept
// until the current tick ends, for the same response and bytes: the response cache reads it within the script
// hashes' own end(). Kept any longer (say per response, in a WeakMap), each page's text lived as long as its response
// object, past two young-generation collections, and was promoted: 190 KB a request into the old generation.
// A storefront document the script hashes rewrite (ADR 085) is encoded again here, and its text kept the same way.
import zlib from 'node:zlib'

let last = null

const PLAIN = { decode: (bytes) => bytes, encode: (bytes) => bytes }
/** Each Content-Encoding a page may be sent in, with its way from the bytes sent and back. */
const CODINGS = new Map([
  ['identity', PLAIN],
  ['', PLAIN],
  ['gzip', { decode: (bytes) => zlib.gunzipSync(bytes), encode: (bytes) => zlib.gzipSync(bytes) }],
  ['br', { decode: (bytes) => zlib.brotliDecompressSync(bytes), encode: (bytes) => zlib.brotliCompressSync(bytes) }],
  ['deflate', { decode: (bytes) => zlib.inflateSync(bytes), encode: (bytes) => zlib.deflateSync(bytes) }],
])
const codingOf = (res) => CODINGS.get(String(res.getHeader('content-encoding') ?? 'identity').toLowerCase())

/**
 * A changed text encoded as the response says (its Content-Encoding), and remembered as decodedBody's answer for the
 * new bytes; null for an encoding not known.
 */
export function encodedBody(res, text) {
  const coding = codingOf(res)
  if (!coding) return null
  const body = coding.encode(Buffer.from(text, 'utf8'))
  remember(res, body, text)
  return body
}

function remember(res, body, text) {
  const entry = { res, body, text }
  last = entry
  process.nextTick(() => {
    if (last === entry) last = null
  })
}

/** The body's text under the response's Content-Encoding; null for an encoding not known. Throws on a corrupt body. */
export function decodedBody(res, body) {
  if (last && last.res === res && last.body.equals(body)) return last.text
  const coding = codingOf(res)
  const text = coding ? coding.decode(body).toString('utf8') : null
  remember(res, body, text)
  return text
}
