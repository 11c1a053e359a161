// Used bikes a rider can trust, in Chromium at 412 x 900 and driven by what the page says: a used bike's page shows
// its MOT history and the mileage chart; a Cat N bike says so on its card and its page; staff stock a used bike by
// typing its registration in the admin, where the offline DVLA and MOT sources fill its fields in. axe on each page.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { adminToken, draftProduct, rejectAnalyticsCookies, signInToAdmin } from './shop-fixtures'
import { shop } from './shops'

const PHONE = { width: 412, height: 900 }
const suffix = Date.now().toString(36)
const shots = path.resolve('data/e2e/screenshots')
const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

afterAll(closeBrowser)

// The shop has only just started: its first render of these pages (data read, pages cached) can take longer than a
// browser's navigation timeout on a busy machine, so each is asked for once first.
beforeAll(async () => {
  for (const path of ['/products/used-honda-cb500f-2021', '/all-bikes?condition=used', '/products/used-ktm-790-duke-2019', '/accessibility']) {
    const res = await fetch(`${shop().baseURL}${path}`, { signal: AbortSignal.timeout(90_000) })
    expect(res.status, path).toBe(200)
    await res.arrayBuffer()
  }
}, 240_000)

describe('used bikes', () => {
  it('a used bike’s page shows its MOT history and the mileage chart', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/products/used-honda-cb500f-2021', { timeout: 60_000 })
    await rejectAnalyticsCookies(page)
    const record = page.getByRole('region', { name: 'Road record and history' })
    await expect(record.getByText('History checked on 20 November 2026 with HPI').isVisible()).resolves.toBe(true)
    await expect(record.getByRole('heading', { name: 'MOT history' }).isVisible()).resolves.toBe(true)
    // The chart is a picture for the eye and a sentence for a screen reader; the readings are the table's.
    const chart = record.getByRole('figure')
    await expect(chart.getByText(/^Mileage at each MOT, from 1,940 miles in 2022 to 18,420 miles in 2026, rising at every test\./).isVisible()).resolves.toBe(true)
    await expect(page.getByTestId('mileage-chart').isVisible()).resolves.toBe(true)
    const table = record.getByRole('table', { name: /Each MOT test, newest first/ })
    const rows = table.getByRole('row')
    await expect(rows.count()).resolves.toBe(7) // the header and six tests
    await expect(rows.nth(1).innerText()).resolves.toMatch(/15 March 2026\s+Pass\s+18,420 miles\s+Advisory: Front brake pads wearing thin/)
    await expect(table.getByRole('row', { name: /Fail/ }).innerText()).resolves.toMatch(/8 March 2023\s+Fail\s+5,210 miles\s+Major: Headlamp aim too high/)
    expect(await axeViolations(page)).toEqual([])
    await shoot(page, 'used-bike-mot-412')
    expect(problems).toEqual([])
  }, 120_000)

  it('a Cat N bike shows its category on its card and on its page', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/all-bikes?condition=used')
    await rejectAnalyticsCookies(page)
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Used KTM 790 Duke 2019' }) })
    await expect(card.getByText('Cat N', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(card.getByTitle('Category N write-off: repaired non-structural damage').count()).resolves.toBe(1)
    expect(await axeViolations(page)).toEqual([])

    await card.getByRole('link', { name: 'Used KTM 790 Duke 2019' }).click()
    await page.waitForURL(/\/products\/used-ktm-790-duke-2019$/)
    const record = page.getByRole('region', { name: 'Road record and history' })
    await expect(record.getByText('Category N write-off: repaired non-structural damage. It has been repaired and is sold as such.').isVisible()).resolves.toBe(true)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  }, 90_000)

  it('staff stock a used bike by its registration: the lookup fills its fields and they are saved', async () => {
    const bike = await draftProduct('motorcycle', { name: `E2E used Honda ${suffix}`, sku: `E2E-USED-${suffix}`, slug: `e2e-used-honda-${suffix}`, price: 399_500, condition: 'used' })
    const { page, problems } = await newPage(PHONE)
    await signInToAdmin(page, { email: inject('adminEmail'), password: inject('adminPassword') })
    await page.goto(`/admin/collections/products/${bike.id}`)
    // The admin draws a form's fields as they scroll into view: bring the used-bike group into view first.
    await page.getByText('Used bike: road record and history check', { exact: true }).scrollIntoViewIfNeeded()
    const registration = page.getByLabel('Registration to look up')
    await registration.waitFor({ timeout: 45_000 }).catch(async (e: unknown) => {
      await shoot(page, 'used-bike-admin-failed-412')
      throw e
    })
    await page.waitForFunction(() => {
      const input = document.querySelector('[data-testid="registration-lookup-input"]')
      return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps'))
    })
    await registration.fill('wh19 mot')
    await page.getByRole('button', { name: 'Look up registration' }).click()
    const result = page.getByRole('status').filter({ hasText: 'Filled in from DVLA' })
    await expect(result.innerText()).resolves.toBe('Filled in from DVLA: HONDA, red, 471 cc, 2019. 6 MOT tests read. Save to keep them.')
    await expect(page.getByLabel('Make (DVLA)').inputValue()).resolves.toBe('HONDA')
    await expect(page.getByLabel('Colour (DVLA)').inputValue()).resolves.toBe('RED')
    await expect(page.getByLabel('Tax status').inputValue()).resolves.toBe('Taxed')
    await expect(page.getByLabel('MOT status').inputValue()).resolves.toBe('Valid')
    expect(await axeViolations(page)).toEqual([])
    await shoot(page, 'used-bike-admin-lookup-412')

    await page.getByRole('button', { name: 'Save' }).first().click()
    const token = await adminToken()
    const saved = async () => {
      const res = await fetch(`${shop().baseURL}/api/products/${bike.id}?depth=0`, { headers: { Authorization: `JWT ${token}` } })
      return ((await res.json()) as { usedBike?: { make?: string | null; motTests?: unknown[] | null }; vehicle?: { vrm?: string | null } })
    }
    await expect.poll(async () => (await saved()).usedBike?.make, { timeout: 15_000 }).toBe('HONDA')
    const doc = await saved()
    expect(doc.vehicle?.vrm?.replace(/\s/g, '')).toBe('WH19MOT')
    expect(doc.usedBike?.motTests).toHaveLength(6)
    expect(problems).toEqual([])
  }, 150_000)

  it('the accessibility statement is linked from every page’s footer and states the suite’s checks and how to report a problem', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/products/used-ktm-790-duke-2019')
    await rejectAnalyticsCookies(page)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click()
    await page.waitForURL(/\/accessibility$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).isVisible()).resolves.toBe(true)
    const main = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ')
    expect(main).toContain('WCAG 2.0, 2.1 and 2.2 A and AA rules')
    expect(main).toContain('412 by 900 pixels')
    expect(main).toContain('Reporting a problem')
    expect(await axeViolations(page)).toEqual([])
    await shoot(page, 'accessibility-statement-412')
    await page.setViewportSize({ width: 1280, height: 800 })
    await shoot(page, 'accessibility-statement-1280')
    expect(problems).toEqual([])
  }, 90_000)
})
