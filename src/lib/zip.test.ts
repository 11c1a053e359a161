import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { readZip, ZipError } from './zip'

/** A minimal zip writer for the test: one stored or deflated entry per file. */
function makeZip(files: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const body = f.deflate ? deflateRawSync(f.data) : f.data
    const name = Buffer.from(f.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(f.deflate ? 8 : 0, 8)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(f.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(f.deflate ? 8 : 0, 10)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(f.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

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
