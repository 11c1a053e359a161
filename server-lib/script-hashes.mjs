// Inline scripts are allowed by their hashes, not by 'unsafe-inline' (ADR 012). Next puts its
// RSC payload and a few bootstrap lines into every HTML document as inline scripts; their text changes with
// every render, so no hash can be known at build time. The production server therefore reads each HTML
// document it sends (once: a cached page is replayed with the header it was stored with), hashes the inline
// scripts it finds, and sends a Content-Security-Policy whose script-src lists exactly those hashes. A caller may
// change the document's text once first (`rewrite`: the storefront's scripts after the first paint, ADR 085), so
// the hashes are those of what is sent.
import { createHash } from 'node:crypto'
import { decodedBody, encodedBody } from './decoded-body.mjs'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module'])

/** CSP hash sources ('sha256-…') of the inline scripts a browser would run in this HTML. */
export function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TYPES.has(type)) continue // data blocks (JSON-LD) never run, so need no hash
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** The policy with 'unsafe-inline' in script-src replaced by the given hashes (other directives untouched). */
export function withScriptHashes(policy, hashes) {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/)
      if (name.toLowerCase() !== 'script-src') return directive
      return [name, ...sources.flatMap((source) => (source === "'unsafe-inline'" ? hashes : [source]))].join(' ')
    })
    .join('; ')
}


const needsHashes = (res) =>
  /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) && /(^|;)\s*script-src\s[^;]*'unsafe-inline'/i.test(String(res.getHeader('content-security-policy') ?? ''))

/**
 * Wraps `res` so that an HTML document whose policy allows 'unsafe-inline' scripts is held until it is
 * complete and then sent with the hashes of its inline scripts instead. Anything else passes straight
 * through. Install it after any wrapper that must see the final headers (the response cache).
 * `rewrite(text)` may return a changed document (the same string when nothing changes); it is sent in the encoding
 * the body came in (none from Next: compression.mjs compresses what leaves here), and it is what the hashes and the
 * response cache see.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ onError?: (error: unknown) => void, rewrite?: ((text: string) => string) | null }} [options]
 */
export function hashInlineScripts(req, res, { onError = () => {}, rewrite = null } = {}) {
  if (req.method !== 'GET') return
  const real = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders }
  let mode = 'undecided' // then 'hold' (an HTML document) or 'pass'
  const chunks = []

  res.writeHead = function (status, ...rest) {
    if (mode === 'pass') return real.writeHead.call(this, status, ...rest)
    for (const arg of rest) {
      if (typeof arg === 'string') this.statusMessage = arg
      else if (Array.isArray(arg)) for (let i = 0; i + 1 < arg.length; i += 2) this.setHeader(arg[i], arg[i + 1])
      else if (arg && typeof arg === 'object') for (const [name, value] of Object.entries(arg)) if (value !== undefined) this.setHeader(name, value)
    }
    this.statusCode = status
    if (mode === 'undecided') mode = needsHashes(this) ? 'hold' : 'pass'
    return mode === 'pass' ? real.writeHead.call(this, status) : this
  }
  // Next flushes the headers before its first chunk; a held document's headers wait for its last.
  res.flushHeaders = function () {
    if (mode === 'undecided') this.writeHead(this.statusCode)
    if (mode === 'pass') real.flushHeaders.call(this)
  }
  res.write = function (chunk, encoding, callback) {
    if (mode === 'undecided') this.writeHead(this.statusCode)
    if (mode === 'pass') return real.write.call(this, chunk, encoding, callback)
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
    if (chunk != null && chunk.length > 0) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : Buffer.from(chunk))
    if (callback) process.nextTick(callback)
    return true
  }
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === 'function') [callback, chunk, encoding] = [chunk, undefined, undefined]
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
    if (mode === 'undecided') this.writeHead(this.statusCode)
    if (mode === 'pass') return real.end.call(this, chunk, encoding, callback)
    if (chunk != null && chunk.length > 0) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : Buffer.from(chunk))
    let body = Buffer.concat(chunks)
    try {
      const text = rewrite ? decodedBody(this, body) : null
      const changed = text === null ? null : rewrite(text)
      if (changed !== null && changed !== text) {
        const encoded = encodedBody(this, changed)
        if (encoded) {
          body = encoded
          if (this.hasHeader('content-length')) this.setHeader('Content-Length', body.length)
        }
      }
      const policy = String(this.getHeader('content-security-policy'))
      this.setHeader('Content-Security-Policy', withScriptHashes(policy, inlineScriptHashes(decodedBody(this, body) ?? '')))
    } catch (error) {
      onError(error) // an undecodable body keeps the configured policy
    }
    mode = 'pass'
    real.writeHead.call(this, this.statusCode)
    return real.end.call(this, body, callback)
  }
}
