// The back office at 1280×800, in Chromium, as a shop manager (a staff user) runs it: the admin's home answers the
// morning's questions with the seeded shop's figures, each equal to a count made straight on the database; orders
// export to a CSV Excel opens as it is; a stock file saved by Excel as plain CSV (Windows-1252, "£12.50") imports,
// its page's fields following the job. axe checks what the shop added to the admin (the rest is Payload's markup:
// page-checks.ts, VENDOR_PAGES).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { addDays, londonDay, londonInstant } from '../../src/domain/booking/calendar'
import { formatPence } from '../../src/domain/money'
import { closeBrowser, newPage, axeFindingsInTurn } from './browser'
import { database } from './crash-database'
import { signInToAdmin, staffAccount } from './shop-fixtures'
import { shop } from './shops'

const suffix = Date.now().toString(36)
const manager = { email: `back-office-${suffix}@e2e.test`, password: 'back office passphrase 2026!' }
const db = database('sqlite', shop().env.DATABASE_URL!)
const SCREENSHOTS = process.env.BACK_OFFICE_SCREENSHOTS ?? path.resolve('data/e2e/screenshots')

afterAll(async () => {
  await db.close()
  await closeBrowser()
})

beforeAll(async () => {
  await staffAccount(manager, 'Back', 'Office')
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
})

const signIn = (page: Page) => signInToAdmin(page, manager)

const one = async (sql: string): Promise<number> => Number(Object.values((await db.query(sql))[0] ?? { n: 0 })[0] ?? 0)
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const el = document.querySelector(s)
    return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'))
  }, selector)

