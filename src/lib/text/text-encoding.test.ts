import { describe, expect, it } from 'vitest'
import { decodeText } from './text-encoding'

const bytes = (...b: number[]) => new Uint8Array(b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

describe('decodeText', () => {
  it('reads "£12.50" saved by Excel as plain CSV (Windows-1252), detected or chosen', () => {
    const file = bytes(...ascii('price\n'), 0xa3, ...ascii('12.50'), 0x80)
    expect(decodeText(file)).toEqual({ ok: true, text: 'price\n£12.50€', encoding: 'windows-1252' })
    expect(decodeText(file, 'windows-1252')).toEqual({ ok: true, text: 'price\n£12.50€', encoding: 'windows-1252' })
  })

  it('reads UTF-8 as UTF-8, and a UTF-8 "£" chosen as Windows-1252 as the two characters it then is', () => {
    const file = new TextEncoder().encode('price\n£12.50')
    expect(decodeText(file)).toEqual({ ok: true, text: 'price\n£12.50', encoding: 'utf-8' })
    expect(decodeText(file, 'windows-1252')).toMatchObject({ ok: true, text: 'price\nÂ£12.50' })
  })

  it('refuses Windows-1252 bytes when UTF-8 was chosen, with what to do', () => {
    expect(decodeText(bytes(0xa3, 0x31), 'utf-8')).toMatchObject({ ok: false, message: expect.stringContaining('Windows-1252') })
  })

  it('refuses a file that is neither, UTF-16 and binary files each with a clear message', () => {
    expect(decodeText(bytes(0x41, 0x81, 0x42))).toMatchObject({ ok: false, message: expect.stringContaining('neither UTF-8 nor Windows-1252') })
    expect(decodeText(bytes(0xff, 0xfe, 0x41, 0x00))).toMatchObject({ ok: false, message: expect.stringContaining('UTF-16') })
    expect(decodeText(bytes(0x50, 0x4b, 0x03, 0x04, 0x00, 0x00))).toMatchObject({ ok: false, message: expect.stringContaining('not text') })
  })
})
