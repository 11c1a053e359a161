// server.mjs's order for a response from Next: compressed (this module) outside the script hashes' wrapper, so a
// storefront document is read and changed as text and compressed once, as Next's own compression would have sent it.
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { compressResponse } from './compression.mjs'
import { hashInlineScripts } from './script-hashes.mjs'

const POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'"
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const DOCUMENT = `<!DOCTYPE html><html><head><script>old()</script></head><body>${'<p>a bike</p>'.repeat(400)}</body></html>`

let server: http.Server | undefined
afterEach(() => {
  vi.restoreAllMocks()
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

async function serve(handler: (res: http.ServerResponse) => void): Promise<string> {
  server = http.createServer((req, res) => {
    compressResponse(req, res)
    hashInlineScripts(req, res, { rewrite: (text) => text.replace('old()', 'replaced()') })
    handler(res)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

function raw(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('a response from Next, compressed after the documents are final', () => {
  it('sends a changed document gzipped once, with the hashes of what it sends', async () => {
    const gzipSync = vi.spyOn(zlib, 'gzipSync')
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICY })
      res.write(DOCUMENT.slice(0, 100))
      res.end(DOCUMENT.slice(100))
    })
    const { headers, body } = await raw(url, 'gzip, deflate, br')
    expect(headers['content-encoding']).toBe('gzip')
    expect(headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(DOCUMENT.replace('old()', 'replaced()'))
    expect(headers['content-security-policy']).toBe(`default-src 'self'; script-src 'self' ${sha('replaced()')}`)
    // the wrapper that changed it never compressed it itself
    expect(gzipSync).not.toHaveBeenCalled()
  })

  it('sends the encoding Next would choose: deflate when gzip is refused, none when nothing is accepted, none for a small answer', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }))
    })
    const deflated = await raw(url, 'gzip;q=0, deflate')
    expect(deflated.headers['content-encoding']).toBe('deflate')
    expect(JSON.parse(zlib.inflateSync(deflated.body).toString('utf8')).items).toHaveLength(200)
    const plain = await raw(url, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(plain.body.toString('utf8')).items).toHaveLength(200)
    server!.close()
    const small = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' })
      res.end('{}')
    })
    const tiny = await raw(small, 'gzip')
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body.toString('utf8')).toBe('{}')
  })
})
