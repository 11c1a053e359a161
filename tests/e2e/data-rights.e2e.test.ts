// Data rights on a phone (412×900): a customer reads their data as a page, downloads it as JSON, then erases it,
// confirming with their password; afterwards the account cannot sign in. Each page passes axe.
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { customerAccount, hydrated } from './shop-fixtures'

const base = inject('baseURL')
const PASSWORD = 'e2e data-rights passphrase'
const PHONE = { width: 412, height: 900 }

afterAll(async () => {
  await closeBrowser()
})

async function signIn(page: Page, email: string) {
  await page.goto('/login?next=/account')
  await hydrated(page, 'main form button[type="submit"]')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((u) => u.pathname === '/account')
}

describe('a customer\u2019s own data', () => {
  it('reads it, downloads it, and erases it; the account then cannot sign in', async () => {
    const email = `data-${Date.now().toString(36)}@e2e.test`
    expect((await customerAccount({ email, password: PASSWORD, firstName: 'Dana', lastName: 'Rights' })).status).toBe(201)
    const { page, problems } = await newPage(PHONE)
    await signIn(page, email)
    await page.getByRole('heading', { name: 'Your data' }).waitFor()
    expect(await axeViolations(page), 'axe on /account').toEqual([])

    await page.getByRole('link', { name: 'Read it as a page' }).click()
    await page.waitForURL((u) => u.pathname === '/api/account/data')
    await page.getByRole('heading', { level: 1, name: 'Your data held by Wheelhouse' }).waitFor()
    await expect(page.locator('main').textContent()).resolves.toContain('Dana')
    expect(await axeViolations(page), 'axe on the readable copy').toEqual([])

    const download = await page.request.get('/api/account/data?format=json')
    expect(download.status()).toBe(200)
    expect(download.headers()['content-disposition']).toMatch(/attachment/)
    const copy = (await download.json()) as { subject: { email: string }; collections: Record<string, unknown[]> }
    expect(copy.subject.email).toBe(email)
    expect(copy.collections.users).toHaveLength(1)

    await page.goto('/account')
    await hydrated(page, '[data-testid="erase-account-form"] button[type="submit"]')
    await page.getByLabel('Your password, to confirm').fill(PASSWORD)
    await page.getByRole('button', { name: 'Close my account and erase my data' }).click()
    await page.getByRole('status').filter({ hasText: 'Your account is closed' }).waitFor()
    expect(await axeViolations(page), 'axe after erasure').toEqual([])

    const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
    expect(login.status).toBe(401)
    expect(problems).toEqual([])
  })
})
