// Customer accounts in Chromium and over HTTP: registration, sign-in and out, orders, password reset through
// the outbox, access between customers (REST, GraphQL, pages, API), throttling, guest lookup, axe and screenshots.
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { closeBrowser, newPage, screenshotsAndAxe, type TrackedPage } from './browser'
import { hydrated, localPayload } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const env = shop().env
const PASSWORD = 'e2e customer passphrase'
const shotDir = path.resolve('data/e2e/screenshots')
const suffix = Date.now().toString(36)

let payload: Payload
let productId: number

async function createOrder(customer: number, orderNumber: string, email: string) {
  return payload.create({
    collection: 'orders',
    overrideAccess: true,
    data: {
      orderNumber,
      kind: 'card',
      status: 'paid',
      customer,
      firstName: 'E2E',
      lastName: 'Customer',
      email,
      phone: '07700 900456',
      delivery: { method: 'free', feePence: 0 },
      lines: [{ product: productId, name: 'Abus Granit X-Plus 540', unitPricePence: 11_999, count: 1, vatRatePercent: 20, lineTotalPence: 11_999 }],
      subtotalPence: 11_999,
      vatPence: 2_000,
      totalPence: 11_999,
      stock: { state: 'committed' },
    } as never,
  })
}

async function userId(email: string): Promise<number> {
  const found = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, overrideAccess: true })
  return found.docs[0]!.id as number
}

const look = (page: Page, name: string) => screenshotsAndAxe(page, name, shotDir)

/** The page's form has hydrated (its submit button carries React's props). */
const formHydrated = (page: Page) => hydrated(page, 'main form button[type="submit"]')

async function signIn(page: Page, email: string, password: string) {
  await formHydrated(page)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function signOutFromAccount(tracked: TrackedPage) {
  const { page } = tracked
  await page.goto('/account')
  // Let the page's saved-basket sync finish its merge first (it then notes the account in sessionStorage):
  // a request of it still in flight when the session ends rightly gets 401, a console error to this test.
  await page.waitForFunction(() => window.sessionStorage.getItem('wheelhouse.basketMergedFor') !== null)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL((u) => u.pathname === '/logout')
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor()
}

async function restLogin(email: string, password: string) {
  return fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
}

async function register(email: string): Promise<number> {
  const res = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, firstName: 'Api', lastName: 'Customer' }) })
  expect(res.status).toBe(201)
  return ((await res.json()) as { doc: { id: number } }).doc.id
}

beforeAll(async () => {
  payload = await localPayload()
  const product = await payload.find({ collection: 'products', where: { slug: { equals: 'abus-granit-x-plus-540' } }, limit: 1, overrideAccess: true })
  productId = product.docs[0]!.id as number
}, 120_000)

afterAll(async () => {
  await closeBrowser()
  await payload?.destroy()
})

