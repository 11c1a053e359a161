#!/usr/bin/env node
// The first-load JavaScript no page of this stack can go below: a bare App Router app (one layout, one
// server-rendered page, no client component of its own) built with this checkout's Next.js and React,
// measured as `npm run bench:bundle` measures ours (gzip -9 of the route's first-load chunks).
// Usage: npm run bench:floor   (builds in a temporary directory; about 20 s)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wheelhouse-floor-'))
try {
  fs.mkdirSync(path.join(dir, 'app'))
  fs.writeFileSync(path.join(dir, 'app/layout.tsx'), 'export default function Layout({ children }: { children: React.ReactNode }) {\n  return <html lang="en"><body>{children}</body></html>\n}\n')
  fs.writeFileSync(path.join(dir, 'app/page.tsx'), 'export default function Page() {\n  return <h1>floor</h1>\n}\n')
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "floor", "private": true, "type": "module" }\n')
  // The shop's node_modules, linked: Turbopack's root must then contain both directories.
  fs.writeFileSync(path.join(dir, 'next.config.mjs'), "export default { turbopack: { root: '/' }, outputFileTracingRoot: '/', typescript: { ignoreBuildErrors: true } }\n")
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr)
    process.exit(1)
  }
  const stats = JSON.parse(fs.readFileSync(path.join(dir, '.next/diagnostics/route-bundle-stats.json'), 'utf8'))
  const page = stats.find((r) => r.route === '/')
  const bytes = page.firstLoadChunkPaths.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0)
  const next = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version
  console.log(`framework floor (Next.js ${next}, Turbopack, bare page): ${(bytes / 1024).toFixed(1)} KB gzip in ${page.firstLoadChunkPaths.length} chunks`)
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
