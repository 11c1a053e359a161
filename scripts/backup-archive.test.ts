import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { archiveName, archivesToPrune, BackupError, listFiles, pruneBackups, stageMedia, verifyExtracted } from './backup-archive.mjs'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-backup-unit-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('archive names and retention', () => {
  it('names an archive by its UTC time, so names sort by age', () => {
    expect(archiveName(new Date('2026-11-26T09:05:07.123Z'))).toBe('wheelhouse-backup-20261126-090507Z.tar.gz.age')
  })
  it('prunes encrypted archives and the older plain ones by time alike, never one still being written', () => {
    const names = ['wheelhouse-backup-20261120-030000Z.tar.gz', 'wheelhouse-backup-20261127-030000Z.tar.gz.age', 'wheelhouse-backup-20261128-030000Z.tar.gz.age.partial', 'wheelhouse-backup-20261126-030000Z.tar.gz.age']
    expect(archivesToPrune(names, 1)).toEqual(['wheelhouse-backup-20261120-030000Z.tar.gz', 'wheelhouse-backup-20261126-030000Z.tar.gz.age'])
  })
  it('prunes the oldest archives beyond the count kept, and nothing else', () => {
    const names = ['wheelhouse-backup-20261124-030000Z.tar.gz', 'notes.txt', 'wheelhouse-backup-20261126-030000Z.tar.gz', 'wheelhouse-backup-20261125-030000Z.tar.gz', 'wheelhouse-backup-20261123-030000Z.tar.gz.partial']
    expect(archivesToPrune(names, 2)).toEqual(['wheelhouse-backup-20261124-030000Z.tar.gz'])
    expect(archivesToPrune(names, 5)).toEqual([])
    const dir = tempDir()
    for (const name of names) fs.writeFileSync(path.join(dir, name), '')
    expect(pruneBackups(dir, 1)).toHaveLength(2)
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'wheelhouse-backup-20261123-030000Z.tar.gz.partial', 'wheelhouse-backup-20261126-030000Z.tar.gz'])
  })
})

describe('verifyExtracted', () => {
  const manifestFor = (files: { path: string; sha256: string }[]) => ({ format: 'wheelhouse-backup', version: 1, database: { kind: 'sqlite', file: 'database.sqlite' }, files })
  const sha = (text: string) => createHash('sha256').update(text).digest('hex')
  function extracted(files: Record<string, string>, manifest: object) {
    const dir = tempDir()
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
      fs.writeFileSync(path.join(dir, rel), text)
    }
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    return dir
  }
  it('accepts files that match their checksums', async () => {
    const dir = extracted({ 'database.sqlite': 'db', 'media/a.jpg': 'pic' }, manifestFor([{ path: 'database.sqlite', sha256: sha('db') }, { path: 'media/a.jpg', sha256: sha('pic') }]))
    expect(listFiles(dir)).toEqual(['database.sqlite', 'manifest.json', 'media/a.jpg'])
    await expect(verifyExtracted(dir)).resolves.toMatchObject({ database: { kind: 'sqlite' } })
  })
  it('refuses a changed file, a missing file and an unlisted file', async () => {
    const files = [{ path: 'database.sqlite', sha256: sha('db') }, { path: 'media/a.jpg', sha256: sha('pic') }]
    await expect(verifyExtracted(extracted({ 'database.sqlite': 'db', 'media/a.jpg': 'pic!' }, manifestFor(files)))).rejects.toThrow(/checksum mismatch for media\/a.jpg/)
    await expect(verifyExtracted(extracted({ 'database.sqlite': 'db' }, manifestFor(files)))).rejects.toThrow(/lacks media\/a.jpg/)
    await expect(verifyExtracted(extracted({ 'database.sqlite': 'db', 'media/a.jpg': 'pic', 'evil.sh': 'x' }, manifestFor(files)))).rejects.toThrow(/does not list: evil.sh/)
  })
  it('refuses something that is not a backup', async () => {
    const dir = tempDir()
    await expect(verifyExtracted(dir)).rejects.toThrow(BackupError)
    await expect(verifyExtracted(extracted({}, { format: 'other', version: 1, files: [] }))).rejects.toThrow(/not a wheelhouse-backup/)
  })
})

describe('stageMedia', () => {
  it('stages every file of the media folder, nested ones too, without changing them', () => {
    const from = tempDir()
    fs.mkdirSync(path.join(from, 'sub'))
    fs.writeFileSync(path.join(from, 'a.webp'), 'a')
    fs.writeFileSync(path.join(from, 'sub', 'b.avif'), 'b')
    const to = path.join(tempDir(), 'media')
    stageMedia(from, to)
    expect(listFiles(to)).toEqual(['a.webp', 'sub/b.avif'])
    expect(fs.readFileSync(path.join(to, 'sub', 'b.avif'), 'utf8')).toBe('b')
    expect(fs.readFileSync(path.join(from, 'a.webp'), 'utf8')).toBe('a')
  })
  it('stages an empty folder when there is no media yet', () => {
    const to = path.join(tempDir(), 'media')
    stageMedia(path.join(tempDir(), 'missing'), to)
    expect(fs.readdirSync(to)).toEqual([])
  })
})
