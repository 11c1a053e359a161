// In Chromium: a shop manager (a staff user) signs in to the admin, checks a stock file with some bad
// rows in a dry run, imports it, watches the import's progress bar move to done with the errors counted, and
// downloads the refused rows as CSV with their line numbers and reasons.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, newPage } from './browser'
import { adminToken, signInToAdmin, staffAccount } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const suffix = Date.now().toString(36)
const manager = { email: `manager-${suffix}@e2e.test`, password: 'stock manager passphrase 2026!' }

afterAll(closeBrowser)

// Four good rows and five refused ones (tests/fixtures, shared with the integration test)...
const fixture = fs.readFileSync(path.resolve('tests/fixtures/catalogue-import-with-errors.csv'), 'utf8').trimEnd().split('\n')
// ...after enough draft products that the job takes a few batches, so the bar is seen before it is full. Drafts
// are never shown on the storefront, so the other e2e files see the shop as before.
const FILLER = 1500
const filler = Array.from({ length: FILLER }, (_, i) => `E2E-FILL-${suffix}-${i},,Progress filler lock ${i},bike-accessories/locks,Fixturebrand,9.99,1,,,draft`)
const header = `${fixture[0]},status`
const csv = [header, ...fixture.slice(1).map((l) => `${l},`), ...filler].join('\n') + '\n'
const TOTAL = FILLER + fixture.length - 1
// The fixture's refused rows are its lines 6 to 10; the filler comes after them.
const REFUSED_LINES = ['6', '7', '8', '9', '10']

describe('a manager imports a stock file in the admin', () => {
  it('checks it, imports it, watches the progress bar reach done and downloads the refused rows', async () => {
    const token = await adminToken()
    await staffAccount(manager, 'Stock', 'Manager')

    const { page, problems } = await newPage({ width: 1280, height: 900 }, { acceptDownloads: true })
    await signInToAdmin(page, manager)

    await page.goto('/admin/collections/catalogue-imports')
    await page.getByRole('heading', { name: 'Import a stock file' }).waitFor()
    await page.waitForFunction(() => {
      const button = document.querySelector('button[value="check"]')
      return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'))
    })
    const file = { name: `dealer-stock-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) }
    await page.getByLabel('Stock file (CSV)').setInputFiles(file)

    // The dry run: counts and the refused rows, nothing written.
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click()
    const status = page.getByRole('status').filter({ hasText: 'Dry run' })
    await status.waitFor({ timeout: 30_000 })
    await expect(status.textContent()).resolves.toContain(`${TOTAL} rows. ${TOTAL - 5} would be created, 0 updated, 0 left unchanged and 5 refused. Nothing was written.`)
    const refusedTable = page.getByRole('table', { name: 'Refused rows' })
    expect(await refusedTable.locator('tbody tr td:first-child').allTextContents()).toEqual(REFUSED_LINES)
    await expect(refusedTable.textContent()).resolves.toMatch(/FIX-NO-PARENT/)

    // The import: queued as a job; its page opens and follows it.
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.waitForURL((url) => /^\/admin\/collections\/catalogue-imports\/\d+$/.test(url.pathname), { timeout: 30_000 })
    const importId = Number(new URL(page.url()).pathname.split('/').pop())
    const bar = page.getByRole('progressbar', { name: 'Import progress' })
    await bar.waitFor()
    const seen: { value: number; max: number; text: string }[] = []
    const deadline = Date.now() + 90_000
    for (;;) {
      // the bar and the summary read together, in one turn of the page: read one at a time, an import that finished
      // between the reads paired a queued bar (0) with the finished summary
      const now = await page.evaluate(() => {
        const el = document.querySelector('#catalogue-import-progress')
        return { value: Number(el?.getAttribute('value')), max: Number(el?.getAttribute('max')), text: document.querySelector('[data-import-status]')?.textContent ?? '' }
      })
      if (seen.at(-1)?.text !== now.text) seen.push(now)
      if (now.text.startsWith('Finished') || Date.now() > deadline) break
      await page.waitForTimeout(200)
    }
    // Seen before the end, then full, on the same page (the bar polls the import; nobody reloaded).
    expect(seen[0]!.value, JSON.stringify(seen)).toBeLessThan(TOTAL)
    expect(seen.at(-1)).toEqual({ value: TOTAL, max: TOTAL, text: `Finished: ${TOTAL.toLocaleString('en-GB')} of ${TOTAL.toLocaleString('en-GB')} rows done, 5 errors.` })
    expect(new URL(page.url()).pathname).toBe(`/admin/collections/catalogue-imports/${importId}`)
    const shown = page.getByRole('table', { name: /Refused rows/ })
    // The rows themselves are read once the count of refused rows is seen, a moment after the summary: waited for.
    await expect.poll(() => shown.locator('tbody tr td:first-child').allTextContents(), { timeout: 15_000 }).toEqual(REFUSED_LINES)
    await expect(shown.textContent()).resolves.toMatch(/FIX-NO-PARENT/)

    // The refused rows, downloaded as CSV: each with its line and reason.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download the refused rows/ }).click()])
    expect(download.suggestedFilename()).toBe(`import-${importId}-refused.csv`)
    const lines = fs.readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/)
    expect(lines[0]).toBe('line,sku,reason')
    const rows = lines.slice(1).map((l) => {
      const [line, sku, ...reason] = l.split(',')
      return { line, sku, reason: reason.join(',') }
    })
    expect(rows.map((r) => [r.line, r.sku])).toEqual([['6', 'FIX-CAPE'], ['7', 'FIX-NEG'], ['8', 'FIX-PRICE'], ['9', 'FIX-LOCK'], ['10', 'FIX-ORPHAN-M']])
    expect(rows[0]!.reason).toMatch(/category/i)
    expect(rows[1]!.reason).toMatch(/stock/i)
    expect(rows[2]!.reason).toMatch(/price/i)
    expect(rows[3]!.reason).toMatch(/line 5/i)
    expect(rows[4]!.reason).toMatch(/FIX-NO-PARENT/)

    // What the shop now holds: the good rows, by the manager's import.
    const record = (await (await fetch(`${base}/api/catalogue-imports/${importId}?depth=0`, { headers: { Authorization: `JWT ${token}` } })).json()) as Record<string, unknown>
    expect(record).toMatchObject({ status: 'done', source: 'admin', total: TOTAL, created: TOTAL - 5, refusedCount: 5 })
    expect(record.feed).toBeUndefined()
    const lock = (await (await fetch(`${base}/api/products?where[sku][equals]=FIX-LOCK&depth=0`, { headers: { Authorization: `JWT ${token}` } })).json()) as { docs: { name: string; price: number; stockQuantity: number }[] }
    expect(lock.docs[0]).toMatchObject({ name: 'Fixture Disc Lock', price: 3999, stockQuantity: 7 })
    expect(problems).toEqual([])
  }, 180_000)
})
