// The text of a response body as it is encoded (gzip, Brotli, deflate or none). Two wrappers read the text of
// every HTML document the shop renders: the script hashes (its inline scripts, and the storefront's rewrite, ADR 085)
// and the response cache (whether it is a whole document). The script hashes see the document before it is
// compressed (compression.mjs, ADR 087); the response cache sees the bytes sent, so it decodes them. The last text
// decoded or encoded is kept until the current tick ends, for the same response and bytes, so that a second reader of
// the same bytes in that tick does not decode them again. Kept any longer (say per response, in a WeakMap), each
// page's text lived as long as its response object, past two young-generation collections, and was promoted: 190 KB a
// request into the old generation.
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
