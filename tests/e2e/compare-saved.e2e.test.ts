// Compare and saved bikes on a phone (412×900), by visible labels, with axe: three bikes compared
// from their own pages as rows that never scroll sideways; a bike saved as a guest found on the account after
// signing in; and a staff price drop that emails one alert to the outbox, where saving the same price again sends
// none.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { axeViolations, closeBrowser, newPage } from './browser'
import { adminToken, customerAccount, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const env = shop().env
const PHONE = { width: 412, height: 900 }
const shotDir = path.resolve('data/e2e/screenshots')
const suffix = Date.now().toString(36)

const COMPARED = [
  { slug: 'royal-enfield-himalayan-450', name: 'Royal Enfield Himalayan 450' },
  { slug: 'cf-moto-450mt', name: 'CF Moto 450MT' },
  { slug: 'used-honda-africa-twin-2020', name: 'Used Honda Africa Twin 2020' },
]
const SAVED = { slug: 'mutt-rs-13-250', name: 'Mutt RS-13 250' }

let restorePrice: (() => Promise<unknown>) | undefined
afterAll(async () => {
  await restorePrice?.()
  await closeBrowser()
})

async function look(page: Page, name: string) {
  fs.mkdirSync(shotDir, { recursive: true })
  await page.screenshot({ path: path.join(shotDir, `${name}-412.png`), fullPage: true })
  expect(await axeViolations(page), `axe on ${name}`).toEqual([])
}

/** A control's accessible name: its words, then the bike's name from a visually hidden span (Chromium puts a space before its colon). */
const named = (words: string, bike: string) => new RegExp(`^${words}\\s?: ${bike.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/** Waits for a client control to be live (it renders only once the browser's list is known). */
async function live(page: Page, name: RegExp) {
  const button = page.getByRole('button', { name })
  await button.waitFor()
  return button
}

async function staff(pathname: string, init: RequestInit = {}) {
  const token = await adminToken()
  const res = await fetch(`${base}${pathname}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}`, ...init.headers } })
  expect(res.status, pathname).toBeLessThan(300)
  return res.json() as Promise<{ docs?: { id: number; price: number }[] } & Record<string, unknown>>
}

describe('compare on a phone', () => {
  it('compares three bikes added from their pages, as rows no wider than the screen, with the differences marked', async () => {
    const { page } = await newPage(PHONE)
    for (const [i, bike] of COMPARED.entries()) {
      await page.goto(`/products/${bike.slug}`)
      await rejectAnalyticsCookies(page)
      const add = await live(page, named('Add to compare', bike.name))
      await add.click()
      await expect.poll(() => page.getByRole('button', { name: named('Added to compare', bike.name) }).getAttribute('aria-pressed')).toBe('true')
      await page.getByRole('link', { name: i === 0 ? 'Compare 1 bike' : `Compare ${i + 1} bikes` }).waitFor()
    }
    await page.getByRole('link', { name: 'Compare 3 bikes' }).click()
    await page.waitForURL(/\/compare\?bikes=/)
    expect(new URL(page.url()).searchParams.get('bikes')).toBe(COMPARED.map((b) => b.slug).join(','))
    await page.getByRole('heading', { level: 1, name: 'Compare bikes' }).waitFor()

    const table = page.getByRole('table', { name: 'Compared bikes, one column a bike' })
    const columns = await table.getByRole('columnheader').allTextContents()
    for (const bike of COMPARED) expect(columns.some((c) => c.includes(bike.name)), bike.name).toBe(true)
    // The price differs between these three, and says so in words; a row every bike shares does not.
    const price = table.getByRole('rowheader', { name: /^Price/ })
    await expect(price.textContent()).resolves.toMatch(/\(differs\)/)
    const labels = await table.getByRole('rowheader').allTextContents()
    expect(labels.filter((l) => l.includes('(differs)')).length).toBeGreaterThan(1)
    await expect(page.getByText(/^3 bikes; \d+ rows differ\./).isVisible()).resolves.toBe(true)
    // The used bike's history is compared too.
    expect(labels.some((l) => /mileage/i.test(l))).toBe(true)

    // Rows, not a table wider than the phone: nothing scrolls sideways, and every bike's cell is on screen.
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.viewport)
    const boxes = await table.getByRole('row').nth(1).getByRole('cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right))
    for (const right of boxes) expect(right).toBeLessThanOrEqual(PHONE.width)
    await look(page, 'compare-three')

    await page.getByRole('link', { name: 'Show only the differences' }).click()
    await page.waitForURL(/only=differences/)
    const onlyDiffering = await page.getByRole('table', { name: 'Compared bikes, one column a bike' }).getByRole('rowheader').allTextContents()
    expect(onlyDiffering.every((l) => l.includes('(differs)') || l.startsWith('Price'))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  })

  it('wraps whole words in four bikes\' rows on a phone ("Monoshock", never "Monoshoc k")', async () => {
    const { page, problems } = await newPage(PHONE)
    const four = ['honda-cb650r', 'ktm-390-duke', 'royal-enfield-himalayan-450', 'cf-moto-450mt']
    await page.goto(`/compare?bikes=${four.join(',')}`)
    const table = page.getByRole('table', { name: 'Compared bikes, one column a bike' })
    await expect(table.getByRole('columnheader').count()).resolves.toBe(4)
    // Every word of every cell on one line: a word whose letters sit on two lines was broken inside it.
    const broken = await page.evaluate(() => {
      const found: string[] = []
      for (const cell of document.querySelectorAll('.compare__table th, .compare__table td')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('.visually-hidden')) continue
          for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
            const range = document.createRange()
            range.setStart(node, word.index)
            range.setEnd(node, word.index + word[0].length)
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) found.push(word[0])
          }
        }
      }
      return found
    })
    expect(broken).toEqual([])
    await expect(table.getByRole('cell', { name: /Monoshock/ }).count()).resolves.toBeGreaterThan(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await look(page, 'compare-four')
    expect(problems).toEqual([])
  })
})

describe('saved bikes and price alerts', () => {
  const email = `saver-${suffix}@e2e.test`
  const password = 'e2e saver passphrase'

  it('saves a bike as a guest, signs in and finds it saved on the account', async () => {
    const res = await customerAccount({ email, password, firstName: 'Sam', lastName: 'Saver' })
    expect(res.status).toBe(201)

    const { page } = await newPage(PHONE)
    await page.goto(`/products/${SAVED.slug}`)
    await rejectAnalyticsCookies(page)
    await (await live(page, named('Save this bike', SAVED.name))).click()
    await expect.poll(() => page.getByRole('button', { name: named('Saved', SAVED.name) }).getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('link', { name: 'Your saved bikes' }).click()
    await page.waitForURL(/\/saved\?bikes=/)
    await page.getByRole('heading', { level: 3, name: SAVED.name }).waitFor()
    await look(page, 'saved-guest')

    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await page.waitForURL(/\/login/)
    await page.waitForFunction(() => {
      const button = document.querySelector('main form button[type="submit"]')
      return button !== null && Object.keys(button).some((k) => k.startsWith('__react'))
    })
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/saved' && !url.searchParams.has('bikes'))
    // The guest's list joins the account, so the account's own page shows it.
    await page.getByRole('heading', { level: 3, name: SAVED.name }).waitFor()
    const alerts = page.getByLabel('Email me when a saved bike’s price drops or it is back in stock')
    await alerts.check()
    await page.getByText('We will email you once when a saved bike’s price drops or it is back in stock.').waitFor()

    // On the account, not only in this browser: a fresh browser signed in as the customer sees it too.
    const other = await newPage(PHONE)
    await other.page.goto('/login?next=%2Fsaved')
    await rejectAnalyticsCookies(other.page)
    await other.page.waitForFunction(() => {
      const button = document.querySelector('main form button[type="submit"]')
      return button !== null && Object.keys(button).some((k) => k.startsWith('__react'))
    })
    await other.page.getByLabel('Email address').fill(email)
    await other.page.getByLabel('Password', { exact: true }).fill(password)
    await other.page.getByRole('button', { name: 'Sign in' }).click()
    await other.page.waitForURL((url) => url.pathname === '/saved')
    await other.page.getByRole('heading', { level: 3, name: SAVED.name }).waitFor()
    await expect(other.page.getByLabel('Email me when a saved bike’s price drops or it is back in stock').isChecked()).resolves.toBe(true)
    await look(other.page, 'saved-account')
  })

  it('emails one alert when staff drop the price, and none when the same price is saved again', async () => {
    const found = await staff(`/api/products?where[slug][equals]=${SAVED.slug}&depth=0`)
    const product = found.docs![0]!
    const was = product.price
    const dropped = was - 10_000
    restorePrice = () => staff(`/api/products/${product.id}`, { method: 'PATCH', body: JSON.stringify({ price: was }) })
    const alertsTo = async () => (await readOutbox(env.OUTBOX_DIR!)).filter((m) => m.to === email && m.subject.startsWith(SAVED.name))

    expect(await alertsTo()).toEqual([])
    await staff(`/api/products/${product.id}`, { method: 'PATCH', body: JSON.stringify({ price: dropped }) })
    await expect.poll(async () => (await alertsTo()).length, { timeout: 30_000, interval: 500 }).toBe(1)
    const [alert] = await alertsTo()
    expect(alert!.subject).toMatch(/^Mutt RS-13 250 is now £[\d,.]+$/)
    expect(alert!.text).toContain(SAVED.name)
    expect(alert!.text).toMatch(/unsubscribe/i)

    // The same price saved again (staff pressing Save twice) is no change: no second email, however long we wait.
    await staff(`/api/products/${product.id}`, { method: 'PATCH', body: JSON.stringify({ price: dropped }) })
    await new Promise((r) => setTimeout(r, 8_000))
    expect(await alertsTo()).toHaveLength(1)
  })
})