describe('the back office at 1280×800', () => {
  it('the dashboard shows the seeded shop’s figures, each equal to a direct count', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 })
    await signIn(page)
    const dashboard = page.getByTestId('shop-dashboard')
    await dashboard.waitFor()

    // Counted straight on the database, as a manager would by opening each list.
    const now = new Date()
    const monthStart = londonInstant(`${londonDay(now).slice(0, 8)}01`).toISOString()
    const toCollect = await one("SELECT COUNT(*) FROM orders WHERE status IN ('paid', 'processing') AND delivery_method = 'free'")
    const toDispatch = await one("SELECT COUNT(*) FROM orders WHERE status IN ('paid', 'processing') AND delivery_method <> 'free'")
    const threshold = await one('SELECT low_stock_threshold FROM site_settings')
    const low = await one(`SELECT COUNT(*) FROM products p WHERE p.status = 'active' AND (CASE WHEN p.product_type = 'variable'
      THEN (SELECT COALESCE(SUM(v.stock_quantity), 0) FROM variants v WHERE v.product_id = p.id) ELSE COALESCE(p.stock_quantity, 0) END) <= ${threshold}`)
    const month = (await one(`SELECT COALESCE(SUM(total_pence - COALESCE(payment_refunded_pence, 0)), 0) FROM orders WHERE payment_paid_at >= '${monthStart}'`)) +
      (await one(`SELECT COALESCE(SUM(deposit_pence - COALESCE(payment_refunded_pence, 0)), 0) FROM reservations WHERE payment_paid_at >= '${monthStart}'`))
    const ridesToday = await one(`SELECT COUNT(*) FROM bookings WHERE kind = 'test_ride' AND day = '${londonDay(now)}' AND status NOT IN ('cancelled', 'no_show')`)
    const ridesTomorrow = await one(`SELECT COUNT(*) FROM bookings WHERE kind = 'test_ride' AND day = '${addDays(londonDay(now), 1)}' AND status NOT IN ('cancelled', 'no_show')`)
    // The seed's demo customer has a paid order to collect: the figures are not all nought.
    expect(toCollect).toBeGreaterThan(0)

    const todo = await page.getByTestId('work-to-do').innerText()
    expect(todo).toContain(`${toCollect} paid ${toCollect === 1 ? 'order' : 'orders'} to prepare for collection`)
    expect(todo).toContain(`${toDispatch} paid ${toDispatch === 1 ? 'order' : 'orders'} to dispatch`)
    expect(todo).toContain(`test ${ridesToday === 1 ? 'ride' : 'rides'} today, ${ridesTomorrow} tomorrow`)
    expect(await page.getByTestId('low-stock-count').innerText()).toMatch(new RegExp(`^${low} products? on sale (is|are) low`))
    expect(await page.getByTestId('takings-month').innerText()).toBe(formatPence(month))
    expect(await page.getByTestId('last-backup').innerText()).toMatch(/^Last backup: /)
    // The chart is drawn, and its figures are in a table too.
    await expect.poll(() => page.locator('[aria-labelledby="dash-chart"] canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0)
    expect(await page.locator('[aria-labelledby="dash-chart"] table tbody tr').count()).toBe(56)

    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="shop-dashboard"]')).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard.png') })
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-full.png'), fullPage: true })
    expect(problems).toEqual([])
  }, 120_000)

  it('orders export to a CSV Excel opens as UTF-8, in pounds, with the orders asked for', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 }, { acceptDownloads: true })
    await signIn(page)
    await page.goto('/admin/collections/orders')
    await page.getByRole('heading', { name: 'Export orders to CSV' }).waitFor()
    await hydrated(page, '#orders-export-status')
    expect(await axeFindingsInTurn(page, [], undefined, 'section[aria-labelledby="orders-export-title"]')).toEqual([])
    await page.locator('#orders-export-status').selectOption('paid')
    await page.getByRole('button', { name: 'Export to CSV' }).click()
    await page.waitForURL((url) => /^\/admin\/collections\/data-exports\/\d+$/.test(url.pathname), { timeout: 30_000 })
    const link = page.getByRole('link', { name: 'Download the CSV' })
    await link.waitFor({ timeout: 60_000 })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const bytes = fs.readFileSync(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^Order,Placed,Paid,Status,Kind,Customer,Email,/)
    expect(lines[0]).toContain('Total (£)')
    const expected = (await db.query("SELECT order_number, total_pence FROM orders WHERE status = 'paid' ORDER BY id")).map((r) => [String(r.order_number), Number(r.total_pence)] as const)
    expect(expected.length).toBeGreaterThan(0)
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected.map(([n]) => n))
    const totalAt = lines[0]!.split(',').indexOf('Total (£)')
    expect(lines.slice(1).map((l) => l.split(',')[totalAt])).toEqual(expected.map(([, p]) => (p / 100).toFixed(2)))
    expect(download.suggestedFilename()).toMatch(/^orders-to-\d{4}-\d{2}-\d{2}-paid\.csv$/)
    expect(problems).toEqual([])
  }, 120_000)

  it('a stock file saved by Excel as plain CSV (Windows-1252) with "£12.50" imports; the import’s fields follow the job', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 })
    await signIn(page)
    await page.goto('/admin/collections/catalogue-imports')
    await page.getByRole('heading', { name: 'Import a stock file' }).waitFor()
    await hydrated(page, 'button[value="check"]')
    const sku = `E2E-CP1252-${suffix}`
    const text = `sku,name,category,price,stock,status\r\n${sku},Chain lock £12.50 ${suffix},bike-accessories/locks,£12.50,4,draft\r\n`
    const buffer = Buffer.from([...text].map((c) => (c === '£' ? 0xa3 : c.charCodeAt(0))))
    expect(buffer.includes(0xa3)).toBe(true)
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(buffer)).toThrow()
    await page.getByLabel('Stock file (CSV)').setInputFiles({ name: `excel-${suffix}.csv`, mimeType: 'text/csv', buffer })
    expect(await page.getByLabel('The file’s characters').inputValue()).toBe('auto')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.waitForURL((url) => /^\/admin\/collections\/catalogue-imports\/\d+$/.test(url.pathname), { timeout: 30_000 })
    await page.locator('[data-import-status="done"]').waitFor({ timeout: 60_000 })
    // The record's own fields on the page moved with the bar, with no reload.
    await expect.poll(() => page.locator('#field-status').innerText()).toContain('done')
    await expect.poll(() => page.locator('#field-done').inputValue()).toBe('1')
    const [row] = await db.query(`SELECT name, price, stock_quantity FROM products WHERE sku = '${sku}'`)
    expect(row).toMatchObject({ name: `Chain lock £12.50 ${suffix}`, price: 1250, stock_quantity: 4 })
    expect(problems).toEqual([])
  }, 120_000)

  it('the admin’s forgotten-password page writes the reset email for a staff account', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 })
    await page.goto('/admin/forgot')
    const email = page.locator('input[name="email"]')
    await email.waitFor()
    await hydrated(page, 'input[name="email"]')
    await email.fill(manager.email)
    const answered = page.waitForResponse((r) => r.url().includes('/api/users/forgot-password') && r.request().method() === 'POST')
    await page.locator('button[type="submit"]').click()
    expect((await answered).status()).toBe(200)
    let link: string | undefined
    for (let i = 0; i < 40 && !link; i++) {
      const mail = (await readOutbox(shop().env.OUTBOX_DIR!)).filter((m) => m.to === manager.email).at(-1)
      link = mail ? /https?:\/\/[^\s"<]+\/reset[^\s"<]*token=[a-zA-Z0-9]+/.exec(mail.html ?? mail.text)?.[0] : undefined
      if (!link) await new Promise((r) => setTimeout(r, 250))
    }
    expect(link, 'a reset link in the outbox').toBeTruthy()
    expect(problems).toEqual([])
  }, 120_000)

  it('the jobs list reads in words: kind, state and tries, last error, times', async () => {
    const { page, problems } = await newPage({ width: 1280, height: 800 })
    await signIn(page)
    await page.goto('/admin/collections/payload-jobs')
    const table = page.locator('table')
    await table.waitFor()
    const text = await table.innerText()
    expect(text).toContain('Make a CSV export (orders or the catalogue)')
    expect(text).toContain('Import a stock feed (catalogue import)')
    expect(text).toMatch(/Done/)
    expect(text).toMatch(/Queued \w{3} \d{1,2} \w{3} \d{2}:\d{2} \((just now|\d+ minutes? ago)\); finished/)
    expect(text).not.toContain('{"')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'jobs-list.png') })
    expect(problems).toEqual([])
  }, 120_000)
})
