// One deal from the first click to the handover, in Chromium at 412 x 900 with axe on every page: a guest asks about
// a bike (agreeing to be contacted), opens their deal from the email, books a test ride from it and chooses
// collection; the deal shows every step with the figures. Staff find it in the deal hub, move it to "Ready for
// handover", and the customer is emailed. Staff then build a quote for a phone customer and send it; the customer's
// page shows the same lines, the customer pays it in full through the checkout, and the paid order joins the deal.
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../src/adapters/email/file-outbox'
import { closeBrowser, newPage, screenshotsAndAxe } from './browser'
import { collectAndFillCheckout, payOnGateway } from './checkout-steps'
import { adminApi, hydrated, mailFor, rejectAnalyticsCookies, seededAdmin, signInToAdmin } from './shop-fixtures'

const shotDir = path.resolve('data/e2e/screenshots')
const suffix = Date.now().toString(36)
const look = (page: Page, name: string) => screenshotsAndAxe(page, name, shotDir)

afterAll(closeBrowser)

/** The deal page's link from an email, on this test server. */
function dealLinkIn(mail: OutboxEntry): string {
  const match = /https?:\/\/[^\s"<>]+\/deals\/\d+\?token=[A-Za-z0-9_.-]+/.exec(mail.text)
  if (!match) throw new Error(`no deal link in “${mail.subject}”`)
  const u = new URL(match[0])
  return `${u.pathname}${u.search}`
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First name').fill('Dee')
  await page.getByLabel('Last name').fill('Rider')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900321')
}

describe('one deal', () => {
  it('a guest’s question, test ride and choice of collection make one deal; staff move it to ready for handover and the customer hears', async () => {
    const email = `deal-${suffix}@e2e.test`
    const { page } = await newPage({ width: 412, height: 900 })
    await page.goto('/products/ktm-390-duke')
    await hydrated(page, '.deal-ask summary')
    await rejectAnalyticsCookies(page)
    await page.locator('.deal-ask summary').click()
    await page.getByLabel('Your question').fill('Can I part-exchange my CB125F?')
    await fillContact(page, email)
    await page.getByLabel(/You may contact me about this bike/).check()
    await page.getByRole('button', { name: 'Send my question' }).click()
    await page.getByText(/We have emailed you a link to follow your deal/).waitFor()
    await look(page, 'deal-asked')

    const opened = await mailFor((m) => m.to === email && m.tag === 'deal-opened')
    const link = dealLinkIn(opened)
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: /Your KTM 390 Duke/ }).waitFor()
    expect(await page.locator('.deal-stage').innerText()).toBe('New')
    expect(await page.locator('.deal-steps').first().innerText()).toContain('Asked about the bike')
    await look(page, 'deal-new')

    // Carry on where they stopped: a test ride, from the deal page.
    await page.getByRole('link', { name: 'Book a test ride' }).click()
    await page.waitForURL((u) => u.pathname === '/test-ride')
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByRole('radio', { name: 'Category A2' }).check()
    await page.locator('input[name="slot"]').first().check()
    await fillContact(page, email)
    await page.getByLabel(/I accept the test ride terms/).check()
    await page.getByRole('button', { name: 'Book the test ride' }).click()
    await page.waitForURL((u) => u.pathname === '/test-ride-success')

    await page.goto(link)
    expect(await page.locator('.deal-stage').innerText()).toBe('Test ride')
    const done = await page.locator('.deal-steps').first().innerText()
    expect(done).toContain('Asked about the bike')
    expect(done).toContain('Booked a test ride')
    const cash = await page.locator('.deal-figures tr', { hasText: 'Cash price' }).innerText()
    const balance = await page.locator('.deal-figures tr', { hasText: 'Balance to pay' }).innerText()
    expect(balance.replace('Balance to pay', '').trim()).toBe(cash.replace('Cash price', '').trim())

    await hydrated(page, '.deal-form button[type="submit"]')
    await page.getByLabel('Collect from the shop').check()
    await page.getByRole('button', { name: 'Save my choice' }).click()
    await page.getByText('Saved: you will collect the bike from the shop.').waitFor()
    await look(page, 'deal-test-ride')

    // Staff: the deal hub lists it; moving it to ready for handover emails the customer.
    const staff = await newPage({ width: 1280, height: 800 })
    await signInToAdmin(staff.page, seededAdmin())
    await staff.page.goto('/admin/deal-hub')
    const row = staff.page.getByRole('row', { name: /Dee Rider: KTM 390 Duke/ }).first()
    await row.waitFor()
    expect(await row.innerText()).toContain('Test ride')
    await screenshotsAndAxe(staff.page, 'deal-hub', shotDir)
    const deals = await adminApi<{ docs: { id: number; status: string; handover: string }[] }>(`/api/deals?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
    expect(deals.docs).toHaveLength(1)
    expect(deals.docs[0]).toMatchObject({ status: 'test_ride', handover: 'collection' })
    await adminApi(`/api/deals/${deals.docs[0]!.id}`, { method: 'PATCH', body: JSON.stringify({ status: 'ready_for_handover' }) })
    // The email goes out on the runner's next pass, up to half a minute after the move.
    const ready = await mailFor((m) => m.to === email && m.tag === 'deal-ready-for-handover', 60)
    expect(ready.subject).toBe('Your KTM 390 Duke is ready for handover')
    await page.goto(link)
    expect(await page.locator('.deal-stage').innerText()).toBe('Ready for handover')
  }, 150_000)

  it('staff build a quote for a phone customer; its link shows the same lines; the customer pays it in full through the checkout and the order joins the deal', async () => {
    const email = `quote-${suffix}@e2e.test`
    const find = async (name: string) => (await adminApi<{ docs: { id: number }[] }>(`/api/products?where[name][equals]=${encodeURIComponent(name)}&depth=0&limit=1`)).docs[0]
    const bike = await find('Honda CB650R')
    const lock = await find('Oxford Boss Chain Lock 1.5m')
    if (!bike) throw new Error('the seeded Honda CB650R is missing')
    await adminApi('/api/deals', { method: 'POST', body: JSON.stringify({ firstName: 'Phone', lastName: 'Buyer', email, phone: '07700900654', product: bike.id, quote: { accessories: lock ? [lock.id] : [], send: true } }) })
    const sent = await mailFor((m) => m.to === email && m.tag === 'deal-quote')
    expect(sent.subject).toBe('Your quote for the Honda CB650R')
    const { page } = await newPage({ width: 412, height: 900 })
    await page.goto(dealLinkIn(sent))
    const quote = page.locator('#deal-quote')
    await quote.getByRole('heading', { name: 'Your quote' }).waitFor()
    const lines = await quote.locator('table').innerText()
    expect(lines).toContain('Honda CB650R')
    expect(lines).toContain('Oxford Boss Chain Lock 1.5m')
    for (const row of lines.split('\n').filter((l) => l.includes('£'))) expect(sent.text).toContain(row.split('\t').pop()!.trim())
    await look(page, 'deal-quote')
    await hydrated(page, '#deal-quote button')
    const whole = await quote.getByRole('button', { name: /in full by card/ }).innerText()
    await quote.getByRole('button', { name: /in full by card/ }).click()
    await page.waitForURL((u) => u.pathname === '/checkout')
    // The same checkout as any basket: collected from the dealer, paid by card, prices and stock checked again.
    await collectAndFillCheckout(page, email, 'Buyer')
    await page.getByRole('button', { name: /^Place order/ }).click()
    await payOnGateway(page, '4242 4242 4242 4242', 'Phone Buyer')
    await page.waitForURL(/\/payment-success/)
    // The order's total is the figure the quote offered, to the penny.
    const wholePence = Math.round(Number(/£([\d,]+(?:\.\d\d)?)/.exec(whole)![1]!.replace(/,/g, '')) * 100)
    const orders = await adminApi<{ docs: { totalPence: number }[] }>(`/api/orders?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
    expect(orders.docs.map((o) => o.totalPence)).toEqual([wholePence])
    // The paid order joins the deal: the customer's page lists it among the steps.
    await page.goto(dealLinkIn(sent))
    await expect.poll(async () => (await page.reload(), await page.locator('.deal-steps').first().innerText()), { timeout: 30_000 }).toContain('Paid by card')
  }, 150_000)
})
