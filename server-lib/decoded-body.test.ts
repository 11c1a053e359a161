import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { decodedBody, encodedBody } from './decoded-body.mjs'

const response = (encoding?: string) => ({ getHeader: (name: string) => (name === 'content-encoding' ? encoding : undefined) })
const html = '<!DOCTYPE html><html><body>é</body></html>'

describe('decodedBody', () => {
  it('reads the text under each encoding Next sends, and none for one it does not know', () => {
    expect(decodedBody(response(), Buffer.from(html))).toBe(html)
    expect(decodedBody(response('gzip'), zlib.gzipSync(html))).toBe(html)
    expect(decodedBody(response('br'), zlib.brotliCompressSync(html))).toBe(html)
    expect(decodedBody(response('deflate'), zlib.deflateSync(html))).toBe(html)
    expect(decodedBody(response('zstd-unknown'), Buffer.from(html))).toBeNull()
    expect(() => decodedBody(response('gzip'), Buffer.from('not gzip'))).toThrow()
  })

  it('decodes a response once for the same bytes within a tick, and again for other bytes', () => {
    const gunzip = vi.spyOn(zlib, 'gunzipSync')
    const res = response('gzip')
    const body = zlib.gzipSync(html)
    expect(decodedBody(res, body)).toBe(html)
    expect(decodedBody(res, Buffer.from(body))).toBe(html) // the same bytes in another buffer (the cache's copy)
    expect(gunzip).toHaveBeenCalledTimes(1)
    expect(decodedBody(response('gzip'), body)).toBe(html) // another response
    expect(gunzip).toHaveBeenCalledTimes(2)
    const other = zlib.gzipSync('<!DOCTYPE html><p>other</p>')
    expect(decodedBody(res, other)).toBe('<!DOCTYPE html><p>other</p>')
    expect(gunzip).toHaveBeenCalledTimes(3)
    gunzip.mockRestore()
  })

  it('keeps the text only until the tick ends, so that no page outlives its request in memory', async () => {
    const gunzip = vi.spyOn(zlib, 'gunzipSync')
    const res = response('gzip')
    const body = zlib.gzipSync(html)
    decodedBody(res, body)
    await new Promise((resolve) => process.nextTick(resolve))
    decodedBody(res, body)
    expect(gunzip).toHaveBeenCalledTimes(2)
    gunzip.mockRestore()
  })

  it('encodes a changed text as the response says, and answers its text for the new bytes without decoding them', () => {
    const gunzip = vi.spyOn(zlib, 'gunzipSync')
    const res = response('gzip')
    const body = encodedBody(res, html)!
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(html)
    gunzip.mockClear()
    expect(decodedBody(res, body)).toBe(html)
    expect(gunzip).not.toHaveBeenCalled()
    expect(encodedBody(response(), html)!.toString('utf8')).toBe(html)
    expect(encodedBody(response('zstd-unknown'), html)).toBeNull()
    gunzip.mockRestore()
  })
})
