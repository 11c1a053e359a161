import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildEnvChanges, buildIsFresh, sourceHash, writeBuildStamp } from './build-stamp.mjs'

// A tiny project: the stamp hashes src, public and a few files; only what exists is read.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-stamp-'))
fs.mkdirSync(path.join(root, 'src'))
fs.writeFileSync(path.join(root, 'src', 'page.tsx'), 'export default 1')
fs.mkdirSync(path.join(root, '.next'))
fs.writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'x')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('the build stamp', () => {
  it('makes the build stale when GTM_ID changes, since the CSP and prerendered pages hold it', () => {
    const db = 'file:/srv/shop.db'
    expect(sourceHash(root, db, { GTM_ID: 'GTM-ABC1234' })).not.toBe(sourceHash(root, db, {}))
    expect(sourceHash(root, db, { GTM_ID: ' ' })).toBe(sourceHash(root, db, {}))
    writeBuildStamp(root, db, {})
    expect(buildIsFresh(root, db, {})).toBe(true)
    expect(buildEnvChanges(root, {})).toEqual([])
    expect(buildIsFresh(root, db, { GTM_ID: 'GTM-ABC1234' })).toBe(false)
    expect(buildEnvChanges(root, { GTM_ID: 'GTM-ABC1234' })).toEqual(['GTM_ID'])
    writeBuildStamp(root, db, { GTM_ID: 'GTM-ABC1234' })
    expect(buildIsFresh(root, db, { GTM_ID: 'GTM-ABC1234' })).toBe(true)
    expect(buildEnvChanges(root, {})).toEqual(['GTM_ID'])
  })
  it('still makes it stale when a source file or the database changes', () => {
    const db = 'file:/srv/shop.db'
    writeBuildStamp(root, db, {})
    expect(buildIsFresh(root, 'postgres://h/other', {})).toBe(false)
    fs.writeFileSync(path.join(root, 'src', 'page.tsx'), 'export default 2')
    expect(buildIsFresh(root, db, {})).toBe(false)
  })
})
