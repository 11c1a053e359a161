// Sending one file from disk, shared by the modules of server.mjs that answer requests before Next does
// (media-files.mjs: catalogue pictures; static-assets.mjs: the build's scripts and stylesheets). Validators,
// 304s, HEAD and streaming live here once.
import fs from 'node:fs'

// Headers next.config.ts gives every response, for a file that is never a document and so may run nothing.
export const FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
}

/**
 * The part of a whole-file read's path after `prefix` (query string removed), or null when the request is not a
 * plain GET or HEAD under `prefix`: a Range request or any other method is left to Next.
 */
export function pathAfter(req, prefix) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  if (req.headers.range !== undefined) return null
  const url = req.url ?? ''
  return url.startsWith(prefix) ? url.slice(prefix.length).split('?')[0] : null
}

/** The stat of a regular file, or null when there is none at that path. */
export function regularFile(file) {
  try {
    const stat = fs.statSync(file)
    return stat.isFile() ? stat : null
  } catch {
    return null
  }
}

/** A weak validator from the file's size and modification time, with a tag for the variant sent (an encoding). */
export const etagOf = (stat, variant = '') => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${variant ? `-${variant}` : ''}"`

function notModified(req, etag, stat) {
  const ifNoneMatch = req.headers['if-none-match']
  if (typeof ifNoneMatch === 'string') return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''))
  return Number.isFinite(since) && Math.floor(stat.mtimeMs / 1000) * 1000 <= since
}

/**
 * Answers a GET or HEAD with `file` (whose `stat` the caller has taken): 304 when the request's validators
 * match, else 200 with Content-Length and the body streamed. `headers` are sent with either; ETag and
 * Last-Modified are added here.
 */
export function sendFile(req, res, { file, stat, headers, etag = etagOf(stat) }) {
  const all = { ...FILE_HEADERS, ...headers, ETag: etag, 'Last-Modified': new Date(stat.mtimeMs).toUTCString() }
  if (notModified(req, etag, stat)) {
    res.writeHead(304, all)
    res.end()
    return
  }
  res.writeHead(200, { ...all, 'Content-Length': stat.size })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const stream = fs.createReadStream(file)
  stream.on('error', () => res.destroy()) // removed while being sent: the client sees a cut response, not a wrong one
  res.on('close', () => stream.destroy())
  stream.pipe(res)
}
