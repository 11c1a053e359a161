// Bicycle service bookings and test rides in Chromium: a guest books a full service for the next Saturday,
// gets the email with its .ics, moves the booking and cancels it from the email link; staff quote extra work
// and the customer approves it from the email; test rides are accepted or refused on the rider's licence.
// axe (WCAG 2.2 AA) runs on every new page; REST and GraphQL never show bookings to others.
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { signLink } from '../../src/cms/auth/signed-links'
import { closeBrowser, newPage, screenshotsAndAxe, watchTitle } from './browser'
import { adminToken, customerAccount, headTitle, hydrated, mailFor, rejectAnalyticsCookies } from './shop-fixtures'
import { shop } from './shops'


const base = shop().baseURL
const env = shop().env
const shotDir = path.resolve('data/e2e/screenshots')
const suffix = Date.now().toString(36)

afterAll(async () => {
  await closeBrowser()
})

const look = (page: Page, name: string) => screenshotsAndAxe(page, name, shotDir)

/** A link from an email, on this test server. */
function local(url: string): string {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

/** Payload's REST API as the seeded admin. */
function adminApi(token: string) {
  return (p: string, method: string, body?: object) =>
    fetch(`${base}/api/${p}`, { method, headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
}

/** The drop-off days the booking form offers now. */
async function offeredDays(): Promise<string[]> {
  const { page } = await newPage()
  await page.goto('/bicycle-services')
  const values = await page.locator('input[name="day"]:not([disabled])').evaluateAll((els) => (els as HTMLInputElement[]).map((e) => e.value))
  await page.context().close()
  return values
}

/** A full service booked by staff for a phone customer, with the id of the tier it is for. */
async function phoneBooking(api: ReturnType<typeof adminApi>, email: string, day: string) {
  const tiers = (await (await api('service-options?limit=50', 'GET')).json()) as { docs: { id: number; code: string }[] }
  const full = tiers.docs.find((t) => t.code === 'full-service')!
  const created = await api('bookings', 'POST', { kind: 'service', source: 'phone', day, firstName: 'Phone', lastName: 'Customer', email, phone: '07700900789', service: { tier: full.id, extraWorkLimitPence: 1000 } })
  expect(created.status).toBe(201)
  return { tier: full.id, booking: ((await created.json()) as { doc: { id: number; reference: string; minutes: number } }).doc }
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900456')
}

describe('bicycle services as a guest', () => {
  const email = `guest-${suffix}@e2e.test`

  it('books a full service for the next Saturday, gets the email with .ics, reschedules and cancels from the email link', async () => {
    const { page, problems } = await newPage()
    // every page of the journey keeps its title throughout, the booked, moved and cancelled pages included
    await watchTitle(page)
    await page.goto('/')
    await page.locator('footer').getByRole('link', { name: 'Book a bicycle service' }).click()
    await page.waitForURL((u) => u.pathname === '/bicycle-services')
    await hydrated(page, 'main form button[type="submit"]')
    await rejectAnalyticsCookies(page)
    await look(page, 'bicycle-services')

    // a refused form keeps what was typed and says why
    await page.getByRole('button', { name: 'Book the service' }).click()
    await page.getByRole('alert').filter({ hasText: 'check the highlighted answers' }).waitFor()

    await page.getByRole('radio', { name: /^Full service/ }).check()
    // The first Saturday offered that is still more than two days away: the booking is moved and cancelled online
    // below, which the workshop allows until 24 h before the day (on a Friday, tomorrow's Saturday is past that).
    const saturday = await page.locator('input[name="day"]:not([disabled])').evaluateAll(
      (els, now) => (els as HTMLInputElement[]).map((e) => e.value).find((v) => new Date(`${v}T12:00:00Z`).getUTCDay() === 6 && new Date(`${v}T00:00:00Z`).getTime() - now > 2 * 86_400_000),
      Date.now(),
    )
    expect(saturday, 'the engine offers a Saturday more than two days away').toBeTruthy()
    await page.locator(`input[name="day"][value="${saturday}"]`).check()
    await page.getByLabel('Make').fill('Brompton')
    await page.getByLabel('Model (optional)').fill('C Line Explore')
    await page.getByLabel('Type of bike').selectOption('folding')
    await fillContact(page, email)
    await page.getByLabel(/Pre-authorise extra work/).fill('20')
    // The terms checkbox is a box beside its words, not a line of its own above them.
    const termsBox = (await page.getByLabel('I accept the workshop terms').boundingBox())!
    const termsLabel = (await page.locator('label.checkbox').filter({ hasText: 'I accept the workshop terms' }).boundingBox())!
    expect(termsBox.width).toBeLessThanOrEqual(32)
    expect(termsLabel.height, 'the box and its words on one line').toBeLessThan(40)
    await page.getByLabel('I accept the workshop terms').check()
    await page.getByRole('button', { name: 'Book the service' }).click()
    await page.waitForURL((u) => u.pathname === '/bicycle-services-success')
    await page.getByRole('heading', { name: 'Your service is booked' }).waitFor()
    expect(await page.textContent('main')).toContain('£129')
    await look(page, 'bicycle-services-success')

    const mail = await mailFor((m) => m.to === email && m.tag === 'booking-confirmation')
    expect(mail.attachments?.[0]?.contentType).toMatch(/^text\/calendar/)
    expect(mail.attachments?.[0]?.content).toContain(`DTSTART;VALUE=DATE:${saturday!.replace(/-/g, '')}`)
    const manage = /Reschedule or cancel your booking (\S+)/.exec(mail.text)![1]!
    const calendar = /\(\.ics\) (\S+)/.exec(mail.text)![1]!
    const ics = await fetch(`${base}${local(calendar)}`)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*UID:booking-\d+@wheelhouse\r\n[\s\S]*END:VCALENDAR\r\n$/)
    // the booking id alone opens nothing
    expect((await fetch(`${base}/api/bookings/calendar?token=1`)).status).toBe(403)

    await page.goto(local(manage))
    await hydrated(page, 'main form button[type="submit"]')
    await look(page, 'booking-manage')
    // a day well past the change cut-off, so the moved booking can still be cancelled online
    const newDay = await page.getByLabel('New day').locator('option:not([disabled])').nth(5).getAttribute('value')
    await page.getByLabel('New day').selectOption(newDay!)
    await page.getByRole('button', { name: 'Move my booking' }).click()
    await page.waitForURL((u) => u.searchParams.get('done') === 'moved')
    await page.getByText('Your booking is moved').waitFor()
    await mailFor((m) => m.to === email && m.tag === 'booking-rescheduled')

    // Cancelling asks once more, as a reservation's cancel does; "Keep my booking" leaves it booked.
    await page.getByRole('link', { name: 'Cancel the booking' }).click()
    await page.waitForURL((u) => u.searchParams.get('confirm') === 'cancel')
    await expect(page.getByTestId('cancel-question').innerText()).resolves.toMatch(/^Cancel your booking on .+\?/)
    await page.getByRole('link', { name: 'Keep my booking' }).click()
    await page.waitForURL((u) => !u.searchParams.has('confirm'))
    await expect(page.getByRole('button', { name: /cancel/i }).count()).resolves.toBe(0)
    // The question and the cancelling button work without JavaScript too.
    const { page: plain } = await newPage({ width: 390, height: 844 }, { javaScriptEnabled: false })
    await plain.goto(page.url())
    await plain.getByRole('link', { name: 'Cancel the booking' }).click()
    await plain.getByRole('button', { name: 'Yes, cancel the booking' }).click()
    await plain.waitForURL((u) => u.searchParams.get('done') === 'cancelled')
    await plain.locator('.booking-summary').getByText('Cancelled').waitFor()
    await plain.context().close()
    await mailFor((m) => m.to === email && m.tag === 'booking-cancelled')
    expect(problems).toEqual([])
  }, 180_000)

  it('books without JavaScript: the form is a plain HTML form', async () => {
    // the browser gate checks these pages too (tests/e2e/browser.ts)
    const { page } = await newPage({ width: 390, height: 844 }, { javaScriptEnabled: false })
    await page.goto('/bicycle-services')
    await page.getByRole('radio', { name: /^Safety check/ }).check()
    await page.locator('input[name="day"]:not([disabled])').nth(2).check()
    await page.getByLabel('Make').fill('Raleigh')
    await page.getByLabel('Type of bike').selectOption('city')
    await fillContact(page, `nojs-${suffix}@e2e.test`)
    await page.getByLabel('I accept the workshop terms').check()
    await page.getByRole('button', { name: 'Book the service' }).click()
    await page.waitForURL((u) => u.pathname === '/bicycle-services-success')
    await page.getByRole('heading', { name: 'Your service is booked' }).waitFor()
  }, 120_000)
})

describe('the workshop job workflow', () => {
  it('staff book a phone customer, quote extra work, the customer approves from the email, staff mark it ready', async () => {
    const token = await adminToken()
    const api = adminApi(token)
    const email = `phone-${suffix}@e2e.test`
    const { tier, booking } = await phoneBooking(api, email, (await offeredDays())[3]!)
    expect(booking.minutes).toBe(180)
    for (const status of ['checked_in', 'in_progress']) expect((await api(`bookings/${booking.id}`, 'PATCH', { status })).status).toBe(200)
    const wrong = await api(`bookings/${booking.id}`, 'PATCH', { status: 'collected' })
    expect(wrong.status).toBe(400)
    const quoted = await api(`bookings/${booking.id}`, 'PATCH', { status: 'awaiting_approval', service: { tier, extraWorkLimitPence: 1000, extraWork: { description: 'Chain and cassette worn past limits', quotePence: 5_800 } } })
    expect(quoted.status).toBe(200)

    const mail = await mailFor((m) => m.to === email && m.tag === 'extra-work-quote')
    const link = /Approve or decline the extra work (\S+)/.exec(mail.text)![1]!
    const { page, problems, allow } = await newPage()
    allow(/\/admin/)
    await watchTitle(page)
    await page.goto(local(link))
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByRole('heading', { name: 'Extra work needs your approval' }).waitFor()
    await look(page, 'booking-extra-work')
    await page.getByRole('button', { name: 'Approve the extra work' }).click()
    await page.waitForURL((u) => u.searchParams.get('done') === 'approved')
    await page.locator('.booking-summary').getByText('In progress').waitFor()

    expect((await api(`bookings/${booking.id}`, 'PATCH', { status: 'ready_for_collection' })).status).toBe(200)
    await mailFor((m) => m.to === email && m.tag === 'ready-for-collection')
    const final = (await (await api(`bookings/${booking.id}?depth=0`, 'GET')).json()) as { status: string; history: { to: string; actor: string }[] }
    expect(final.status).toBe('ready_for_collection')
    expect(final.history.map((h) => h.to)).toEqual(['booked', 'checked_in', 'in_progress', 'awaiting_approval', 'in_progress', 'ready_for_collection'])

    // staff's day view shows the job
    await page.context().addCookies([{ name: 'payload-token', value: token, url: base }])
    await page.goto('/admin/workshop')
    await page.getByRole('heading', { name: 'Workshop day view' }).waitFor()
    await page.getByRole('link', { name: booking.reference }).waitFor()
    await page.screenshot({ path: path.join(shotDir, 'admin-workshop-1280.png'), fullPage: true })
    expect(problems.filter((p) => !p.includes('/admin'))).toEqual([])
  }, 180_000)
})

describe('the booking page behind the emailed links', () => {
  it('has its title in the head of its first HTML in every state, not in a later part of the stream', async () => {
    const api = adminApi(await adminToken())
    const { booking } = await phoneBooking(api, `title-${suffix}@e2e.test`, (await offeredDays())[4]!)
    // Signed as the shop signs them, under the server's PAYLOAD_SECRET: the tests need links the shop never
    // emails (expired, for a booking that does not exist).
    const now = Math.floor(Date.now() / 1000)
    const link = async (bookingId: number, purpose: 'booking-manage' | 'booking-extra-work', expires = now + 7 * 86_400) =>
      `/bookings/manage?token=${await signLink(purpose, bookingId, { expiresAt: new Date(expires * 1000), secret: env.PAYLOAD_SECRET! })}`
    const manage = await link(booking.id, 'booking-manage')
    const states: [path: string, shows: string][] = [
      [manage, 'Cancel the booking'],
      [`${manage}&done=moved`, 'Your booking is moved'],
      [`${manage}&done=approved`, 'we will do the extra work'],
      [`${manage}&done=declined`, 'we will not do the extra work'],
      [await link(booking.id, 'booking-extra-work'), 'Your workshop booking'],
      [await link(booking.id, 'booking-manage', now - 60), 'This booking link has expired'],
      [await link(booking.id + 1_000_000, 'booking-manage'), 'We cannot find that booking'],
      [`${manage.slice(0, -2)}xx`, 'This booking link is not valid'],
      ['/bookings/manage?token=abc', 'This booking link is not complete'],
      ['/bookings/manage', 'This booking link is not complete'],
    ]
    const check = async (where: string, shows: string) => {
      const { status, title, html } = await headTitle(where)
      expect(status, where).toBe(200)
      const text = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ')
      expect(text, where).toContain(shows)
      expect(title, `${where}: the <title> in the first HTML's <head>`).toBe('Your booking | Wheelhouse')
    }
    for (const [where, shows] of states) await check(where, shows)
    expect((await api(`bookings/${booking.id}`, 'PATCH', { status: 'cancelled' })).status).toBe(200)
    await check(`${manage}&done=cancelled`, 'Your booking is cancelled')
    await check(manage, 'Status Cancelled')
  })
})

describe('test rides', () => {
  it('accepts an A2 licence on an A2 bike and refuses it on an unrestricted litre bike with the reason', async () => {
    const { page, problems } = await newPage()
    await watchTitle(page)
    await page.goto('/products/ktm-390-duke')
    await page.getByRole('link', { name: /Book a test ride/ }).click()
    await page.waitForURL((u) => u.pathname === '/test-ride')
    await hydrated(page, 'main form button[type="submit"]')
    await rejectAnalyticsCookies(page)
    await look(page, 'test-ride')
    await page.getByRole('radio', { name: 'Category A2' }).check()
    await page.locator('input[name="slot"]').first().check()
    await fillContact(page, `rider-${suffix}@e2e.test`)
    await page.getByLabel(/I accept the test ride terms/).check()
    await page.getByRole('button', { name: 'Book the test ride' }).click()
    await page.waitForURL((u) => u.pathname === '/test-ride-success')
    await page.getByRole('heading', { name: 'Your test ride is booked' }).waitFor()
    await look(page, 'test-ride-success')
    const mail = await mailFor((m) => m.to === `rider-${suffix}@e2e.test` && m.tag === 'test-ride-confirmation')
    expect(mail.attachments?.[0]?.content).toMatch(/DTSTART:\d{8}T\d{6}Z/)

    await page.goto('/test-ride?product=ktm-1390-super-duke-r')
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByRole('radio', { name: 'Category A2' }).check()
    await page.locator('input[name="slot"]').first().check()
    await fillContact(page, `rider-${suffix}@e2e.test`)
    await page.getByLabel(/I accept the test ride terms/).check()
    await page.getByRole('button', { name: 'Book the test ride' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'needs a category A licence' })
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/140 kW is over the A2 limit of 35 kW/)
    await look(page, 'test-ride-refused')
    expect(problems).toEqual([])
  }, 180_000)
})

describe('who can see bookings over the API', () => {
  it('visitors and other customers see none through REST or GraphQL; a customer sees their own in the account', async () => {
    expect((await fetch(`${base}/api/bookings`)).status).toBe(403)
    const gql = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: '{ Bookings { docs { id email } } }' }) })
    const gqlJson = (await gql.json()) as { data?: { Bookings?: { docs: unknown[] } | null }; errors?: unknown[] }
    expect(gqlJson.data?.Bookings?.docs ?? []).toEqual([])
    expect(gqlJson.errors?.length ?? 0).toBeGreaterThan(0)

    const email = `account-${suffix}@e2e.test`
    const password = 'e2e booking passphrase'
    expect((await customerAccount({ email, password, firstName: 'Acc', lastName: 'Rider' })).status).toBe(201)
    const login = (await (await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { token: string }
    const mine = (await (await fetch(`${base}/api/bookings`, { headers: { Authorization: `JWT ${login.token}` } })).json()) as { docs: unknown[] }
    expect(mine.docs).toEqual([]) // others' bookings exist, none are this customer's

    const { page } = await newPage()
    await page.context().addCookies([{ name: 'payload-token', value: login.token, url: base }])
    await page.goto('/bicycle-services')
    await hydrated(page, 'main form button[type="submit"]')
    expect(await page.getByLabel('Email address').inputValue()).toBe(email) // signed-in customers get their details filled in
    await page.goto('/account/bookings')
    await page.getByRole('heading', { name: 'Your bookings' }).waitFor()
    await look(page, 'account-bookings')
  }, 120_000)
})
