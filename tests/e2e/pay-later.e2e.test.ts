// Klarna's Pay in 3 on a phone (412×900) with the axe gate on every step: a rider-wear basket's Klarna modal shows
// three instalments that add up to the basket total; paid with Pay in 3 on the test gateway (approved) the order is
// paid by Klarna, and a declined Klarna account lands on /payment-failure with the stock back; a motorcycle basket
// is offered finance instead, with the reason, and cannot choose Pay in 3 at checkout (ADR 052).
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { collectAndFillCheckout } from './checkout-steps'
import { addFromProductPage, adminToken } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
afterAll(closeBrowser)

const PHONE = { width: 412, height: 900 }
const JACKET = '/products/oxford-mondial-jacket'
const LOCK = '/products/abus-bordo-6000'
const MOTORCYCLE = '/products/ktm-390-duke'

let token: string | undefined
async function admin(path: string) {
  token ??= await adminToken()
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `JWT ${token}` } })
  expect(res.status, path).toBe(200)
  return res.json() as Promise<{ docs: Record<string, unknown>[] }>
}

const pence = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100)

/** Opens the basket's Klarna modal: answers the instalments it shows and the basket's total. */
async function klarnaModal(page: Page): Promise<{ instalments: number[]; totalPence: number }> {
  await page.goto('/basket')
  await page.getByTestId('total').waitFor()
  const totalPence = pence(await page.getByTestId('total').textContent())
  await page.getByRole('button', { name: 'Can I pay later or monthly?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Paying later or monthly' })
  await dialog.waitFor()
  // Judge the modal as the customer reads it: opened (its animations done) and from its top.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
  await dialog.evaluate((el) => el.scrollTo(0, 0))
  expect(await axeViolations(page), 'Klarna modal').toEqual([])
  const instalments = await dialog.locator('[data-testid="pay-in-3-instalments"] [data-pence]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-pence'))))
  return { instalments, totalPence }
}

const toCheckout = (page: Page, email: string) => collectAndFillCheckout(page, email)

async function payInThree(page: Page, email: string, klarnaAccount: string) {
  await toCheckout(page, email)
  await page.getByLabel('Pay in 3 with Klarna').check()
  await page.getByTestId('pay-in-3-instalments').waitFor()
  expect(await axeViolations(page), 'checkout with Pay in 3 chosen').toEqual([])
  await page.getByRole('button', { name: /^Place order and pay £[\d,.]+ with Klarna$/ }).click()
  await page.waitForURL(/\/test-gateway\/pay\//)
  await page.getByRole('heading', { name: 'Pay in 3 with Klarna' }).waitFor()
  expect(await axeViolations(page), 'Klarna page').toEqual([])
  await page.getByLabel('Klarna account email address').fill(klarnaAccount)
  await page.getByRole('button', { name: /^Agree and pay/ }).click()
}

describe('Pay in 3 with Klarna at 412×900', () => {
  it('a rider-wear basket: the modal’s three instalments add up to the total; Klarna approves and the order is paid by Klarna', async () => {
    const { page, problems } = await newPage(PHONE)
    await page.goto(LOCK)
    await page.getByTestId('pay-in-3-short').waitFor()
    expect(await axeViolations(page), 'product page with Pay in 3').toEqual([])
    // A size and colour no other file buys (the checkout's journey buys the two black Ms the seed holds).
    await addFromProductPage(page, JACKET, { size: 'XL', colour: 'Tech Grey' })
    const { instalments, totalPence } = await klarnaModal(page)
    expect(instalments).toHaveLength(3)
    expect(instalments.reduce((a, b) => a + b, 0)).toBe(totalPence)
    await page.keyboard.press('Escape')

    await payInThree(page, 'ada.klarna@example.co.uk', 'ada.lovelace@example.co.uk')
    await page.waitForURL(/\/payment-success/)
    await expect.poll(async () => (await admin('/api/orders?where[email][equals]=ada.klarna@example.co.uk&depth=0')).docs[0]?.status).toBe('paid')
    const order = (await admin('/api/orders?where[email][equals]=ada.klarna@example.co.uk&depth=0')).docs[0] as { totalPence: number; payment: { method: string; provider: string } }
    expect(order.payment).toMatchObject({ method: 'klarna', provider: 'test-gateway' })
    expect(order.totalPence).toBe(totalPence)
    expect(problems).toEqual([])
  })

  it('a declined Klarna account lands on /payment-failure: nothing taken, the basket kept, the stock back', async () => {
    const { page, problems } = await newPage(PHONE)
    await addFromProductPage(page, JACKET, { size: 'L', colour: 'Black' })
    await payInThree(page, 'ada.denied@example.co.uk', 'ada+denied@example.co.uk')
    await page.waitForURL(/\/payment-failure/)
    expect(await axeViolations(page), 'payment failure').toEqual([])
    const order = (await admin('/api/orders?where[email][equals]=ada.denied@example.co.uk&depth=0')).docs[0] as { status: string; stock: { state: string }; payment: { method: string; failureMessage: string } }
    expect(order).toMatchObject({ status: 'cancelled', stock: { state: 'released' }, payment: { method: 'klarna', failureMessage: expect.stringMatching(/Klarna did not approve/) } })
    const basket = await page.evaluate(() => JSON.parse(localStorage.getItem('root')!).basket.items as unknown[])
    expect(basket).toHaveLength(1)
    expect(problems.filter((p) => !p.includes('/payment-failure'))).toEqual([])
  })

  it('a motorcycle basket is offered finance instead, with the reason, and cannot choose Pay in 3', async () => {
    const { page, problems } = await newPage(PHONE)
    await addFromProductPage(page, MOTORCYCLE)
    await klarnaModal(page)
    const dialog = page.getByRole('dialog', { name: 'Paying later or monthly' })
    const reason = dialog.getByTestId('pay-in-3-unavailable')
    expect(await reason.textContent()).toMatch(/offered on rider wear, accessories and bicycles only.*motorcycles.*KTM 390 Duke.*hire purchase through our lender/)
    expect(await dialog.getByRole('link', { name: /Get a finance quote for KTM 390 Duke/ }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await toCheckout(page, 'ada.motorcycle@example.co.uk')
    expect(await page.getByLabel('Pay in 3 with Klarna').isDisabled()).toBe(true)
    expect(await page.getByTestId('pay-in-3-reason').textContent()).toMatch(/hire purchase/)
    expect(await axeViolations(page), 'checkout without Pay in 3').toEqual([])
    expect(problems).toEqual([])
  })
})
