#!/usr/bin/env node
// The first-load JavaScript no page of this stack can go below: a bare app (one server-rendered page, no client
// component of its own) built with this checkout's Next.js and React, once on the App Router (what the shop uses)
// and once on the Pages Router (for comparison, ADR 020). Measured from the prerendered page's script tags, as a
// browser finds them: gzip -9 of each, and Brotli as the shop sends it (ADR 019). `nomodule` polyfills, which no
// current browser downloads, are not counted. (For the App Router this equals `bench:bundle`'s measure; the Pages
// Router's build statistics leave out some of its scripts, so the tags are the one measure for both.)
// Usage: npm run bench:floor   (builds twice in a temporary directory; about 20 s)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { brotliOptions } from '../scripts/precompress-static.mjs'

const root = path.resolve(import.meta.dirname, '..')
const next = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version
const brotli = (buffer) => zlib.brotliCompressSync(buffer, brotliOptions(buffer)).length

const APPS = {
  'App Router': {
    'app/layout.tsx': 'export default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>\n}\n',
    'app/page.tsx': 'export default function Page() {\n  return <h1>floor</h1>\n}\n',
  },
  'Pages Router': {
    'pages/index.tsx': 'export default function Page() {\n  return <h1>floor</h1>\n}\n',
  },
}

/** The scripts a browser loads for the bare page: the prerendered HTML's script tags (as a browser finds them). */
function firstLoadScripts(dir) {
  const html = ['.next/server/app/index.html', '.next/server/pages/index.html'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f))
  if (!html) throw new Error('no prerendered index.html in the floor build')
  return [...fs.readFileSync(html, 'utf8').matchAll(/<script\b([^>]*)>/g)]
    .filter(([, attrs]) => !/\bnoModule\b/i.test(attrs))
    .map(([, attrs]) => /\bsrc="\/_next\/([^"]+)"/.exec(attrs)?.[1])
    .filter(Boolean)
    .map((src) => path.join(dir, '.next', src))
}

for (const [name, files] of Object.entries(APPS)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-floor-'))
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    }
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "floor", "private": true, "type": "module" }\n')
    // The shop's node_modules, linked: Turbopack's root must then contain both directories.
    fs.writeFileSync(path.join(dir, 'next.config.mjs'), "export default { turbopack: { root: '/' }, outputFileTracingRoot: '/', typescript: { ignoreBuildErrors: true } }\n")
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
    if (build.status !== 0) {
      console.error(build.stdout, build.stderr)
      process.exit(1)
    }
    const scripts = firstLoadScripts(dir)
    const gzip = scripts.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length, 0)
    const br = scripts.reduce((sum, f) => sum + brotli(fs.readFileSync(f)), 0)
    console.log(`framework floor (Next.js ${next}, Turbopack, bare page, ${name}): ${(gzip / 1024).toFixed(1)} KB gzip, ${(br / 1024).toFixed(1)} KB Brotli, in ${scripts.length} scripts`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
