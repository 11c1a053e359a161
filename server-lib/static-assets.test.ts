import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressStatic } from '../scripts/precompress-static.mjs'
import { acceptedEncodings, ASSET_CACHE_CONTROL, serveStaticAsset } from './static-assets.mjs'
import { serveModule, type ModuleServer } from './test-server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-static-assets-'))
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-static-outside-'))
const script = Buffer.from(`globalThis.chunk = ${JSON.stringify('a framework chunk '.repeat(400))};\n`)
const style = Buffer.from('.product-card{display:grid}'.repeat(100))
let server: ModuleServer

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'chunks'))
  fs.mkdirSync(path.join(dir, 'media'))
  fs.writeFileSync(path.join(dir, 'chunks', 'abc123.js'), script)
  fs.writeFileSync(path.join(dir, 'chunks', 'abc123.css'), style)
  fs.writeFileSync(path.join(dir, 'chunks', 'tiny.js'), '1')
  fs.writeFileSync(path.join(dir, 'media', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>'.repeat(50))
  fs.writeFileSync(path.join(outside, 'secret.js'), 'outside the build'.repeat(100))
  fs.writeFileSync(path.join(outside, 'secret.js.br'), zlib.brotliCompressSync('outside the build'.repeat(100)))
  fs.mkdirSync(path.join(dir, '.hidden'))
  fs.writeFileSync(path.join(dir, '.hidden', 'abc123.js'), script)
  await precompressStatic(dir)
  // Whatever the module does not answer reaches "Next" (a 418 here, so the tests can tell the two apart).
  server = await serveModule((req, res) => serveStaticAsset(req, res, dir))
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(outside, { recursive: true, force: true })
})

const raw = (pathname: string, headers: Record<string, string> = {}, method = 'GET') => server.raw(pathname, { method, headers })

const CHROME = 'gzip, deflate, br, zstd'

describe('precompressed build assets', () => {
  it('writes a Brotli and a gzip copy beside each script and stylesheet, each decoding to the file', () => {
    for (const name of ['abc123.js', 'abc123.css']) {
      const file = fs.readFileSync(path.join(dir, 'chunks', name))
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'chunks', `${name}.br`))).equals(file)).toBe(true)
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'chunks', `${name}.gz`))).equals(file)).toBe(true)
    }
  })

  it('writes no copy that would be larger than the file, and none for other kinds of file', () => {
    expect(fs.existsSync(path.join(dir, 'chunks', 'tiny.js.br'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'chunks', 'tiny.js.gz'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'media', 'logo.svg.br'))).toBe(false)
  })

  it('does nothing the second time, and compresses again a file rebuilt after its copies', async () => {
    expect(await precompressStatic(dir)).toBe(0)
    const file = path.join(dir, 'chunks', 'abc123.js')
    const later = new Date(Date.now() + 5_000)
    fs.utimesSync(file, later, later)
    expect(await precompressStatic(dir)).toBe(2)
    expect(fs.statSync(`${file}.br`).mtimeMs).toBeGreaterThanOrEqual(fs.statSync(file).mtimeMs)
  })

  it('sends the Brotli copy to a browser that accepts it, with type, length and a year of immutable caching', async () => {
    const res = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': CHROME })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8')
    expect(res.headers['content-length']).toBe(String(res.body.length))
    expect(res.headers['cache-control']).toBe(ASSET_CACHE_CONTROL)
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(zlib.brotliDecompressSync(res.body).equals(script)).toBe(true)
    expect(res.body.length).toBeLessThan(zlib.gzipSync(script, { level: 9 }).length)
  })

  it('sends gzip to a client that does not accept Brotli, and a stylesheet as CSS', async () => {
    const res = await raw('/_next/static/chunks/abc123.css', { 'Accept-Encoding': 'gzip, deflate' })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-type']).toBe('text/css; charset=UTF-8')
    expect(zlib.gunzipSync(res.body).equals(style)).toBe(true)
  })

  it('keeps the encodings apart in validators, answers 304 to a matching one, and HEAD with no body', async () => {
    const br = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': CHROME })
    const gz = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': 'gzip' })
    expect(br.headers.etag).toMatch(/-br"$/)
    expect(gz.headers.etag).toMatch(/-gzip"$/)
    const again = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': CHROME, 'If-None-Match': String(br.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const crossed = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) })
    expect(crossed.status).toBe(200)
    const head = await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': CHROME }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(br.headers['content-length'])
    expect(head.body.length).toBe(0)
  })

  it('passes on a client that accepts neither encoding, or refuses them with q=0', async () => {
    expect((await raw('/_next/static/chunks/abc123.js')).status).toBe(418)
    expect((await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': 'identity' })).status).toBe(418)
    expect((await raw('/_next/static/chunks/abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).status).toBe(418)
  })

  it('passes on what it must not or cannot answer: other files, odd paths, ranges, writes, files without a copy', async () => {
    const cases: Array<[string, Record<string, string>?, string?]> = [
      ['/_next/static/chunks/tiny.js'],
      ['/_next/static/chunks/missing.js'],
      ['/_next/static/media/logo.svg'],
      ['/_next/static/chunks/abc123.js.br'],
      ['/_next/static/../' + path.basename(outside) + '/secret.js'],
      ['/_next/static/chunks/..%2F..%2Fsecret.js'],
      ['/_next/static/.hidden/abc123.js'],
      ['/_next/static//chunks/abc123.js'],
      ['/_next/static/chunks\\abc123.js'],
      ['/_next/static/chunks/abc123.js', { Range: 'bytes=0-10' }],
      ['/_next/static/chunks/abc123.js', {}, 'POST'],
      ['/_next/staticx/chunks/abc123.js'],
    ]
    for (const [pathname, headers, method] of cases) {
      const res = await raw(pathname, { 'Accept-Encoding': CHROME, ...headers }, method)
      expect(res.status, pathname).toBe(418)
    }
  })

  it('leaves a copy older than its file to Next (another build wrote a file of that name)', async () => {
    const file = path.join(dir, 'chunks', 'abc123.css')
    const later = new Date(Date.now() + 60_000)
    fs.utimesSync(file, later, later)
    expect((await raw('/_next/static/chunks/abc123.css', { 'Accept-Encoding': CHROME })).status).toBe(418)
  })
})

describe('acceptedEncodings', () => {
  it('reads codings and their weights as browsers and proxies send them', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedEncodings('gzip;q=1.0, br;q=0')]).toEqual(['gzip'])
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedEncodings('*;q=0.5, br;q=0')]).toEqual(['gzip'])
    expect([...acceptedEncodings('BR')]).toEqual(['br'])
    expect([...acceptedEncodings('br;q=abc, gzip')]).toEqual(['gzip'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
    expect([...acceptedEncodings('')]).toEqual([])
  })
})
