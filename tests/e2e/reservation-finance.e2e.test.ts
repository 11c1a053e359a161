// Completing a reservation by finance in Chromium, as a customer going by what the pages say: reserve a used motorcycle, then
// from the reservation's pages apply for finance instead. On every finance step the £99 reservation deposit is shown
// counting towards the deposit with what is left to pay on signing (the server's figures); the deposit cannot go
// below it; accessories wait for the dealership; the application takes the held bike. A reservation that has become
// a sale is refused with the way back to it. axe on every page; staff then decline, and the customer cancels.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { paths } from '../../src/config/paths'
import { axeViolations, closeBrowser, newPage } from './browser'
import { payOnGateway, reserveWithDeposit } from './checkout-steps'
import { adminApi, hydrated, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const SLUG = 'used-royal-enfield-meteor-350-2022'
afterAll(closeBrowser)

const admin = adminApi

type ReservationDoc = { id: number; status: string; depositPence: number; stock: { state: string }; payment: { refundedPence?: number | null } }
const reservationOf = async (email: string) => (await admin<{ docs: ReservationDoc[] }>(`/api/reservations?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs[0]
const stockOf = async () => (await admin<{ docs: { stockQuantity: number }[] }>(`/api/products?where[slug][equals]=${SLUG}&depth=0`)).docs[0]!.stockQuantity

/** The text of the page's main content, spaces collapsed. */
const mainText = async (page: Page) => (await page.locator('main, body').first().innerText()).replace(/\s+/g, ' ')

/** From the bike's page through the reservation form and the test gateway to /reservation-success. */
async function reserveOnline(page: Page, email: string) {
  await page.goto(`/products/${SLUG}`)
  await rejectAnalyticsCookies(page)
  await page.getByTestId('reserve').click()
  await page.waitForURL(/\/reserve\?product=/)
  await reserveWithDeposit(page, email)
  await payOnGateway(page)
  await page.waitForURL(/\/reservation-success\?reservation=RS-/)
  await page.getByRole('heading', { name: 'Thank you, the bike is reserved for you' }).waitFor()
}

/** The reservation deposit panel every finance step shows for a reserved bike. */
const depositPanel = (page: Page) => page.getByRole('region', { name: 'Your reservation deposit' })

describe('completing a reservation by finance', () => {
  it('applies for finance from the reservation: the deposit paid counts towards the deposit on every step, and the application takes the held bike', async () => {
    const email = `ada.resfinance.${randomUUID().slice(0, 6)}@example.co.uk`
    const { page, problems } = await newPage()
    await reserveOnline(page, email)
    await page.getByRole('link', { name: 'Complete your purchase on finance' }).waitFor()
    expect(await stockOf()).toBe(0)

    // /reservations/complete offers finance instead of the card.
    await page.getByRole('link', { name: 'Complete your purchase online' }).click()
    await page.waitForURL(/\/reservations\/complete\?token=/)
    const linkToken = new URL(page.url()).searchParams.get('token')!
    await expect(mainText(page)).resolves.toContain('the £99 reservation deposit you have paid counts towards your finance deposit')
    expect(await axeViolations(page), '/reservations/complete').toEqual([])
    await page.getByRole('link', { name: 'Apply for finance instead' }).click()

    // Step 1: the token is kept in this browser and leaves the address bar; quotes include the deposit paid.
    await page.waitForURL((u) => u.pathname === '/finance-checkout-product' && u.searchParams.get('product') === SLUG && !u.searchParams.has('reservation'))
    await hydrated(page, '#fc-term')
    await expect(page.getByRole('navigation', { name: 'Finance checkout steps' }).innerText()).resolves.toContain('Accessories (at the dealership)')
    await expect.poll(async () => (await depositPanel(page).innerText()).replace(/\s+/g, ' '), { timeout: 20_000 }).toMatch(/The £99 reservation deposit you have already paid \(RS-[^)]+\) counts towards your deposit of £[\d,.]+/)
    const deposit = page.getByLabel('Deposit (£)')
    await deposit.fill('50')
    await expect(page.getByText('Your deposit includes the £99 reservation deposit you have already paid, so it cannot be less than £99.').isVisible()).resolves.toBe(true)
    await expect(deposit.getAttribute('aria-invalid')).resolves.toBe('true')
    await deposit.fill('500')
    await expect.poll(async () => (await depositPanel(page).innerText()).replace(/\s+/g, ' '), { timeout: 20_000 }).toContain('counts towards your deposit of £500')
    await expect(depositPanel(page).innerText()).resolves.toMatch(/Still to pay on signing:\s*£401/)
    await expect(page.getByText('Includes the £99 reservation deposit you have already paid.').isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: /^Choose this quote/ }).first().click()
    await page.locator('[data-chosen="true"]').waitFor()
    await expect(page.locator('[data-chosen="true"]').innerText()).resolves.toMatch(/Deposit\s*£500/)
    expect(await axeViolations(page), '/finance-checkout-product with a reservation').toEqual([])

    // Accessories are skipped: the quote step goes straight to the details, and the accessories step says why.
    await page.getByRole('link', { name: /^Continue with (HP|PCP) from / }).click()
    await page.waitForURL((u) => u.pathname === '/finance-checkout-data')
    await page.goto(paths.financeCheckoutAccessories(SLUG))
    await page.getByRole('heading', { name: 'Accessories are added at the dealership' }).waitFor()
    await expect(mainText(page)).resolves.toContain('accessories can be added at the dealership')
    expect(await page.getByRole('checkbox').count()).toBe(0)
    expect(await axeViolations(page), '/finance-checkout-accessories with a reservation').toEqual([])
    await hydrated(page, '[data-testid="fc-continue"]')
    await page.getByRole('link', { name: 'Continue to your details' }).click()

    // Step 3: details; the reserved bike is collected from the showroom.
    await page.waitForURL((u) => u.pathname === '/finance-checkout-data')
    await hydrated(page, '#fc-firstName')
    await expect(depositPanel(page).innerText()).resolves.toMatch(/Still to pay on signing:\s*£401/)
    await expect(mainText(page)).resolves.toContain('You collect your reserved bike from our showroom (free).')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone').fill('07700 900123')
    await page.getByLabel('Address line 1').fill('12 Wellington Street')
    await page.getByLabel('Town or city').fill('Leeds')
    await page.getByLabel('Postcode').fill('ls1 4ap')
    expect(await axeViolations(page), '/finance-checkout-data with a reservation').toEqual([])
    await page.getByRole('button', { name: 'Continue to summary' }).click()

    // Step 4: the summary spells out the deposit, then the application is sent with the reservation.
    await page.waitForURL((u) => u.pathname === '/finance-checkout-summary')
    await hydrated(page, '[data-testid="fc-place"]')
    const summary = await mainText(page)
    expect(summary).toContain('Deposit: £500, including the £99 reservation deposit you have already paid')
    expect(summary).toContain('Still to pay on signing: £401')
    expect(summary).toContain('Collect from our showroom')
    expect(await axeViolations(page), '/finance-checkout-summary with a reservation').toEqual([])
    await page.getByRole('button', { name: 'Send finance application' }).click()
    const orderNumber = (await page.getByTestId('order-number').innerText()).trim()
    await expect(mainText(page)).resolves.toContain('Your £99 reservation deposit counts towards your deposit; £401 is still to pay on signing.')
    expect(await axeViolations(page), 'application sent').toEqual([])
    // A guest has no account to look in: the confirmation leads to the order lookup with the number filled in.
    await expect(page.getByRole('link', { name: 'Your orders' }).count()).resolves.toBe(0)
    await page.getByRole('link', { name: 'Look up your application' }).click()
    await page.waitForURL((u) => u.pathname === '/order-lookup')
    await expect(page.getByLabel('Order number').inputValue()).resolves.toBe(orderNumber)
    // The checkout starts afresh; the token is not kept after the application.
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('root') ?? '{}') as Record<string, unknown>)
    expect(stored).not.toHaveProperty('financeReservation')

    // As staff see it: a finance application that completed the reservation, holding its bike.
    const reservation = (await reservationOf(email))!
    expect(reservation).toMatchObject({ status: 'converted', depositPence: 9900 })
    const orders = (await admin<{ docs: { id: number; kind: string; financeStatus: string; lines: unknown[]; reservation: number; reservationDepositPence: number; stock: { state: string } }[] }>(`/api/orders?where[orderNumber][equals]=${encodeURIComponent(orderNumber)}&depth=0`)).docs
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ kind: 'finance', financeStatus: 'submitted', reservation: reservation.id, reservationDepositPence: 9900, stock: { state: 'held' } })
    expect(orders[0]!.lines).toHaveLength(1)
    expect(await stockOf()).toBe(0)
    expect(problems).toEqual([])

    // The same link again, now the reservation is a sale: a clear refusal, and the way back to the reservation.
    const again = await newPage()
    again.allow(/\/api\/finance/, /Failed to load resource/)
    await again.page.goto(paths.financeCheckoutReserved(SLUG, linkToken))
    const refusal = again.page.getByRole('alert').filter({ hasText: 'This reservation has already become a sale' })
    await refusal.waitFor({ timeout: 20_000 })
    await expect(refusal.getByRole('link', { name: 'Back to your reservation' }).getAttribute('href')).resolves.toBe(paths.manageReservation(linkToken))
    expect(await axeViolations(again.page), 'a refused reservation').toEqual([])
    expect(again.problems.filter((p) => !p.includes('/api/finance') && !p.includes('Failed to load resource'))).toEqual([])

    // A link that is not a reservation token at all is refused before anything is asked.
    await again.page.goto(paths.financeCheckoutReserved(SLUG, 'not a token'))
    await again.page.getByRole('alert').filter({ hasText: 'This reservation link is not valid or has expired.' }).waitFor()

    // Staff decline: the bike goes back to the reservation, which the customer then cancels (deposit refunded).
    await admin(`/api/orders/${orders[0]!.id}`, { method: 'PATCH', body: JSON.stringify({ financeStatus: 'declined' }) })
    await expect.poll(async () => (await reservationOf(email))?.status).toBe('active')
    const cancelled = await fetch(`${base}/api/reserve/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: linkToken }) })
    expect(cancelled.status).toBeLessThan(300)
    await expect.poll(async () => (await reservationOf(email))?.payment.refundedPence, { timeout: 20_000 }).toBe(9900)
    await expect.poll(stockOf).toBe(1)
  }, 120_000)
})
