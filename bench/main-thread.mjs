#!/usr/bin/env node
// What a page's load costs the browser's main thread in JavaScript: each page loaded in a fresh browser context
// (nothing cached, as a first visit) with V8's sampling profiler on, until 4 s after `load`; the median over runs of
// the time spent in scripts (compiling a function on its first call included), in garbage collection, and, of the
// scripts, in Turbopack's runtime instantiating modules. Unthrottled: these are this machine's milliseconds, which
// Lighthouse's mobile preset multiplies by 4 for total blocking time.
// Usage: node bench/main-thread.mjs [checkout] [runs]   (the checkout's production build, default this one; 7 runs)
//   Serve with the e2e env (`env $(…shop-env…) node bench/main-thread.mjs`), as for bench:lighthouse.
import path from 'node:path'
import { chromium } from 'playwright-core'
import { median, PAGES } from './lighthouse-lib.mjs'
import { serveBuild } from './serve.mjs'

const dir = path.resolve(process.argv[2] || path.join(import.meta.dirname, '..'))
const RUNS = Number(process.argv[3] || 7)
const port = Number(process.env.BENCH_PORT || 3430)
const server = await serveBuild(port, { dir, env: { SITE_URL: `http://localhost:${port}` } })
const base = server.base

/** Milliseconds of samples in scripts, in the collector, and in Turbopack's runtime, from a V8 CPU profile. */
function split(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const out = { scripts: 0, gc: 0, runtime: 0 }
  profile.samples.forEach((id, i) => {
    const { url, functionName } = nodes.get(id).callFrame
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    if (functionName === '(garbage collector)') out.gc += ms
    else if (url.endsWith('.js')) {
      out.scripts += ms
      if (/\/turbopack-[^/]*\.js$/.test(url)) out.runtime += ms
    }
  })
  return out
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const rows = []
try {
  for (const page of PAGES) {
    await fetch(`${base}${page}`) // warm the page cache, as Lighthouse's bench does
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 900 } })
      const tab = await context.newPage()
      const cdp = await context.newCDPSession(tab)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
      await tab.goto(`${base}${page}`, { waitUntil: 'load' })
      await tab.waitForTimeout(4000)
      runs.push(split((await cdp.send('Profiler.stop')).profile))
      await context.close()
    }
    const m = (key) => median(runs.map((r) => r[key])).toFixed(1)
    rows.push(`| ${page} | ${m('scripts')} (${runs.map((r) => r.scripts.toFixed(0)).join(', ')}) | ${m('runtime')} | ${m('gc')} |`)
  }
} finally {
  await browser.close()
  // Gone before this returns, so that a run on another checkout right after serves that checkout, not this one.
  await server.stop()
}
console.log(`${dir}, median of ${RUNS} loads a page, ${new Date().toISOString()}\n`)
console.log('| page | scripts, ms (each run) | of which Turbopack runtime, ms | garbage collection, ms |\n|---|---|---|---|')
for (const row of rows) console.log(row)
