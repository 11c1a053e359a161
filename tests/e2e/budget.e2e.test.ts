// Shop by monthly budget on a phone. The budget form filters /all-bikes to what a rider can pay a month on
// their deposit and term, by its visible labels; every card then says "from £X a month" within the budget, cheapest
// first; the address keeps the budget; and the page carries a full representative example (CONC 3.5.5R).
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'

const PHONE = { width: 412, height: 900 }

afterAll(closeBrowser)

function pence(text: string): number {
  const m = /from £([\d,]+(?:\.\d{2})?) a month/.exec(text)
  return m ? Math.round(Number(m[1]!.replace(/,/g, '')) * 100) : Number.NaN
}

describe('/all-bikes by monthly budget', () => {
  it('filters to at most £150 a month, cheapest first, keeps the budget in the address and shows the representative example', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/all-bikes')
    // folded on a phone, as the filters are, so the first bikes stay on the first screen
    await page.getByText('Monthly budget', { exact: true }).click()
    const form = page.getByRole('form', { name: 'Shop by monthly budget' })
    await form.getByLabel('Most per month (£)').fill('150')
    await form.getByLabel('Deposit (£)').fill('1000')
    await form.getByLabel('Term').selectOption('48')
    await form.getByRole('button', { name: 'Show bikes in budget' }).click()
    await page.waitForURL(/\/all-bikes\?monthly=150&deposit=1000&term=48$/)

    const cards = page.locator('.listing__grid .product-card')
    const n = await cards.count()
    expect(n).toBeGreaterThan(0)
    const monthly = (await page.locator('.listing__grid .product-card').evaluateAll((els) => els.map((e) => e.querySelector('.product-card__monthly')?.textContent ?? ''))).map(pence)
    expect(monthly).toHaveLength(n)
    for (const m of monthly) {
      expect(Number.isFinite(m)).toBe(true)
      expect(m).toBeLessThanOrEqual(15_000)
    }
    expect([...monthly].sort((a, b) => a - b)).toEqual(monthly)

    // One full representative example on the page, on the rider's deposit and term.
    const example = page.getByTestId('representative-example')
    await expect(example.count()).resolves.toBe(1)
    const text = (await example.textContent()) ?? ''
    expect(text).toMatch(/Representative APR/)
    expect(text).toMatch(/Duration of agreement48 months/)
    expect(text).toMatch(/Deposit£1,000(\.00)?Total amount of credit/)

    // The state lives in the address: reloading it gives the same form and the same bikes.
    const names = await page.locator('.listing__grid .product-card__name').allTextContents()
    await page.reload()
    await expect(form.getByLabel('Most per month (£)').inputValue()).resolves.toBe('150')
    await expect(form.getByLabel('Deposit (£)').inputValue()).resolves.toBe('1000')
    await expect(form.getByLabel('Term').inputValue()).resolves.toBe('48')
    await expect(page.locator('.listing__grid .product-card__name').allTextContents()).resolves.toEqual(names)

    await page.screenshot({ path: '/tmp/budget-412.png', fullPage: false })
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('a budget nothing fits says so, and the budget can be cleared', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto('/all-bikes?monthly=5&deposit=0&term=24')
    await expect(page.getByRole('status').first().textContent()).resolves.toMatch(/^0 bikes/)
    await expect(page.getByTestId('representative-example').count()).resolves.toBe(0)
    await page.getByRole('link', { name: 'Clear budget' }).click()
    await page.waitForURL(/\/all-bikes$/)
    expect(problems).toEqual([])
  })
})
