// Reads the files of a zip archive (stored or deflated entries, as every common zip tool writes them) from
// its central directory. Enough for a folder of pictures sent with a stock feed; no zip64, no encryption.
import { inflateRawSync } from 'node:zlib'

export interface ZipEntry {
  /** The entry's name without its folders. */
  readonly name: string
  readonly data: Buffer
}

export class ZipError extends Error {}

const MAX_ENTRY_BYTES = 50 * 1024 * 1024

/** Every file of the archive (folders, and macOS's __MACOSX shadows, skipped). Throws ZipError on a damaged or unsupported archive. */
export function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive')
  const count = zip.readUInt16LE(eocd + 10)
  let at = zip.readUInt32LE(eocd + 16)
  const entries: ZipEntry[] = []
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new ZipError('damaged central directory')
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const path = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1')
    at += 46 + nameLength + extraLength + commentLength
    if (path.endsWith('/') || path.startsWith('__MACOSX/')) continue
    if (flags & 0x1) throw new ZipError(`${path} is encrypted`)
    if (size > MAX_ENTRY_BYTES) throw new ZipError(`${path} is larger than 50 MB`)
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new ZipError(`damaged entry ${path}`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + compressed)
    let data: Buffer
    if (method === 0) data = Buffer.from(raw)
    else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: MAX_ENTRY_BYTES })
    else throw new ZipError(`${path} uses an unsupported compression method (${method})`)
    if (data.length !== size) throw new ZipError(`damaged entry ${path}`)
    entries.push({ name: path.split('/').pop()!, data })
  }
  return entries
}
