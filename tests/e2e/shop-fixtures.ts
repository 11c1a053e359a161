// Shop fixtures the e2e files share: waiting for hydration, the cookie banner, adding to the basket through a
// product page, an admin token for checking what the shop recorded, staff signing in to the admin, and the title a
// page's first HTML carries.
import type { Page } from 'playwright-core'
import type { Payload } from 'payload'
import { expect, inject } from 'vitest'
import { readOutbox, type OutboxEntry } from '../../src/adapters/email/file-outbox'
import { shop } from './shops'

/** Resolves once the element at `selector` is in the page and React has hydrated it. */
export async function hydrated(page: Page, selector = 'button.pdp-add') {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s)
    return el !== null && Object.keys(el).some((k) => k.startsWith('__react'))
  }, selector)
}

/** Gets the cookie banner out of the way, if it is showing; the consent feature's own test covers the choice. */
export async function rejectAnalyticsCookies(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject analytics cookies' })
  if (await reject.isVisible().catch(() => false)) await reject.click()
}

/** Adds the product at `path` (optionally a size and colour) through its page and closes the modal. */
export async function addFromProductPage(page: Page, path: string, choice: { size?: string; colour?: string } = {}) {
  await page.goto(path)
  await hydrated(page)
  await rejectAnalyticsCookies(page)
  if (choice.size) await page.locator(`input[name="size"][value="${choice.size}"]`).check()
  if (choice.colour) await page.locator(`input[name="colour"][value="${choice.colour}"]`).check()
  await page.getByRole('button', { name: 'Add to basket' }).click()
  await page.getByRole('dialog', { name: 'Added to your basket' }).waitFor()
  await page.keyboard.press('Escape')
}

/** The admin the e2e shop was seeded with (its address and password come from the global set-up). */
export function seededAdmin(): { readonly email: string; readonly password: string } {
  return { email: inject('adminEmail'), password: inject('adminPassword') }
}

/** A Payload session token for the seeded admin. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${shop().baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(seededAdmin()),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

let apiToken: string | undefined

/** The shop's REST API as the seeded admin (signed in once per test file): the JSON answer, after checking it is a success. */
export async function adminApi<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
  apiToken ??= await adminToken()
  const res = await fetch(`${shop().baseURL}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `JWT ${apiToken}`, ...init.headers } })
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300)
  return res.json() as Promise<T>
}

/**
 * A customer account made by staff, as a test's starting point: signing up is limited per network (ten an hour,
 * ADR 038), and the suite signs up far more customers than that from one address. Staff-made accounts start with
 * their address confirmed. Tests of signing up itself use the register form or the open REST call.
 */
/** Signs a staff account in through the admin's own login form, ending on the admin's home. */
export async function signInToAdmin(page: Page, account: { readonly email: string; readonly password: string }): Promise<void> {
  await page.goto('/admin')
  await page.waitForURL(/\/admin\/login/)
  await page.locator('input[name="email"]').fill(account.email)
  await page.locator('input[name="password"]').fill(account.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/', { timeout: 30_000 })
}

export async function customerAccount(account: { email: string; password: string; firstName?: string; lastName?: string }): Promise<Response> {
  return fetch(`${shop().baseURL}/api/users`, {
    method: 'POST',
    headers: { Authorization: `JWT ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, role: 'customer' }),
  })
}

/** A staff account made by the seeded admin through the REST API, as a test's starting point (signed in through the admin's form later). */
export async function staffAccount(account: { readonly email: string; readonly password: string }, firstName: string, lastName: string): Promise<void> {
  const res = await fetch(`${shop().baseURL}/api/users`, {
    method: 'POST',
    headers: { Authorization: `JWT ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, role: 'staff', firstName, lastName }),
  })
  expect(res.status).toBe(201)
}

/** Payload's Local API on the e2e shop's database, for what REST cannot do (orders are created only as checkout creates them). */
export async function localPayload(): Promise<Payload> {
  Object.assign(process.env, shop().env, { LOG_LEVEL: 'warn' })
  const { default: config } = await import('../../src/payload.config')
  const { getPayload } = await import('payload')
  return getPayload({ config })
}

/** Chromium's user agent on a desktop: Next chooses how it sends a page's metadata by the user agent (ADR 045). */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

/**
 * What the first HTML answer for `path` titles itself in its <head>: the head is the first thing the shop streams,
 * so a title there arrives with the first bytes; a title React streams later lands in the body, and is null here.
 */
export async function headTitle(path: string, userAgent = BROWSER_USER_AGENT): Promise<{ status: number; title: string | null; html: string }> {
  const res = await fetch(`${shop().baseURL}${path}`, { headers: { 'User-Agent': userAgent, Accept: 'text/html' } })
  const html = await res.text()
  const head = /<head[\s>][\s\S]*?<\/head>/.exec(html)?.[0] ?? ''
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1]?.trim()
  return { status: res.status, title: title || null, html }
}

/**
 * A draft product made by staff through the REST API, as a test's starting point (drafts never show on the
 * storefront, so other files see the shop as before): in the first category of `kind`, with the fields given.
 */
export async function draftProduct(kind: string, fields: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const token = await adminToken()
  const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
  const categories = await fetch(`${shop().baseURL}/api/categories?where[kind][equals]=${encodeURIComponent(kind)}&limit=1&depth=0`, { headers })
  const category = ((await categories.json()) as { docs: { id: number }[] }).docs[0]
  expect(category, `a ${kind} category`).toBeDefined()
  const res = await fetch(`${shop().baseURL}/api/products`, { method: 'POST', headers, body: JSON.stringify({ status: 'draft', productType: 'simple', vatRate: 20, stockQuantity: 1, category: category!.id, ...fields }) })
  expect(res.status, await res.clone().text()).toBe(201)
  const { doc } = (await res.json()) as { doc: { id: number; slug: string } }
  return doc
}

/** The newest email in this shop's outbox that `match` picks, waiting up to `seconds` for it (a job may send it). */
export async function mailFor(match: (m: OutboxEntry) => boolean, seconds = 10): Promise<OutboxEntry> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const found = (await readOutbox(shop().env.OUTBOX_DIR!)).filter(match).pop()
    if (found) return found
    if (Date.now() > deadline) throw new Error('expected email not in the outbox')
    await new Promise((r) => setTimeout(r, 200))
  }
}
