// Reservations in Chromium, as customers: reserve a used motorcycle with 4242…, see /reservation-success, check a
// second customer can neither buy nor reserve it, cancel from the email's link and see the refund; complete a
// reservation online and see the deposit deducted; a hold whose end staff moved to now releases the bike and
// refunds the deposit. axe on every new page.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { axeViolations, closeBrowser, newPage } from './browser'
import { payOnGateway, reserveWithDeposit } from './checkout-steps'
import { adminApi, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
afterAll(closeBrowser)

const admin = adminApi

type ReservationDoc = { id: number; reservationNumber: string; status: string; depositPence: number; stock: { state: string; holdExpiresAt: string }; payment: { refundedPence: number } }
const reservationOf = async (email: string) => (await admin<{ docs: ReservationDoc[] }>(`/api/reservations?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs[0]
const productOf = async (slug: string) => (await admin<{ docs: { id: number; stockQuantity: number; price: number }[] }>(`/api/products?where[slug][equals]=${slug}&depth=0`)).docs[0]!

/** From the bike's page through the reservation form and the card page to /reservation-success. */
async function reserveOnline(page: Page, slug: string, email: string, checkAxe = false) {
  await page.goto(`/products/${slug}`)
  await rejectAnalyticsCookies(page)
  const reserve = page.getByTestId('reserve')
  await expect(reserve.textContent()).resolves.toMatch(/^Reserve for £99/)
  await expect(page.locator('.pdp-reserve').textContent()).resolves.toMatch(/3 days.*comes off the price.*refund/s)
  if (checkAxe) await page.locator('.pdp-reserve').screenshot({ path: 'data/e2e/product-reserve.png' })
  await reserve.click()
  await page.waitForURL(/\/reserve\?product=/)
  await page.getByRole('button', { name: 'Pay £99 deposit and reserve' }).waitFor()
  if (checkAxe) {
    expect(await axeViolations(page), '/reserve').toEqual([])
    await page.screenshot({ path: 'data/e2e/reserve.png', fullPage: true })
  }
  await reserveWithDeposit(page, email)
  await payOnGateway(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/reservation-success\?reservation=RS-/)
  await page.getByRole('heading', { name: 'Thank you, the bike is reserved for you' }).waitFor()
}

describe('reservations', () => {
  it('reserves a used motorcycle with 4242…, shows /reservation-success, keeps it from a second customer, and cancels from the email link with a refund', async () => {
    const slug = 'used-ktm-790-duke-2019'
    const email = `ada.reserve.${randomUUID().slice(0, 6)}@example.co.uk`
    const { page, problems } = await newPage()
    await reserveOnline(page, slug, email, true)
    await expect(page.getByTestId('hold-ends').textContent()).resolves.toMatch(/ at \d\d:\d\d \(UK time\)$/)
    await expect(page.locator('.reservation').textContent()).resolves.toMatch(/What to bring.*The dealer/s)
    expect(await axeViolations(page), '/reservation-success').toEqual([])
    await page.screenshot({ path: 'data/e2e/reservation-success.png', fullPage: true })
    const reservation = (await reservationOf(email))!
    expect(reservation).toMatchObject({ status: 'active', depositPence: 9900, stock: { state: 'held' } })
    const bike = await productOf(slug)
    expect(bike.stockQuantity).toBe(0)

    // A second customer can neither reserve nor buy it.
    const other = await newPage()
    await other.page.goto(`/products/${slug}`)
    await other.page.getByRole('button', { name: 'Out of stock' }).waitFor()
    expect(await other.page.getByTestId('reserve').count()).toBe(0)
    const contact = { firstName: 'Bo', lastName: 'Rider', email: 'bo.rider@example.co.uk', phone: '07700900124' }
    const again = await fetch(`${base}/api/reserve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reservationKey: randomUUID(), productId: bike.id, contact, acceptTerms: true }) })
    expect(again.status).toBe(409)
    const buy = await fetch(`${base}/api/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkoutKey: randomUUID(), lines: [{ productId: bike.id, count: 1 }], deliveryMethod: 'free', contact, address: { line1: '1 A Road', town: 'Leeds', postcode: 'LS1 4AP' }, acceptTerms: true }),
    })
    expect(buy.status).toBe(409)

    // The confirmation email's link cancels without an account, and the deposit comes back.
    let link: string | undefined
    await expect.poll(async () => {
      const mail = (await readOutbox(shop().env.OUTBOX_DIR!)).find((m) => m.to === email && m.subject.includes(reservation.reservationNumber))
      link = mail?.text.match(/https?:\/\/\S+\/reservations\/manage\?token=\S+/)?.[0]
      return Boolean(link)
    }, { timeout: 20_000 }).toBe(true)
    const fresh = (await newPage()).page
    await fresh.goto(new URL(link!).pathname + new URL(link!).search)
    await fresh.getByRole('button', { name: 'Cancel reservation' }).waitFor()
    expect(await axeViolations(fresh), '/reservations/manage').toEqual([])
    await fresh.getByRole('button', { name: 'Cancel reservation' }).click()
    await fresh.getByRole('button', { name: 'Yes, cancel and refund £99' }).click()
    await expect(fresh.getByTestId('reservation-ended').textContent()).resolves.toContain('£99 deposit has been refunded to your card')
    expect(await axeViolations(fresh), '/reservations/manage after cancelling').toEqual([])
    await fresh.screenshot({ path: 'data/e2e/manage-cancelled.png', fullPage: true })
    await expect.poll(async () => (await reservationOf(email))?.payment.refundedPence).toBe(9900)
    expect((await reservationOf(email))?.status).toBe('cancelled')
    await expect.poll(async () => (await productOf(slug)).stockQuantity).toBe(1)
    await fresh.getByTestId('refunded').waitFor()
    expect(problems).toEqual([])
  })

  it('completes a reservation online: the card checkout takes the deposit off, and the bike is sold', async () => {
    const slug = 'used-benelli-leoncino-500-2020'
    const email = `ada.complete.${randomUUID().slice(0, 6)}@example.co.uk`
    const price = (await productOf(slug)).price
    const { page, problems } = await newPage()
    await reserveOnline(page, slug, email)
    await page.getByRole('link', { name: 'Complete your purchase online' }).click()
    await page.waitForURL(/\/reservations\/complete\?token=/)
    const left = `£${((price - 9900) / 100).toLocaleString('en-GB')}`
    await expect(page.getByTestId('complete-totals').textContent()).resolves.toContain(`Left to pay${left}`)
    expect(await axeViolations(page), '/reservations/complete').toEqual([])
    await page.screenshot({ path: 'data/e2e/complete.png', fullPage: true })
    await page.getByLabel('Address line 1').fill('12 Wellington Street')
    await page.getByLabel('Town or city').fill('Leeds')
    await page.getByLabel('Postcode').fill('ls1 4ap')
    await page.getByLabel(/I have read the terms/).check()
    await page.getByRole('button', { name: `Place order and pay ${left}` }).click()
    await payOnGateway(page, '4242 4242 4242 4242')
    await page.waitForURL(/\/payment-success/)
    await expect(page.getByTestId('reservation-deposit').textContent()).resolves.toContain('−£99')
    await page.screenshot({ path: 'data/e2e/payment-success-deposit.png', fullPage: true })
    const reservation = (await reservationOf(email))!
    expect(reservation.status).toBe('converted')
    const orders = (await admin<{ docs: { status: string; totalPence: number; reservationDepositPence: number }[] }>(`/api/orders?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ status: 'paid', totalPence: price - 9900, reservationDepositPence: 9900 })
    expect((await productOf(slug)).stockQuantity).toBe(0)
    expect(reservation.payment.refundedPence ?? 0).toBe(0)
    expect(problems).toEqual([])
  })

  it('a hold that runs out (its end moved to now by staff) releases the bike and refunds the deposit', async () => {
    const slug = 'used-moto-guzzi-v85-tt-2021'
    const email = `ada.expire.${randomUUID().slice(0, 6)}@example.co.uk`
    const { page } = await newPage()
    await reserveOnline(page, slug, email)
    const reservation = (await reservationOf(email))!
    expect((await productOf(slug)).stockQuantity).toBe(0)
    await admin(`/api/reservations/${reservation.id}`, { method: 'PATCH', body: JSON.stringify({ stock: { holdExpiresAt: new Date(Date.now() + 2000).toISOString() } }) })
    await expect.poll(async () => (await reservationOf(email))?.status, { timeout: 60_000, interval: 2000 }).toBe('expired')
    await expect.poll(async () => (await reservationOf(email))?.payment.refundedPence, { timeout: 20_000 }).toBe(9900)
    expect((await productOf(slug)).stockQuantity).toBe(1)
    await page.reload()
    await expect(page.getByTestId('reservation-status').textContent()).resolves.toBe('Ended')
  }, 120_000)
})
