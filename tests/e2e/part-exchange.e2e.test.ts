// Part-exchange in Chromium at 412 x 900: on the finance quote step, value a bike by its visible labels,
// apply it to the quote, and see the part-exchange on the quote with a lower monthly payment. axe runs on each state.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { hydrated } from './shop-fixtures'

const FINANCE_STEP = '/finance-checkout-product?product=honda-cb650r'
const shots = path.resolve('data/e2e/screenshots')

afterAll(closeBrowser)

async function chosenMonthly(page: Page): Promise<string> {
  return (await page.locator('[data-chosen="true"] .rep-example__row').first().locator('dd').innerText()).trim()
}

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100)

describe('part-exchange on a finance quote', () => {
  it('values a bike and applies it to a quote: the quote shows the part-exchange and a lower monthly payment', async () => {
    const { page, allow } = await newPage({ width: 412, height: 900 })
    // The registration refused on purpose below answers 422.
    allow(/422 .*\/api\/finance\/part-exchange/, /status of 422 .*\/api\/finance\/part-exchange/)
    await page.goto(FINANCE_STEP)
    await hydrated(page, '#fc-term')
    const reject = page.getByRole('button', { name: 'Reject analytics cookies' })
    if (await reject.isVisible()) await reject.click()
    const firstHp = page.getByTestId('quote-HP').first()
    await firstHp.waitFor()
    await firstHp.getByRole('button', { name: /Choose this quote/ }).click()
    await page.locator('[data-chosen="true"]').waitFor()
    const before = await chosenMonthly(page)

    // A registration that is not a UK mark is refused with a clear message, and nothing is applied.
    const form = page.getByRole('form', { name: 'Value my bike' })
    await form.getByLabel('Registration number').fill('NOT A PLATE')
    await form.getByLabel('Make').fill('Honda')
    await form.getByLabel('Mileage').fill('9000')
    await form.getByLabel('Condition').selectOption('good')
    await form.getByRole('group', { name: 'Does it have a full service history?' }).getByLabel('No').check()
    await form.getByLabel('Number of keys').fill('1')
    await form.getByRole('group', { name: 'Do you have the V5C logbook?' }).getByLabel('Yes').check()
    await form.getByRole('group', { name: 'Does it have any damage?' }).getByLabel('Yes').check()
    await form.getByLabel('Describe the damage').fill('Scratched tank')
    await form.getByLabel('Outstanding finance (£)').fill('500')
    await form.getByRole('button', { name: 'Value my bike' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'not a UK registration number' }).first().innerText()).resolves.toContain('not a UK registration number')
    await expect(page.getByLabel('Registration number').getAttribute('aria-invalid')).resolves.toBe('true')
    expect(await axeViolations(page)).toEqual([])

    await form.getByLabel('Registration number').fill('AB21 CDE')
    await form.getByRole('button', { name: 'Value my bike' }).click()
    const valued = page.getByTestId('part-exchange')
    await valued.getByText('Trade-in guide').waitFor()
    const summary = await valued.innerText()
    expect(summary).toContain('AB21 CDE, Honda, 2021')
    expect(summary).toMatch(/Trade-in guide: £[\d,]+ to £[\d,]+/)
    expect(summary).toContain('Subject to inspection')
    expect(await axeViolations(page)).toEqual([])
    fs.mkdirSync(shots, { recursive: true })
    await page.screenshot({ path: path.join(shots, 'part-exchange-valued-412.png'), fullPage: true })

    await page.getByRole('button', { name: 'Apply to my quote' }).click()
    await page.waitForFunction((was) => {
      const dd = document.querySelector('[data-chosen="true"] .rep-example__row dd')
      return dd !== null && dd.textContent?.trim() !== was && document.querySelector('[data-chosen="true"] [data-testid="quote-part-exchange"]') !== null
    }, before)
    const after = await chosenMonthly(page)
    expect(pence(after)).toBeLessThan(pence(before))
    const onQuote = await page.locator('[data-chosen="true"] [data-testid="quote-part-exchange"]').innerText()
    expect(onQuote).toContain('Part-exchange: AB21 CDE') // printed as on the plate
    expect(onQuote).toMatch(/Part-exchange value\s*£[\d,]+/)
    expect(onQuote).toMatch(/Settlement of outstanding finance\s*£500/)
    expect(onQuote).toMatch(/Net part-exchange \(off the amount borrowed\)\s*£[\d,]+/)
    expect(onQuote).toContain('Subject to inspection')
    await expect(page.getByRole('button', { name: 'Applied to my quote' }).getAttribute('aria-pressed')).resolves.toBe('true')
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: path.join(shots, 'part-exchange-applied-412.png'), fullPage: true })

    // It stays applied across a reload of the step (kept in this tab), quoted again by the server from its own figures.
    await page.reload()
    await page.locator('[data-chosen="true"] [data-testid="quote-part-exchange"]').waitFor()
    await expect(chosenMonthly(page)).resolves.toBe(after)
  }, 120_000)
})
