// Responses from Next are compressed here, not by Next (next.config.ts sets `compress: false`), with the same
// middleware Next would use (next/dist/compiled/compression, as its router server installs it: default options, and
// its stream released when a client goes away), so what is sent in which encoding is as before (page-encoding.mjs).
//
// Why here: the storefront's documents are read and changed after Next renders them (the script hashes, the scripts
// after the first paint: script-hashes.mjs, ADR 085). Compressed by Next, each document was gzipped, gunzipped to be
// read, and gzipped again on the main thread once changed: at 100,000 variants the second gzip of a search page was
// 3.5 ms of every uncached request. Installed before those wrappers, the middleware sees what they send: each document
// is compressed once, as a stream, after it is final.
import compression from 'next/dist/compiled/compression/index.js'
import { releaseCompressionStream } from 'next/dist/server/lib/release-compression-stream.js'

const compress = compression()

/**
 * Wraps `res` so that what is written to it is compressed for the request's Accept-Encoding (gzip or deflate, above
 * 1 KB, compressible types, no `no-transform`). Install it after the response cache's capture (which stores the bytes
 * sent) and before anything that reads or changes the body Next writes.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressResponse(req, res) {
  compress(req, res, () => {})
  // A client that goes away before the end leaves the middleware's zlib stream open, and it would never be freed.
  res.once('close', () => {
    if (!res.writableFinished) releaseCompressionStream(res)
  })
}
