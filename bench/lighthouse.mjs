#!/usr/bin/env node
// Lighthouse 12 (mobile preset, Debian Chromium), median of 3 runs per page, on the production build.
// Usage: npm run bench:lighthouse   (CHROME_PATH overrides /usr/bin/chromium; BENCH_PORT the port, 3410)
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { serveBuild } from './serve.mjs'

const PAGES = ['/', '/all-bikes', '/products/honda-cb650r', '/products/shoei-nxr2-helmet', '/basket', '/login', '/finance-checkout-product?product=used-honda-cb500f-2021']
const RUNS = 3
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

const server = await serveBuild(Number(process.env.BENCH_PORT || 3410))
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
})
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const rows = []
try {
  for (const page of PAGES) {
    const url = `${server.base}${page}`
    await fetch(url) // warm the page cache, as a visitor after the first would find it
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]))
    const lcp = []
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
      for (const c of CATEGORIES) scores[c].push(Math.round((result.lhr.categories[c]?.score ?? 0) * 100))
      lcp.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0)
    }
    rows.push([page, ...CATEGORIES.map((c) => median(scores[c])), `${(median(lcp) / 1000).toFixed(2)} s`])
  }
} finally {
  await chrome.kill()
  await server.stop()
}
console.log(`| page | performance | accessibility | best practices | SEO | LCP |\n|---|---|---|---|---|---|`)
for (const r of rows) console.log(`| ${r.join(' | ')} |`)
console.log(`\nLighthouse 12, mobile preset (default), median of ${RUNS}; ${new Date().toISOString()}`)
