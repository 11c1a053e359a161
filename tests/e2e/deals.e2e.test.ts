// One deal from the first click to the handover, in Chromium at 412 x 900 with axe on every page.
// - A guest asks about a bike (agreeing to be contacted), opens their deal from the email, books a test ride from it and
//   chooses collection; staff find it in the deal hub, move it to "Ready for handover", and the customer is emailed.
// - A guest values a bike from the home page, reserves a bike, applies for finance with the part-exchange, chooses
//   collection and books a test ride: one deal shows every step, and its balance is the lender's amount of credit on
//   the finance summary, on the customer's page and in the staff panel alike.
// - Staff build a quote for a phone customer and send it; the customer's page shows the same lines, the customer pays
//   it in full through the checkout at the quote's figure, and the paid order joins the deal.
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../src/adapters/email/file-outbox'
import { axeViolations, closeBrowser, newPage, screenshotsAndAxe } from './browser'
import { collectAndFillCheckout, payOnGateway, reserveWithDeposit } from './checkout-steps'
import { adminApi, hydrated, mailFor, rejectAnalyticsCookies, seededAdmin, signInToAdmin } from './shop-fixtures'

const shotDir = path.resolve('data/e2e/screenshots')
const suffix = Date.now().toString(36)
const look = (page: Page, name: string) => screenshotsAndAxe(page, name, shotDir)
// Reservable, financeable and ridden on test rides in the demo catalogue, and no other e2e file buys or reserves it.
const JOURNEY_BIKE = 'benelli-trk-502'

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

