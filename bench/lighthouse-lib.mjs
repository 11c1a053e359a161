// Shared by the Lighthouse benches: one Chromium, the mobile preset, and the figures each run gives.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const ALL_PAGES = ['/', '/all-bikes', '/products/honda-cb650r', '/products/shoei-nxr2-helmet', '/basket', '/login', '/finance-checkout-product?product=used-honda-cb500f-2021']
/** The pages measured: all of them, or those named in BENCH_PAGES (comma-separated paths) for a narrower A/B. */
export const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()).filter(Boolean) : ALL_PAGES
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

export async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  })
}

/** One Lighthouse run (mobile preset, simulated throttling): the four scores and the metrics behind performance. */
export async function runOnce(chrome, url) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** A table row of medians over runs. */
export function medianRow(runs) {
  const m = (key) => median(runs.map((r) => r[key]))
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    'best-practices': m('best-practices'),
    seo: m('seo'),
    fcp: `${(m('fcp') / 1000).toFixed(2)} s`,
    lcp: `${(m('lcp') / 1000).toFixed(2)} s`,
    tbt: `${Math.round(m('tbt'))} ms`,
    cls: m('cls').toFixed(3),
    lcpEach: runs.map((r) => (r.lcp / 1000).toFixed(2)).join(', '),
  }
}
