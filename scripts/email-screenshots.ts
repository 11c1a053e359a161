// Screenshots of every customer email as a mail program shows its HTML part, for the docs and for looking at:
// `npx tsx scripts/email-screenshots.ts [outDir]` (default docs/screenshots/emails). Each email of the catalogue
// (src/email-previews) is rendered with the sample dealer below and drawn in Debian's Chromium at 680 px wide.
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { emailBrandOf } from '../src/domain/emails/email-brand'
import { emailSamples } from '../src/email-previews/email-catalogue'
import { renderEmail } from '../src/features/emails/render-email'

const out = path.resolve(process.argv[2] ?? 'docs/screenshots/emails')
const site = 'https://shop.wheelhouse.example'
const brand = emailBrandOf({ dealerName: 'Wheelhouse', address: { line1: '1 Kirkstall Road', town: 'Leeds', postcode: 'LS3 1HS' }, phone: '0113 496 0000', email: 'shop@wheelhouse.example', vatNumber: 'GB123456789' }, site)

fs.mkdirSync(out, { recursive: true })
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
try {
  const page = await browser.newPage({ viewport: { width: 680, height: 300 } })
  // The logo is the shop's own icon, served from the repository rather than the sample site.
  await page.route(`${site}/icons/icon-192.png`, (route) => route.fulfill({ path: path.resolve('public/icons/icon-192.png'), contentType: 'image/png' }))
  for (const sample of emailSamples(brand)) {
    const mail = await renderEmail(sample.content, brand)
    await page.setContent(mail.html, { waitUntil: 'load' })
    await page.screenshot({ path: path.join(out, `${sample.id}.png`), fullPage: true })
    console.info(`${sample.id}.png  ${mail.subject}`)
  }
} finally {
  await browser.close()
}
