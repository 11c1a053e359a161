#!/usr/bin/env node
// Lighthouse 12 (mobile preset, Debian Chromium), median of 3 runs per page, on the production build.
// Usage: npm run bench:lighthouse   (CHROME_PATH overrides /usr/bin/chromium; BENCH_PORT the port, 3410; BENCH_PAGES
//   a comma-separated list of paths instead of the seven pages)
import { launchChrome, medianRow, PAGES, runOnce } from './lighthouse-lib.mjs'
import { serveBuild } from './serve.mjs'

const RUNS = 3
const server = await serveBuild(Number(process.env.BENCH_PORT || 3410))
const chrome = await launchChrome()
const rows = []
try {
  for (const page of PAGES) {
    const url = `${server.base}${page}`
    await fetch(url) // warm the page cache, as a visitor after the first would find it
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(chrome, url))
    rows.push({ page, ...medianRow(runs) })
  }
} finally {
  await chrome.kill()
  await server.stop()
}
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP (each run) | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.fcp} | ${r.lcp} (${r.lcpEach}) | ${r.tbt} | ${r.cls} |`)
console.log(`\nLighthouse 12, mobile preset (default), median of ${RUNS}; ${new Date().toISOString()}`)
