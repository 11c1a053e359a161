// "Value my bike" in Chromium at 412 x 900: reached by its visible label from the home page and a bike's page; the form
// with the condition questions (errors tied to their inputs), the figure with its trade range, the inspection note and
// the day it is held until; the finance step then offers the same valuation without asking; an expired one says when
// it expired and asks again. axe runs on each state.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { hydrated, rejectAnalyticsCookies } from './shop-fixtures'

const shots = path.resolve('data/e2e/screenshots')
const SUBMIT = 'form[aria-label="Value my bike"] button[type="submit"]'
const KEPT = 'wheelhouse.finance.partExchange'

afterAll(closeBrowser)

async function openForm(page: Page) {
  await page.goto('/value-my-bike')
  await hydrated(page, SUBMIT)
  await rejectAnalyticsCookies(page)
}

describe('value my bike', () => {
  it('is linked by its label from the home page and a bike’s page', async () => {
    const { page } = await newPage({ width: 412, height: 900 })
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Value my bike' }).first().getAttribute('href')).resolves.toBe('/value-my-bike')
    await page.goto('/products/honda-cb650r')
    await expect(page.getByTestId('value-my-bike').getAttribute('href')).resolves.toBe('/value-my-bike')
    await page.getByTestId('value-my-bike').click()
    await page.waitForURL(/\/value-my-bike$/)
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Value my bike')
  })

  it('asks about the bike, shows the figure held for 14 days, and the finance step offers it without asking again', async () => {
    const { page } = await newPage({ width: 412, height: 900 })
    await openForm(page)
    expect(await axeViolations(page)).toEqual([])

    const form = page.getByRole('form', { name: 'Value my bike' })
    await form.getByRole('button', { name: 'Value my bike' }).click()
    await page.getByRole('alert').filter({ hasText: 'Check the highlighted details' }).waitFor()
    await expect(form.getByLabel('Registration number').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(form.getByRole('group', { name: 'Does it have any damage?' }).innerText()).resolves.toContain('Say whether the bike has any damage')
    expect(await axeViolations(page)).toEqual([])

    await form.getByLabel('Registration number').fill('AB21 CDE')
    await form.getByLabel('Make').fill('Honda')
    await form.getByLabel('Mileage').fill('9000')
    await form.getByLabel('Condition').selectOption('good')
    await form.getByRole('group', { name: 'Does it have a full service history?' }).getByLabel('Yes').check()
    await form.getByLabel('Number of keys').fill('2')
    await form.getByRole('group', { name: 'Do you have the V5C logbook?' }).getByLabel('Yes').check()
    await form.getByRole('group', { name: 'Does it have any damage?' }).getByLabel('Yes').check()
    await form.getByLabel('Describe the damage').fill('Scratched tank')
    await form.getByLabel('Outstanding finance (£)').fill('0')
    await form.getByRole('button', { name: 'Value my bike' }).click()

    const result = page.getByTestId('your-valuation')
    await result.getByRole('heading', { name: 'Your valuation' }).waitFor()
    const text = await result.innerText()
    expect(text).toMatch(/We value your bike at £[\d,]+/)
    expect(text).toContain('AB21 CDE, Honda, 2021')
    expect(text).toMatch(/Trade-in guide: £[\d,]+ to £[\d,]+/)
    expect(text).toContain('Subject to inspection')
    expect(text).toMatch(/We hold this valuation for 14 days, until \d{1,2} [A-Z][a-z]+ \d{4}/)
    // focus moves to the figure so a screen reader reads it
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Your valuation')
    expect(await axeViolations(page)).toEqual([])
    fs.mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: path.join(shots, 'value-my-bike-valued-412.png'), fullPage: true })

    // kept in this browser: the page shows it again, and the finance step offers it
    await page.reload()
    await result.getByRole('heading', { name: 'Your valuation' }).waitFor()
    await page.goto('/finance-checkout-product?product=honda-cb650r')
    const step = page.getByTestId('part-exchange')
    await step.getByRole('heading', { name: 'Your part-exchange' }).waitFor()
    expect(await step.innerText()).toContain('AB21 CDE, Honda, 2021')
    await step.getByRole('button', { name: 'Apply to my quote' }).waitFor()
  }, 120_000)

  it('says when a kept valuation expired and offers to value again, on the page and on the finance step', async () => {
    const { page } = await newPage({ width: 412, height: 900 })
    await page.goto('/value-my-bike')
    const kept = { valuation: { valuationId: '00000000-0000-4000-8000-000000000001', vrm: 'AB21CDE', make: 'Honda', year: 2021, mileage: 9000, lowPence: 300_000, highPence: 350_000, valuePence: 300_000, outstandingFinancePence: 0, netPence: 300_000, expiresAt: '2026-01-10T12:00:00.000Z' }, applied: true }
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [KEPT, JSON.stringify(kept)])
    await page.reload()
    const result = page.getByTestId('your-valuation')
    await result.getByRole('heading', { name: 'Your valuation has expired' }).waitFor()
    await rejectAnalyticsCookies(page)
    expect(await page.getByTestId('valuation-expired').innerText()).toContain('Your valuation of AB21 CDE expired on 10 January 2026')
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/finance-checkout-product?product=honda-cb650r')
    const step = page.getByTestId('part-exchange')
    await step.getByRole('heading', { name: 'Your valuation has expired' }).waitFor()
    expect(await step.innerText()).toContain('expired on 10 January 2026')
    await step.getByRole('button', { name: 'Value my bike again' }).click()
    await step.getByRole('form', { name: 'Value my bike' }).waitFor()

    await page.goto('/value-my-bike')
    await hydrated(page, SUBMIT)
    await expect(page.evaluate((key) => window.localStorage.getItem(key), KEPT)).resolves.toBeNull()
  }, 120_000)
})
