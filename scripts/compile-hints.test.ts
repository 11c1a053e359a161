import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, frameworkChunks, withCompileHint } from './compile-hints.mjs'
import { precompressStatic } from './precompress-static.mjs'

// A build as Next lays it out: the manifest names the chunks every page loads first; a page's own chunk is not one.
const nextDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-hints-'))
const chunks = path.join(nextDir, 'static', 'chunks')
fs.mkdirSync(chunks, { recursive: true })
const framework = `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([null,1,(e)=>{${'e.x=1;'.repeat(500)}}]);\n`
const pageChunk = `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([null,2,(e)=>{${'e.y=2;'.repeat(500)}}]);\n`
fs.writeFileSync(path.join(chunks, 'react-dom.js'), framework)
fs.writeFileSync(path.join(chunks, 'page.js'), pageChunk)
fs.writeFileSync(path.join(chunks, 'framework.css'), '.a{b:c}'.repeat(100))
fs.writeFileSync(
  path.join(nextDir, 'build-manifest.json'),
  JSON.stringify({ polyfillFiles: [], rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/framework.css'] }),
)
afterAll(() => fs.rmSync(nextDir, { recursive: true, force: true }))

const read = (name: string) => fs.readFileSync(path.join(chunks, name), 'utf8')

describe('compile hints on the framework chunks', () => {
  it('puts the hint on the first line once, and nowhere else in the script', () => {
    expect(withCompileHint('a()')).toBe(`${COMPILE_HINT}a()`)
    expect(withCompileHint(withCompileHint('a()'))).toBe(`${COMPILE_HINT}a()`)
  })

  it('finds the scripts among the chunks every page loads first, and none without a build manifest', () => {
    expect(frameworkChunks(nextDir)).toEqual([path.join(chunks, 'react-dom.js')])
    expect(frameworkChunks(path.join(nextDir, 'static'))).toEqual([])
  })

  it('hints the framework chunk before compressing it, so every copy sent holds the hint; a page chunk stays as built', async () => {
    await precompressStatic(path.join(nextDir, 'static'))
    expect(read('react-dom.js')).toBe(COMPILE_HINT + framework)
    expect(read('page.js')).toBe(pageChunk)
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, 'react-dom.js.br'))).toString()).toBe(COMPILE_HINT + framework)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(chunks, 'react-dom.js.gz'))).toString()).toBe(COMPILE_HINT + framework)
  })

  it('changes nothing the second time: no file is rewritten and no copy is written again', async () => {
    const before = fs.statSync(path.join(chunks, 'react-dom.js')).mtimeMs
    expect(addCompileHints(nextDir)).toBe(0)
    expect(await precompressStatic(path.join(nextDir, 'static'))).toBe(0)
    expect(fs.statSync(path.join(chunks, 'react-dom.js')).mtimeMs).toBe(before)
    expect(fs.readdirSync(chunks).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})
