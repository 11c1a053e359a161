#!/usr/bin/env node
// Writes a Brotli (quality 11) and a gzip (level 9) copy beside every script and stylesheet of the build
// (`.next/static`), for server-lib/static-assets.mjs to send (ADR 019). Idempotent: a copy newer than its file is
// kept, so `npm start` runs it on every start and only the first start after a build does the work (about 10 s
// of CPU on two cores for the whole build, admin included). A copy is written only when it is smaller than the
// file, and through a temporary name, so a server reading it never sees half a file. The chunks a page starts
// with get their compile hint first (scripts/compile-hints.mjs, ADR 088), so that the copies hold what the file holds.
// Usage: node scripts/precompress-static.mjs [staticDir]   (default: .next/static of the working directory)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { ENCODINGS } from '../server-lib/static-assets.mjs'
import { addCompileHints } from './compile-hints.mjs'

const ASSET = /\.(js|css)$/

/** The compression settings of the copies, exported so the benches measure exactly what is sent. */
export const brotliOptions = (buffer) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
  },
})
const GZIP_OPTIONS = { level: 9 }

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const COMPRESS = { br: (buffer) => brotli(buffer, brotliOptions(buffer)), gzip: (buffer) => gzip(buffer, GZIP_OPTIONS) }
// One copy per encoding the server sends, under the file suffix it looks for.
const COPIES = ENCODINGS.map(({ name, suffix }) => ({ suffix, compress: COMPRESS[name] }))

function assetsUnder(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) assetsUnder(full, out)
    else if (entry.isFile() && ASSET.test(entry.name)) out.push(full)
  }
  return out
}

/** What is still to do: one job per file and encoding whose copy is missing or older than the file. */
function pendingJobs(files) {
  const jobs = []
  for (const file of files) {
    const source = fs.statSync(file)
    for (const copy of COPIES) {
      let fresh = false
      try {
        fresh = fs.statSync(file + copy.suffix).mtimeMs >= source.mtimeMs
      } catch {
        fresh = false
      }
      if (!fresh) jobs.push({ file, source, copy })
    }
  }
  return jobs
}

async function run({ file, source, copy }) {
  const buffer = fs.readFileSync(file)
  const compressed = await copy.compress(buffer)
  const target = file + copy.suffix
  if (compressed.length >= buffer.length) {
    fs.rmSync(target, { force: true })
    return 0
  }
  const temp = `${target}.${process.pid}.tmp`
  fs.writeFileSync(temp, compressed)
  // Never older than its file, even when the file's time is ahead of this clock (a build copied from elsewhere).
  const time = Math.max(Date.now(), Math.floor(source.mtimeMs) + 1) / 1000
  fs.utimesSync(temp, time, time)
  fs.renameSync(temp, target)
  return 1
}

/** Compresses what is missing under `staticDir`; resolves to the number of copies written. */
export async function precompressStatic(staticDir) {
  if (!fs.existsSync(staticDir)) return 0
  addCompileHints(path.dirname(staticDir))
  const jobs = pendingJobs(assetsUnder(staticDir))
  let written = 0
  let next = 0
  // zlib's asynchronous calls run on libuv's thread pool: as many at once as it has threads.
  const workers = Math.max(1, Math.min(Number(process.env.UV_THREADPOOL_SIZE) || 4, os.availableParallelism?.() ?? 2))
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs.length) {
        const done = await run(jobs[next++])
        written += done // after the await: `written += await …` would add to a total read before it
      }
    }),
  )
  return written
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? path.join(process.cwd(), '.next', 'static'))
  const started = Date.now()
  const written = await precompressStatic(dir)
  console.info(`precompress-static: ${written} compressed copies written under ${path.relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
