// A new motorcycle's £250 on-the-road charges (ADR 023), in Chromium, are in the one price the
// customer sees, from the product page through the basket, checkout and payment result, a reservation's "left to
// pay", and the finance steps; the stored orders and the finance agreement's cash price are that same figure.
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, newPage } from './browser'
import { fillCheckout, fillFinanceDetails, payOnGateway, reserveWithDeposit } from './checkout-steps'
import { addFromProductPage, adminToken, hydrated, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
afterAll(closeBrowser)

const INCLUDES = 'Includes £250 on-the-road charges: pre-delivery inspection, registration and first year’s road tax.'
/**
 * The product page names the on-the-road charge's parts (ADR 044): the DVLA fee and the first year's road tax (by
 * engine size, from the site settings' defaults) are outside the scope of VAT, the rest is the dealer's own work.
 */
const includesOnPage = (roadTaxPounds: number) =>
  `Includes £250 on-the-road charges: £${250 - 55 - roadTaxPounds} pre-delivery inspection and number plates, £55 DVLA first registration fee and £${roadTaxPounds} first year’s road tax (outside the scope of VAT).`

let token: string | undefined
async function ordersFor(email: string) {
  token ??= await adminToken()
  const res = await fetch(`${base}/api/orders?where[email][equals]=${encodeURIComponent(email)}&depth=0`, { headers: { Authorization: `JWT ${token}` } })
  return ((await res.json()) as { docs: { status: string; totalPence: number; subtotalPence: number; reservationDepositPence?: number; lines: { unitPricePence: number }[]; finance?: { figures?: { TotalCashPrice?: number } } }[] }).docs
}

/** The product page: one price, its breakdown beneath, the same figure in the structured data, nothing "in addition". */
async function expectOnePriceOnProductPage(page: Page, slug: string, headline: string, pounds: string, roadTaxPounds: number) {
  await page.goto(`/products/${slug}`)
  await hydrated(page)
  await rejectAnalyticsCookies(page)
  await expect(page.locator('.pdp-price__now').textContent()).resolves.toBe(headline)
  await expect(page.getByTestId('price-includes').textContent()).resolves.toBe(includesOnPage(roadTaxPounds))
  const text = await page.locator('main').innerText()
  expect(text).not.toMatch(/in addition|Plus £250/i)
  const offers = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(offers.join('\n')).toContain(`"price":"${pounds}"`)
}

describe('one headline price for a new motorcycle', () => {
  it('the listing, product page, basket, checkout, payment result and stored order all say £3,649 for the £3,399 + £250 Honda CB125F', async () => {
    const email = `ada.otr.${Date.now()}@example.co.uk`
    const { page, problems } = await newPage()
    await page.goto('/search?q=CB125F')
    await expect(page.locator('main').innerText()).resolves.toContain('£3,649')

    await expectOnePriceOnProductPage(page, 'honda-cb125f', '£3,649', '3649.00', 27)
    await addFromProductPage(page, '/products/honda-cb125f')
    await page.goto('/basket')
    await page.getByTestId('subtotal').waitFor()
    await expect(page.getByTestId('subtotal').textContent()).resolves.toBe('£3,649')
    await expect(page.getByTestId('total').textContent()).resolves.toBe('£3,649')

    await page.getByRole('link', { name: 'Choose delivery' }).click()
    const continueButton = page.getByRole('button', { name: 'Continue to checkout' })
    await continueButton.waitFor()
    // A motorcycle is collected or delivered by the dealer's van (ADR 004); take collection when it is offered.
    await page.getByLabel(/Collect from the dealer/).check()
    await expect(page.getByLabel(/Collect from the dealer/).isChecked()).resolves.toBe(true)
    await continueButton.click()
    await page.waitForURL('**/checkout')
    await fillCheckout(page, email)
    const pay = page.getByRole('button', { name: /^Place order and pay £3,649(\.00)?$/ })
    await pay.waitFor()
    await pay.click()
    await payOnGateway(page)
    await page.waitForURL(/\/payment-success/)
    await expect(page.locator('.order-totals__total').textContent()).resolves.toContain('£3,649')

    await expect.poll(async () => (await ordersFor(email))[0]?.status).toBe('paid')
    const [order] = await ordersFor(email)
    expect(order).toMatchObject({ subtotalPence: 364_900, totalPence: 364_900, lines: [{ unitPricePence: 364_900 }] })
    expect(problems).toEqual([])
  })

  it('a reservation of the £3,299 + £250 Peugeot Django 125 leaves £3,450 to pay after the £99 deposit, and completing it stores that', async () => {
    const email = `ada.otr.reserve.${Date.now()}@example.co.uk`
    const { page, problems } = await newPage()
    await expectOnePriceOnProductPage(page, 'peugeot-django-125', '£3,549', '3549.00', 27)
    await page.getByTestId('reserve').click()
    await page.waitForURL(/\/reserve\?product=/)
    await expect(page.locator('main').innerText()).resolves.toContain('Price £3,549.')
    await reserveWithDeposit(page, email)
    await payOnGateway(page)
    await page.waitForURL(/\/reservation-success\?reservation=RS-/)
    await expect(page.locator('main').innerText()).resolves.toMatch(/Left to pay when you buy\s*£3,450/)

    await page.getByRole('link', { name: 'Complete your purchase online' }).click()
    await page.waitForURL(/\/reservations\/complete\?token=/)
    const totals = (await page.getByTestId('complete-totals').innerText()).replace(/\s+/g, ' ')
    expect(totals).toContain('Price £3,549')
    expect(totals).toContain('Left to pay £3,450')
    await page.getByLabel('Address line 1').fill('12 Wellington Street')
    await page.getByLabel('Town or city').fill('Leeds')
    await page.getByLabel('Postcode').fill('ls1 4ap')
    await page.getByLabel(/I have read the terms/).check()
    await page.getByRole('button', { name: /^Place order and pay £3,450(\.00)?$/ }).click()
    await payOnGateway(page)
    await page.waitForURL(/\/payment-success/)
    await expect(page.locator('.order-totals__total').textContent()).resolves.toContain('£3,450')
    await expect.poll(async () => (await ordersFor(email))[0]?.status).toBe('paid')
    expect((await ordersFor(email))[0]).toMatchObject({ subtotalPence: 354_900, totalPence: 345_000, reservationDepositPence: 9_900 })
    expect(problems).toEqual([])
  })

  it('finance on the £16,499 + £250 Africa Twin: every step says £16,749, and the application and its agreement’s cash price store it', async () => {
    const email = `ada.otr.finance.${Date.now()}@example.co.uk`
    const { page, problems } = await newPage()
    await expectOnePriceOnProductPage(page, 'honda-africa-twin-adventure-sports', '£16,749', '16749.00', 127)
    await page.getByTestId('buy-on-finance').click()
    await page.waitForURL(/\/finance-checkout-product\?product=honda-africa-twin-adventure-sports$/)
    await hydrated(page, '#fc-term')
    await expect(page.locator('.fc-lede').innerText()).resolves.toBe(`Price £16,749. ${INCLUDES} We quote finance on this price.`)
    const firstHp = page.locator('[data-testid^="quote-"]').first()
    await firstHp.waitFor()
    await expect(firstHp.innerText()).resolves.toMatch(/Cash price\s*£16,749/)
    await firstHp.getByRole('button', { name: /Choose this quote/ }).click()
    await page.locator('[data-chosen="true"]').waitFor()
    await page.getByTestId('fc-continue').click()

    await page.waitForURL(/\/finance-checkout-accessories/)
    await page.getByTestId('fc-continue').click()
    await page.waitForURL(/\/finance-checkout-data/)
    await hydrated(page, '#fc-firstName')
    await fillFinanceDetails(page, email)
    await page.getByTestId('fc-continue').click()

    await page.waitForURL(/\/finance-checkout-summary/)
    await hydrated(page, '[data-testid="fc-place"]')
    await expect(page.locator('main').innerText()).resolves.toContain('Honda Africa Twin Adventure Sports: £16,749')
    await page.getByTestId('fc-place').click()
    await page.getByTestId('order-number').waitFor()

    const [order] = await ordersFor(email)
    expect(order).toMatchObject({ subtotalPence: 1_674_900, totalPence: 1_674_900, lines: [{ unitPricePence: 1_674_900 }] })
    expect(Math.round((order!.finance?.figures?.TotalCashPrice ?? 0) * 100)).toBe(1_674_900)
    expect(problems).toEqual([])
  })
})
