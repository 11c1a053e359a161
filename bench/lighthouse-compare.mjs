#!/usr/bin/env node
// Two production builds measured in turn by Lighthouse, so that the machine's load falls on both alike: each round
// runs every page once on A and once on B, the order of A and B swapping every round; the table gives medians.
// Usage: node bench/lighthouse-compare.mjs <checkout A> <checkout B> [rounds]
//   Each checkout is a directory with server.mjs, node_modules and a .next build (a `git worktree` of another commit
//   with `npm install` and `next build`, or a copy). Both are served on the database and media of the checkout
//   the script runs from (its data/), so they show the same catalogue.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { launchChrome, medianRow, PAGES, runOnce } from './lighthouse-lib.mjs'

const [dirA, dirB] = process.argv.slice(2, 4).map((d) => path.resolve(d))
const ROUNDS = Number(process.argv[4] || 3)
if (!dirA || !dirB) {
  console.error('usage: node bench/lighthouse-compare.mjs <checkout A> <checkout B> [rounds]')
  process.exit(2)
}
const data = path.resolve(import.meta.dirname, '..', 'data')

async function serve(dir, port) {
  const env = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL || `file:${path.join(data, 'wheelhouse.db')}`, MEDIA_DIR: process.env.MEDIA_DIR || path.join(data, 'media'), SITE_URL: `http://localhost:${port}` }
  const child = spawn(process.execPath, ['server.mjs'], { cwd: dir, env, stdio: 'ignore' })
  const base = `http://localhost:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`${dir} did not start on ${port}`)
}

const builds = [
  { name: 'A', ...(await serve(dirA, 3421)) },
  { name: 'B', ...(await serve(dirB, 3422)) },
]
const chrome = await launchChrome()
const runs = new Map(builds.flatMap((b) => PAGES.map((p) => [`${b.name} ${p}`, []])))
try {
  for (const b of builds) for (const p of PAGES) await fetch(`${b.base}${p}`) // warm both page caches
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse()
    for (const p of PAGES) for (const b of order) runs.get(`${b.name} ${p}`).push(await runOnce(chrome, `${b.base}${p}`))
    console.error(`round ${round + 1} of ${ROUNDS} done`)
  }
} finally {
  await chrome.kill()
  for (const b of builds) b.child.kill('SIGTERM')
}
console.log(`A: ${dirA}\nB: ${dirB}\n`)
console.log('| page | build | performance | accessibility | best practices | SEO | FCP | LCP (each run) | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|---|')
for (const p of PAGES) {
  for (const b of builds) {
    const r = medianRow(runs.get(`${b.name} ${p}`))
    console.log(`| ${p} | ${b.name} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.fcp} | ${r.lcp} (${r.lcpEach}) | ${r.tbt} | ${r.cls} |`)
  }
}
console.log(`\nLighthouse 12, mobile preset (default), median of ${ROUNDS} rounds run in turn; ${new Date().toISOString()}`)