describe('a customer account in the browser', () => {
  const email = `rider-${suffix}@e2e.test`
  const orderNumber = `WH-E2E${suffix.slice(-5).toUpperCase()}`

  it('registers, signs out, signs in, sees an earlier order in /orders, opens it and signs out', async () => {
    const tracked = await newPage()
    const { page, problems } = tracked
    await page.goto('/register')
    await look(page, 'register')
    await formHydrated(page)
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Rider')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Password again').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((u) => u.pathname === '/account')
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Robin')
    await look(page, 'account')

    // The session cookie: HttpOnly, SameSite=Lax (Secure only over HTTPS; this run is plain http)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'payload-token')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })

    await signOutFromAccount(tracked)
    await look(page, 'logout')
    expect((await page.context().cookies()).find((c) => c.name === 'payload-token')).toBeUndefined()

    // An order placed earlier on this account (as checkout would record it)
    await createOrder(await userId(email), orderNumber, email)

    // /orders needs sign-in: to /login and back
    await page.goto('/orders')
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/orders')
    await look(page, 'login')
    await signIn(page, email, PASSWORD)
    await page.waitForURL((u) => u.pathname === '/orders')
    await page.getByRole('link', { name: `Order ${orderNumber}` }).waitFor()
    await expect(page.locator('.order-card').first().textContent()).resolves.toContain('£119.99')
    // The total sits at the card's right edge, under the status, not adrift in the middle of the card.
    const card = (await page.locator('.order-card').first().boundingBox())!
    const total = (await page.locator('.order-card__total').first().boundingBox())!
    const status = (await page.locator('.order-card .status').first().boundingBox())!
    expect(card.x + card.width - (total.x + total.width)).toBeLessThan(20)
    expect(total.y).toBeGreaterThanOrEqual(status.y + status.height - 1)
    await look(page, 'orders')

    await page.getByRole('link', { name: `Order ${orderNumber}` }).click()
    await page.waitForURL((u) => u.pathname === `/orders/${orderNumber.toLowerCase()}`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Order ${orderNumber}`)
    await expect(page.locator('.order-lines').textContent()).resolves.toContain('Abus Granit X-Plus 540')
    await expect(page.locator('.order-totals__total').textContent()).resolves.toContain('£119.99')
    await look(page, 'order')

    await signOutFromAccount(tracked)
    await page.goto('/orders')
    await page.waitForURL((u) => u.pathname === '/login')
    expect(problems).toEqual([])
  })

  it('shows an error beside the form for a wrong password, and stays on /login', async () => {
    const { page, problems } = await newPage()
    await page.goto('/login')
    await signIn(page, email, 'not my password at all')
    const alert = page.getByRole('main').getByRole('alert')
    await alert.waitFor()
    await expect(alert.textContent()).resolves.toBe('The email address or password is incorrect.')
    expect(new URL(page.url()).pathname).toBe('/login')
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email)
    await look(page, 'login-error')
    expect(problems).toEqual([])
  })

  it('never returns to another site after sign-in', async () => {
    const { page } = await newPage()
    await page.goto(`/login?next=${encodeURIComponent('//evil.example/steal')}`)
    await signIn(page, email, PASSWORD)
    await page.waitForURL((u) => u.pathname === '/account')
    expect(new URL(page.url()).host).toBe(new URL(base).host)
  })

  it('resets a forgotten password through the emailed link', async () => {
    const { page, problems } = await newPage()
    await page.goto('/forgot-password')
    await look(page, 'forgot-password')
    await formHydrated(page)
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.getByText(/we have emailed it a link/).waitFor()

    let link: string | undefined
    for (let i = 0; i < 20 && !link; i++) {
      const mail = (await readOutbox(env.OUTBOX_DIR!)).filter((m) => m.to === email).at(-1)
      link = mail ? /https?:\/\/[^\s"<]+\/reset-password\?token=[a-f0-9]+/.exec(mail.html ?? mail.text)?.[0] : undefined
      if (!link) await new Promise((r) => setTimeout(r, 250))
    }
    expect(link, 'a reset link in the outbox').toBeTruthy()
    expect(link!.startsWith(`${base}/reset-password?token=`)).toBe(true)

    await page.goto(link!)
    await look(page, 'reset-password')
    await formHydrated(page)
    await page.getByLabel('New password', { exact: true }).fill('my new e2e passphrase')
    await page.getByLabel('New password again').fill('my new e2e passphrase')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL((u) => u.pathname === '/account')
    await page.getByText('Your new password is saved and you are signed in.').waitFor()

    // The link works once
    await page.goto(link!)
    await formHydrated(page)
    await page.getByLabel('New password', { exact: true }).fill('another e2e passphrase')
    await page.getByLabel('New password again').fill('another e2e passphrase')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByRole('alert').filter({ hasText: 'expired or has already been used' }).waitFor()

    expect((await restLogin(email, PASSWORD)).status).toBe(401)
    expect((await restLogin(email, 'my new e2e passphrase')).status).toBe(200)
    expect(problems).toEqual([])
  })
})

describe('one customer never sees another’s order', () => {
  const aEmail = `alice-${suffix}@e2e.test`
  const bEmail = `bob-${suffix}@e2e.test`
  const aNumber = `WH-A2E${suffix.slice(-5).toUpperCase()}`
  let aId: number
  let aOrderId: number
  let bToken: string

  beforeAll(async () => {
    aId = await register(aEmail)
    await register(bEmail)
    aOrderId = (await createOrder(aId, aNumber, aEmail)).id as number
    const res = await restLogin(bEmail, PASSWORD)
    expect(res.status).toBe(200)
    bToken = ((await res.json()) as { token: string }).token
  })

  it('REST: 404 for A’s order and A’s account, by id', async () => {
    const order = await fetch(`${base}/api/orders/${aOrderId}`, { headers: { Authorization: `JWT ${bToken}` } })
    expect(order.status).toBe(404)
    const user = await fetch(`${base}/api/users/${aId}`, { headers: { Authorization: `JWT ${bToken}` } })
    expect(user.status).toBe(404)
    const list = (await (await fetch(`${base}/api/orders?limit=100`, { headers: { Authorization: `JWT ${bToken}` } })).json()) as { docs: { orderNumber: string }[] }
    expect(list.docs.map((d) => d.orderNumber)).not.toContain(aNumber)
    // Nor can B change A's order or account
    const patch = await fetch(`${base}/api/users/${aId}`, { method: 'PATCH', headers: { Authorization: `JWT ${bToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ firstName: 'Hacked' }) })
    expect(patch.status).toBe(404)
  })

  it('GraphQL: no order, a not-found error', async () => {
    const res = await fetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { Authorization: `JWT ${bToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `{ Order(id: ${aOrderId}) { orderNumber email } Orders(limit: 20) { docs { orderNumber } } }` }),
    })
    const body = (await res.json()) as { data?: { Order: unknown; Orders: { docs: { orderNumber: string }[] } | null }; errors?: { message: string; extensions?: { statusCode?: number } }[] }
    expect(body.data?.Order ?? null).toBeNull()
    expect(body.errors?.[0]?.extensions?.statusCode).toBe(404)
    expect(JSON.stringify(body)).not.toContain(aNumber)
  })

  it('page: B gets the 404 page for A’s order number', async () => {
    const { page, allow } = await newPage()
    allow(/404 .*\/orders\//, /status of 404 .*\/orders\//) // the 404 page is what this test expects
    await page.goto('/login')
    await signIn(page, bEmail, PASSWORD)
    await page.waitForURL((u) => u.pathname === '/account')
    const res = await page.goto(`/orders/${aNumber.toLowerCase()}`)
    expect(res?.status()).toBe(404)
    await expect(page.content()).resolves.not.toContain(aEmail)
  })

  it('API: B’s bearer token lists none of A’s orders', async () => {
    const form = new FormData()
    form.set('username', bEmail)
    form.set('password', PASSWORD)
    const token = ((await (await fetch(`${base}/wp-json/jwt-auth/v1/token`, { method: 'POST', body: form })).json()) as { data: { token: string } }).data.token
    const res = await fetch(`${base}/api/v1/customer/orders`, { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(JSON.stringify(await res.json())).not.toContain(aNumber)
  })

  it('an anonymous visitor gets nothing', async () => {
    expect((await fetch(`${base}/api/orders/${aOrderId}`)).status).toBe(403)
    expect((await fetch(`${base}/api/orders`)).status).toBe(403)
    expect((await fetch(`${base}/api/users/${aId}`)).status).toBe(403)
    const gql = (await (await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: `{ Order(id: ${aOrderId}) { orderNumber } }` }) })).json()) as { data?: { Order: unknown } }
    expect(gql.data?.Order ?? null).toBeNull()
    expect((await fetch(`${base}/api/v1/customer/orders`)).status).toBe(401)
    const page = await fetch(`${base}/orders/${aNumber.toLowerCase()}`, { redirect: 'manual' })
    expect(page.status).toBe(307)
    expect(page.headers.get('location')).toContain(`/login?next=${encodeURIComponent(`/orders/${aNumber.toLowerCase()}`)}`)
  })

  it('ignores the session cookie on a cross-site request (CSRF)', async () => {
    const login = await restLogin(bEmail, PASSWORD)
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(cookie).toMatch(/^payload-token=/)
    const sameSite = await fetch(`${base}/api/users/me`, { headers: { Cookie: cookie, Origin: base } })
    expect(((await sameSite.json()) as { user: { email: string } | null }).user?.email).toBe(bEmail)
    const crossSite = await fetch(`${base}/api/users/me`, { headers: { Cookie: cookie, Origin: 'https://evil.example' } })
    expect(((await crossSite.json()) as { user: unknown }).user).toBeNull()
  })
})

describe('throttling', () => {
  it('20 wrong passwords for one account block it while another account still signs in', async () => {
    const victim = `victim-${suffix}@e2e.test`
    const other = `other-${suffix}@e2e.test`
    await register(victim)
    await register(other)
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await restLogin(victim, `wrong guess number ${i}`)).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true)
    // Even the right password waits now, on every sign-in path
    const blocked = await restLogin(victim, PASSWORD)
    expect(blocked.status).toBe(429)
    expect(JSON.stringify(await blocked.json())).toMatch(/Too many failed sign-in attempts/)
    const form = new FormData()
    form.set('username', victim)
    form.set('password', PASSWORD)
    expect((await fetch(`${base}/wp-json/jwt-auth/v1/token`, { method: 'POST', body: form })).status).toBe(429)
    // Another account from the same address is not affected
    expect((await restLogin(other, PASSWORD)).status).toBe(200)
  })
})

describe('guest order lookup', () => {
  it('shows the one order for its number and email, and the same neutral answer otherwise', async () => {
    const { page, problems } = await newPage()
    await page.goto('/order-lookup')
    await look(page, 'order-lookup')
    await formHydrated(page)
    await page.getByLabel('Order number').fill('WH-DEMO01')
    await page.getByLabel('Email address used for the order').fill('someone.else@example.com')
    await page.getByRole('button', { name: 'Find my order' }).click()
    const alert = page.getByRole('main').getByRole('alert')
    await alert.waitFor()
    const wrongEmail = await alert.textContent()
    expect(wrongEmail).toMatch(/could not find an order/)

    await page.getByLabel('Order number').fill('WH-NOSUCH1')
    await page.getByLabel('Email address used for the order').fill('demo@wheelhouse.local')
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.waitForTimeout(500)
    await expect(page.getByRole('main').getByRole('alert').textContent()).resolves.toBe(wrongEmail)

    await page.getByLabel('Order number').fill('wh-demo01')
    await page.getByLabel('Email address used for the order').fill('Demo@Wheelhouse.local')
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: 'Order WH-DEMO01' }).waitFor()
    const result = await page.locator('.lookup-result').textContent()
    expect(result).toContain('Abus Granit X-Plus 540')
    expect(result).toContain('£214.98')
    expect(result).not.toContain('WH-DEMO02')
    await look(page, 'order-lookup-result')
    expect(problems).toEqual([])
  })
})

describe('auth hardening over HTTP', () => {
  const owner = `owner-${suffix}@e2e.test`
  let ownerId: number

  beforeAll(async () => {
    ownerId = await register(owner)
  })

  it('lets the owner in from a known device (REST and admin sign-in) however many failures an attacker caused', async () => {
    const first = await restLogin(owner, PASSWORD)
    expect(first.status).toBe(200)
    const device = first.headers.getSetCookie().find((c) => c.startsWith('wheelhouse-device='))
    expect(device, 'a known-device cookie from Payload’s own login').toMatch(/HttpOnly/)
    for (let i = 0; i < 12; i++) await restLogin(owner, `attacker guess ${i}`)
    expect((await restLogin(owner, PASSWORD)).status).toBe(429)
    const known = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: device!.split(';')[0]! }, body: JSON.stringify({ email: owner, password: PASSWORD }) })
    expect(known.status).toBe(200)
  })

  it('needs the current password to change the password over REST and GraphQL, and answers /api/users/me with 404', async () => {
    const res = await restLogin(owner, PASSWORD)
    const token = ((await res.json()) as { token: string }).token
    const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
    const without = await fetch(`${base}/api/users/${ownerId}`, { method: 'PATCH', headers, body: JSON.stringify({ password: 'taken over passphrase' }) })
    expect(without.status).toBe(400)
    expect(JSON.stringify(await without.json())).toMatch(/current password/)
    const gql = await fetch(`${base}/api/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: `mutation { updateUser(id: ${ownerId}, data: { password: "taken over passphrase" }) { id } }` }) })
    expect(JSON.stringify(await gql.json())).toMatch(/current password/)
    expect((await fetch(`${base}/api/users/me`, { method: 'PATCH', headers, body: JSON.stringify({ firstName: 'Me' }) })).status).toBe(404)
    expect((await fetch(`${base}/api/orders/abc`, { method: 'PATCH', headers, body: JSON.stringify({ status: 'paid' }) })).status).toBe(404)
    expect((await fetch(`${base}/api/payload-locked-documents`, { headers })).status).toBe(403)
    const cyclic = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { ...headers, Accept: 'application/graphql-response+json' }, body: JSON.stringify({ query: 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }' }) })
    expect(cyclic.status).toBe(400)
    expect((await restLogin(owner, PASSWORD)).status).toBe(200)
  })

  it('answers registering an existing address beside the form, never with a server error', async () => {
    const { page, problems } = await newPage()
    await page.goto('/register')
    await formHydrated(page)
    await page.getByLabel('First name').fill('Twice')
    await page.getByLabel('Last name').fill('Over')
    await page.getByLabel('Email address').fill(owner)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Password again').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText('This email address already has an account.').waitFor()
    await page.getByLabel('Password', { exact: true }).fill('password123456')
    await page.getByLabel('Password again').fill('password123456')
    await page.getByLabel('Email address').fill(`fresh-${suffix}@e2e.test`)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText(/too easy to guess/).first().waitFor()
    expect(problems).toEqual([])
  })
})
