import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
for (const [w, h] of [[412, 900], [1280, 800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } })
  const errors = []
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()) })
  page.on('pageerror', (e) => errors.push(String(e)))
  for (const path of ['/', '/all-bikes', '/products/honda-cb650r', '/basket']) {
    await page.goto('http://localhost:3410' + path)
    const atLoad = await page.evaluate(() => !!document.querySelector('button') && Object.keys(document.querySelector('button')).some((k) => k.startsWith('__react')))
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__react'))), null, { timeout: 5000 })
    const t = await page.evaluate(() => {
      const lcp = performance.getEntriesByType('largest-contentful-paint')
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      const chunks = performance.getEntriesByType('resource').filter((r) => r.name.includes('/_next/static/') && r.name.endsWith('.js')).map((r) => r.startTime)
      const nav = performance.getEntriesByType('navigation')[0]
      return { fcp, firstChunk: Math.min(...chunks), loadEnd: nav.loadEventStart, dcl: nav.domContentLoadedEventStart }
    })
    console.log(w, path, 'hydrated-at-load', atLoad, JSON.stringify(t, (k, v) => typeof v === 'number' ? Math.round(v) : v))
  }
  await page.screenshot({ path: `tmp-probe/pdp-${w}.png` })
  console.log('errors', errors)
  await page.close()
}
await browser.close()
