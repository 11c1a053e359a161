import { describe, expect, it } from 'vitest'
import { makeZip } from '../../tests/fixtures/zip'
import { readZip, ZipError } from './zip'

describe('readZip', () => {
  it('reads stored and deflated files by their base name, skipping folders and macOS shadows', () => {
    const zip = makeZip([
      { name: 'pictures/', data: Buffer.alloc(0) },
      { name: 'pictures/mt07.jpg', data: Buffer.from('jpeg bytes') },
      { name: 'jacket.png', data: Buffer.from('png bytes '.repeat(100)), deflate: true },
      { name: '__MACOSX/._jacket.png', data: Buffer.from('x') },
    ])
    expect(readZip(zip).map((e) => [e.name, e.data.toString()])).toEqual([
      ['mt07.jpg', 'jpeg bytes'],
      ['jacket.png', 'png bytes '.repeat(100)],
    ])
  })

  it('refuses what is not a zip', () => {
    expect(() => readZip(Buffer.from('sku,name\n'))).toThrow(ZipError)
  })
})
