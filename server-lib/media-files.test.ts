import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaCollection } from '../src/cms/collections/media'
import { anyone } from '../src/cms/access/anyone'
import { MEDIA_CACHE_CONTROL, serveMediaFile } from './media-files.mjs'
import { serveModule, type ModuleServer } from './test-server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-media-files-'))
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-media-outside-'))
const picture = Buffer.from([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66, 1, 2, 3, 4])
let server: ModuleServer

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'honda-cb650r-640x480.avif'), picture)
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a picture')
  fs.mkdirSync(path.join(dir, 'folder.png'))
  fs.writeFileSync(path.join(outside, 'secret.png'), 'outside the media folder')
  // Whatever the module does not answer reaches "Payload" (a 418 here, so the tests can tell the two apart).
  server = await serveModule((req, res) => serveMediaFile(req, res, dir))
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(outside, { recursive: true, force: true })
})

const raw = (pathname: string, method = 'GET', headers: Record<string, string> = {}) => server.raw(pathname, { method, headers })

describe('catalogue pictures served from the media folder', () => {
  it('sends the file with its type, length, validators and browser caching', async () => {
    const res = await raw('/api/media/file/honda-cb650r-640x480.avif')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/avif')
    expect(res.headers['content-length']).toBe(String(picture.length))
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL)
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    expect(res.headers['last-modified']).toBeTruthy()
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body.equals(picture)).toBe(true)
  })

  it('answers HEAD with the headers and no body (Payload answered 404)', async () => {
    const res = await raw('/api/media/file/honda-cb650r-640x480.avif', 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBe(String(picture.length))
    expect(res.body.length).toBe(0)
  })

  it('answers 304 to a browser that already has this version', async () => {
    const first = await raw('/api/media/file/honda-cb650r-640x480.avif')
    const again = await raw('/api/media/file/honda-cb650r-640x480.avif', 'GET', { 'If-None-Match': String(first.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const since = await raw('/api/media/file/honda-cb650r-640x480.avif', 'GET', { 'If-Modified-Since': String(first.headers['last-modified']) })
    expect(since.status).toBe(304)
    const stale = await raw('/api/media/file/honda-cb650r-640x480.avif', 'GET', { 'If-None-Match': 'W/"0-0"' })
    expect(stale.status).toBe(200)
  })

  it('ignores a query string', async () => {
    expect((await raw('/api/media/file/honda-cb650r-640x480.avif?v=2')).status).toBe(200)
  })

  it.each([
    ['a path out of the folder', '/api/media/file/..%2F' + path.basename(outside) + '%2Fsecret.png'],
    ['an encoded dot-dot', '/api/media/file/%2e%2e%2fsecret.png'],
    ['a plain dot-dot', '/api/media/file/../secret.png'],
    ['a sub-folder', '/api/media/file/sub/secret.png'],
    ['a hidden name', '/api/media/file/.secret.png'],
    ['a name that is not a picture', '/api/media/file/notes.txt'],
    ['a folder named like a picture', '/api/media/file/folder.png'],
    ['a file that is not there', '/api/media/file/missing-640x480.avif'],
    ['broken percent-encoding', '/api/media/file/%E0%A4%A.png'],
    ['a NUL byte', '/api/media/file/x%00.png'],
    ['another media route', '/api/media/123'],
  ])('passes %s on to Payload', async (_what, pathname) => {
    const res = await raw(pathname)
    expect(res.status).toBe(418)
  })

  it('passes Range requests and writes on to Payload', async () => {
    expect((await raw('/api/media/file/honda-cb650r-640x480.avif', 'GET', { Range: 'bytes=0-3' })).status).toBe(418)
    expect((await raw('/api/media/file/honda-cb650r-640x480.avif', 'DELETE')).status).toBe(418)
    expect((await raw('/api/media/file/honda-cb650r-640x480.avif', 'POST')).status).toBe(418)
  })

  it('is only right while anyone may read media: change the collection rule and this fast path must change too', () => {
    expect(mediaCollection('/tmp').access?.read).toBe(anyone)
  })
})
