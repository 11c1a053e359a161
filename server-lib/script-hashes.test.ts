import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { hashInlineScripts, inlineScriptHashes, withScriptHashes } from './script-hashes.mjs'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline' https://js.stripe.com; style-src 'self' 'unsafe-inline'; object-src 'none'"

describe('inline script hashes', () => {
  it('hashes every inline script a browser would run, and nothing else', () => {
    const html = [
      '<script>self.__next_f=self.__next_f||[]</script>',
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script id="x" type="module">import("/a.js")</script>',
      '<script>self.__next_f.push([1,"é \\u003c/script>"])</script >',
      '<script>self.__next_f=self.__next_f||[]</script>', // repeated: listed once
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha('self.__next_f=self.__next_f||[]'), sha('import("/a.js")'), sha('self.__next_f.push([1,"é \\u003c/script>"])')])
  })

  it("replaces 'unsafe-inline' in script-src only", () => {
    expect(withScriptHashes(POLICY, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' https://js.stripe.com; style-src 'self' 'unsafe-inline'; object-src 'none'",
    )
    expect(withScriptHashes(POLICY, [])).toContain("script-src 'self' https://js.stripe.com;")
  })
})

describe('the production server’s policy for an HTML document', () => {
  let server: http.Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  async function serve(handler: (res: http.ServerResponse) => void, method = 'GET', rewrite: ((text: string) => string) | null = null) {
    server = http.createServer((req, res) => {
      hashInlineScripts(req, res, { rewrite })
      handler(res)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return fetch(`http://127.0.0.1:${port}/`, { method })
  }

  it('lists the hashes of a streamed, gzipped document’s scripts and leaves its body as it was', async () => {
    const parts = ['<!doctype html><html><head><script>one()</script></head>', '<body><p>Hello</p><script>two()</script></body></html>']
    const response = await serve((res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Content-Security-Policy', POLICY)
      res.setHeader('Content-Encoding', 'gzip')
      res.flushHeaders() // as Next does before its first chunk
      const gzip = zlib.createGzip()
      gzip.on('data', (chunk: Buffer) => res.write(chunk))
      gzip.on('end', () => res.end())
      gzip.write(parts[0])
      setTimeout(() => gzip.end(parts[1]), 20)
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'self'; script-src 'self' ${sha('one()')} ${sha('two()')} https://js.stripe.com; style-src 'self' 'unsafe-inline'; object-src 'none'`,
    )
    expect(await response.text()).toBe(parts.join(''))
  })

  it('sends a rewritten document in the encoding Next chose, with the hashes of what it sends', async () => {
    const html = '<!doctype html><html><head><script>one()</script></head><body><p>Hello</p></body></html>'
    const response = await serve(
      (res) => {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY, 'Content-Encoding': 'gzip' })
        res.end(zlib.gzipSync(html))
      },
      'GET',
      (text) => text.replace('one()', 'three()'),
    )
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' ${sha('three()')} https`)
    expect(await response.text()).toBe(html.replace('one()', 'three()'))
  })

  it('passes anything that is not an HTML document straight through', async () => {
    const response = await serve((res) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Security-Policy': POLICY })
      res.end('{"ok":true}')
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('content-security-policy')).toBe(POLICY)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('keeps the status and headers given to writeHead for a held document', async () => {
    const response = await serve((res) => {
      res.writeHead(404, 'Not Found', { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY, 'X-Extra': 'kept' })
      res.end('<script>notFound()</script>')
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('x-extra')).toBe('kept')
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' ${sha('notFound()')} https://js.stripe.com`)
  })
})
