import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, startupChunks, withCompileHint } from './compile-hints.mjs'
import { precompressStatic } from './precompress-static.mjs'

// A build as Next lays it out: the build manifest names the framework's chunks, each route's client reference
// manifest its entry chunks. A chunk fetched later (a late island: a dialog's code) is named by the chunk that loads
// it, by its path; the admin's chunks are named by no storefront chunk.
const nextDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-hints-'))
const chunks = path.join(nextDir, 'static', 'chunks')
fs.mkdirSync(chunks, { recursive: true })
const chunk = (id: number) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([null,${id},(e)=>{${`e.x${id}=1;`.repeat(500)}}]);\n`
const framework = chunk(1)
const late = chunk(4)
const admin = chunk(5)
fs.writeFileSync(path.join(chunks, 'react-dom.js'), framework)
const productPage = `${chunk(2)}e.l("static/chunks/late-dialog.js");e.l("static/chunks/never-built.js");\n`
fs.writeFileSync(path.join(chunks, 'product-page.js'), productPage)
fs.writeFileSync(path.join(chunks, 'shop-layout.js'), chunk(3))
fs.writeFileSync(path.join(chunks, 'late-dialog.js'), late)
fs.writeFileSync(path.join(chunks, 'admin.js'), admin)
fs.writeFileSync(path.join(chunks, 'framework.css'), '.a{b:c}'.repeat(100))
fs.writeFileSync(
  path.join(nextDir, 'build-manifest.json'),
  JSON.stringify({ polyfillFiles: [], rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/framework.css'] }),
)
function routeManifest(dir: string, route: string, entryJSFiles: Record<string, string[]>) {
  fs.mkdirSync(path.join(nextDir, 'server', 'app', dir), { recursive: true })
  const manifest = { clientModules: {}, entryCSSFiles: {}, entryJSFiles }
  fs.writeFileSync(
    path.join(nextDir, 'server', 'app', dir, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify(manifest)};\n`,
  )
}
routeManifest('(shop)/products/[slug]', '/(shop)/products/[slug]/page', {
  '[project]/src/app/(shop)/layout': ['static/chunks/shop-layout.js'],
  '[project]/src/app/(shop)/products/[slug]/page': ['static/chunks/shop-layout.js', 'static/chunks/product-page.js'],
})
routeManifest('(payload)/admin/[[...segments]]', '/(payload)/admin/[[...segments]]/page', { '[project]/src/app/(payload)/layout': ['static/chunks/admin.js'] })
afterAll(() => fs.rmSync(nextDir, { recursive: true, force: true }))

const read = (name: string) => fs.readFileSync(path.join(chunks, name), 'utf8')

describe('compile hints on the framework chunks', () => {
  it('puts the hint on the first line once, and nowhere else in the script', () => {
    expect(withCompileHint('a()')).toBe(`${COMPILE_HINT}a()`)
    expect(withCompileHint(withCompileHint('a()'))).toBe(`${COMPILE_HINT}a()`)
  })

  it("finds the framework's scripts, each storefront route's entry scripts and the late islands they name, once each, and none without a build", () => {
    expect(startupChunks(nextDir)).toEqual(['late-dialog.js', 'product-page.js', 'react-dom.js', 'shop-layout.js'].map((name) => path.join(chunks, name)))
    expect(startupChunks(path.join(nextDir, 'static'))).toEqual([])
  })

  it('hints each startup chunk and late island before compressing it, so every copy sent holds the hint; admin chunks stay as built', async () => {
    await precompressStatic(path.join(nextDir, 'static'))
    expect(read('react-dom.js')).toBe(COMPILE_HINT + framework)
    expect(read('product-page.js')).toBe(COMPILE_HINT + productPage)
    expect(read('shop-layout.js')).toBe(COMPILE_HINT + chunk(3))
    expect(read('late-dialog.js')).toBe(COMPILE_HINT + late)
    expect(read('admin.js')).toBe(admin)
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, 'react-dom.js.br'))).toString()).toBe(COMPILE_HINT + framework)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(chunks, 'react-dom.js.gz'))).toString()).toBe(COMPILE_HINT + framework)
  })

  it('changes nothing the second time: no file is rewritten and no copy is written again', async () => {
    const before = fs.statSync(path.join(chunks, 'react-dom.js')).mtimeMs
    expect(addCompileHints(nextDir)).toBe(0)
    expect(await precompressStatic(path.join(nextDir, 'static'))).toBe(0)
    expect(fs.statSync(path.join(chunks, 'react-dom.js')).mtimeMs).toBe(before)
    expect(fs.readdirSync(chunks).filter((name) => name.endsWith('.tmp'))).toEqual([])
    // Without the mark that the build is done, each chunk is read again and still none is rewritten.
    fs.rmSync(path.join(nextDir, 'wheelhouse-compile-hints'))
    expect(addCompileHints(nextDir)).toBe(0)
    expect(fs.statSync(path.join(chunks, 'react-dom.js')).mtimeMs).toBe(before)
  })

  it('looks at the chunks again for a new build, whose manifest is newer than the mark', () => {
    const later = new Date(Date.now() + 5_000)
    fs.utimesSync(path.join(nextDir, 'build-manifest.json'), later, later)
    fs.writeFileSync(path.join(chunks, 'react-dom.js'), framework)
    expect(addCompileHints(nextDir)).toBe(1)
    expect(read('react-dom.js')).toBe(COMPILE_HINT + framework)
  })
})
