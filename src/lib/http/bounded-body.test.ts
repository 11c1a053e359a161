import { describe, expect, it } from 'vitest'
import { readBoundedBytes, readBoundedText } from './bounded-body'

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(new TextEncoder().encode(p))
      controller.close()
    },
  })

describe('readBoundedText', () => {
  it('reads a body within the limit, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"a":"£5"}')
    const request = new Request('http://x/', { method: 'POST', body: new ReadableStream({ start(c) { c.enqueue(bytes.slice(0, 7)); c.enqueue(bytes.slice(7)); c.close() } }), duplex: 'half' } as RequestInit)
    await expect(readBoundedText(request, 100)).resolves.toEqual({ ok: true, text: '{"a":"£5"}' })
  })

  it('refuses a declared length over the limit without reading', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'x'.repeat(20), headers: { 'content-length': '20' } })
    await expect(readBoundedText(request, 10)).resolves.toEqual({ ok: false, tooLarge: true })
  })

  it('refuses a chunked body once it passes the limit', async () => {
    const request = new Request('http://x/', { method: 'POST', body: streamOf('x'.repeat(8), 'x'.repeat(8)), duplex: 'half' } as RequestInit)
    await expect(readBoundedText(request, 10)).resolves.toEqual({ ok: false, tooLarge: true })
  })

  it('answers an empty text for a request without a body', async () => {
    await expect(readBoundedText(new Request('http://x/'), 10)).resolves.toEqual({ ok: true, text: '' })
  })
})

describe('readBoundedBytes', () => {
  it('reads the bytes as sent, and refuses past the limit', async () => {
    const bytes = new Uint8Array([0, 255, 80, 75, 3, 4])
    const read = await readBoundedBytes(new Request('http://x/', { method: 'POST', body: bytes }), 6)
    expect(read.ok && [...read.bytes]).toEqual([0, 255, 80, 75, 3, 4])
    await expect(readBoundedBytes(new Request('http://x/', { method: 'POST', body: streamOf('x'.repeat(8), 'x'.repeat(8)), duplex: 'half' } as RequestInit), 10)).resolves.toEqual({ ok: false, tooLarge: true })
  })
})