/** From the deal page's "Carry on" link, the first free test ride on an A2 licence, to its result page. */
async function bookTestRideFromDeal(page: Page, email: string) {
  await page.getByRole('link', { name: 'Book a test ride' }).click()
  await page.waitForURL((u) => u.pathname === '/test-ride')
  await hydrated(page, 'main form button[type="submit"]')
  await page.getByRole('radio', { name: 'Category A2' }).check()
  await page.locator('input[name="slot"]').first().check()
  await fillContact(page, email)
  await page.getByLabel(/I accept the test ride terms/).check()
  await page.getByRole('button', { name: 'Book the test ride' }).click()
  await page.waitForURL((u) => u.pathname === '/test-ride-success')
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

    const opened = await mailFor((m) => m.to === email && m.tag === 'deal-opened', 60)
    const link = dealLinkIn(opened)
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: /Your KTM 390 Duke/ }).waitFor()
    expect(await page.locator('.deal-stage').innerText()).toBe('New')
    expect(await page.locator('.deal-steps').first().innerText()).toContain('Asked about the bike')
    await look(page, 'deal-new')

    // Carry on where they stopped: a test ride, from the deal page.
    await bookTestRideFromDeal(page, email)

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

  it('a guest values a bike from the home page, reserves a bike, applies for finance with the part-exchange, chooses collection and books a test ride: one deal holds it all, at the lender’s figures', async () => {
    const email = `journey-${suffix}@e2e.test`
    const { page } = await newPage({ width: 412, height: 900 })
    // Value my bike, from the home page.
    await page.goto('/')
    await rejectAnalyticsCookies(page)
    await page.getByRole('link', { name: 'Value my bike' }).first().click()
    await page.waitForURL(/\/value-my-bike$/)
    await hydrated(page, 'form[aria-label="Value my bike"] button[type="submit"]')
    const form = page.getByRole('form', { name: 'Value my bike' })
    await form.getByLabel('Registration number').fill('AB21 CDE')
    await form.getByLabel('Make').fill('Honda')
    await form.getByLabel('Mileage').fill('9000')
    await form.getByLabel('Condition').selectOption('good')
    await form.getByRole('group', { name: 'Does it have a full service history?' }).getByLabel('Yes').check()
    await form.getByLabel('Number of keys').fill('2')
    await form.getByRole('group', { name: 'Do you have the V5C logbook?' }).getByLabel('Yes').check()
    await form.getByRole('group', { name: 'Does it have any damage?' }).getByLabel('No').check()
    await form.getByLabel('Outstanding finance (£)').fill('0')
    await form.getByRole('button', { name: 'Value my bike' }).click()
    await page.getByTestId('your-valuation').getByRole('heading', { name: 'Your valuation' }).waitFor()

    // Reserve the bike with its deposit; the reservation carries the valuation.
    await page.goto(`/products/${JOURNEY_BIKE}`)
    await page.getByTestId('reserve').click()
    await page.waitForURL(/\/reserve\?product=/)
    await hydrated(page, 'main form button[type="submit"]')
    await reserveWithDeposit(page, email)
    await payOnGateway(page)
    await page.waitForURL(/\/reservation-success\?reservation=RS-/)
    await page.getByRole('heading', { name: 'Thank you, the bike is reserved for you' }).waitFor()

    // Finance for the reserved bike, with the part-exchange applied.
    await page.getByRole('link', { name: 'Complete your purchase on finance' }).click()
    await page.waitForURL((u) => u.pathname === '/finance-checkout-product')
    await hydrated(page, '#fc-term')
    // The kept valuation is applied first: the quotes are worked out again with it, then one is chosen.
    await page.getByRole('button', { name: 'Apply to my quote' }).click()
    await page.getByTestId('quote-HP').first().getByTestId('quote-part-exchange').waitFor()
    await page.getByTestId('quote-HP').first().getByRole('button', { name: /Choose this quote/ }).click()
    await page.locator('[data-chosen="true"] [data-testid="quote-part-exchange"]').waitFor()
    await page.getByRole('link', { name: /^Continue with (HP|PCP) from / }).click()
    await page.waitForURL((u) => u.pathname === '/finance-checkout-data')
    await hydrated(page, '#fc-firstName')
    await page.getByLabel('First name').fill('Dee')
    await page.getByLabel('Last name').fill('Rider')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone').fill('07700 900321')
    await page.getByLabel('Address line 1').fill('12 Wellington Street')
    await page.getByLabel('Town or city').fill('Leeds')
    await page.getByLabel('Postcode').fill('ls1 4ap')
    await page.getByRole('button', { name: 'Continue to summary' }).click()
    await page.waitForURL((u) => u.pathname === '/finance-checkout-summary')
    await hydrated(page, '[data-testid="fc-place"]')
    const credit = /Total amount of credit\s*(£[\d,]+(?:\.\d\d)?)/.exec(await page.getByRole('complementary', { name: 'Your quote' }).innerText())?.[1]
    expect(credit, 'the summary states the amount of credit').toBeTruthy()
    await page.getByTestId('fc-place').click()
    await page.getByTestId('order-number').waitFor()

    // One deal: every step, and its balance is the lender's amount of credit.
    const opened = await mailFor((m) => m.to === email && m.tag === 'deal-opened', 60)
    const link = dealLinkIn(opened)
    await page.goto(link)
    expect(await page.locator('.deal-stage').innerText()).toBe('Finance submitted')
    const steps = await page.locator('.deal-steps').first().innerText()
    for (const step of ['Valued a part-exchange', 'Reserved the bike', 'Applied for finance']) expect(steps).toContain(step)
    const figures = await page.locator('.deal-figures').last().innerText()
    expect(figures).toContain('Part-exchange')
    expect(/Balance \(borrowed from [^)]+\)\s*(£[\d,]+(?:\.\d\d)?)/.exec(figures)?.[1]).toBe(credit)

    await hydrated(page, '.deal-form button[type="submit"]')
    await page.getByLabel('Collect from the shop').check()
    await page.getByRole('button', { name: 'Save my choice' }).click()
    await page.getByText('Saved: you will collect the bike from the shop.').waitFor()
    await bookTestRideFromDeal(page, email)
    await page.goto(link)
    expect(await page.locator('.deal-steps').first().innerText()).toContain('Booked a test ride')
    expect(/Balance \(borrowed from [^)]+\)\s*(£[\d,]+(?:\.\d\d)?)/.exec(await page.locator('.deal-figures').last().innerText())?.[1]).toBe(credit)
    await look(page, 'deal-journey')

    // Staff see the same deal and figures; approved, then ready for handover, and the customer hears.
    const deals = await adminApi<{ docs: { id: number; status: string; handover: string }[] }>(`/api/deals?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
    expect(deals.docs).toHaveLength(1)
    expect(deals.docs[0]).toMatchObject({ status: 'finance_submitted', handover: 'collection' })
    const staff = await newPage({ width: 1280, height: 800 })
    await signInToAdmin(staff.page, seededAdmin())
    await staff.page.goto(`/admin/collections/deals/${deals.docs[0]!.id}`)
    const panel = staff.page.getByRole('region', { name: /Finance submitted/ })
    await panel.waitFor()
    expect(/Balance \(borrowed from [^)]+\)\s*(£[\d,]+(?:\.\d\d)?)/.exec(await panel.innerText())?.[1]).toBe(credit)
    await adminApi(`/api/deals/${deals.docs[0]!.id}`, { method: 'PATCH', body: JSON.stringify({ status: 'approved' }) })
    await adminApi(`/api/deals/${deals.docs[0]!.id}`, { method: 'PATCH', body: JSON.stringify({ status: 'ready_for_handover' }) })
    await mailFor((m) => m.to === email && m.tag === 'deal-ready-for-handover', 60)
  }, 240_000)

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
    // With a bike in the basket the checkout offers the one reminder; ticked, the deal hears the customer started.
    const started = page.waitForResponse((r) => r.url().endsWith('/api/deals/started') && r.request().method() === 'POST')
    await page.getByLabel(/Email me once about the Honda CB650R if I do not finish my order/).check()
    expect((await started).status()).toBe(202)
    expect(await axeViolations(page)).toEqual([])
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
    // The timeline has the checkout started and the payment; the quote is paid and nothing is left to pay.
    await expect.poll(async () => (await page.reload(), await page.locator('.deal-steps').last().innerText()), { timeout: 30_000 }).toMatch(/Started checking out[\s\S]*Paid for the bike: WH-/)
    expect(await page.locator('#deal-quote').innerText()).toContain('You paid for it by card')
    expect(await page.locator('.deal-figures').last().innerText()).toMatch(/Balance to pay\s*£0/)
  }, 150_000)
})
