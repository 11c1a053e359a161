// GA4 ecommerce events with consent in Chromium, on the e2e shop whose tag manager is GTM-E2E0TEST:
// consent mode's denied default is the only thing in the dataLayer before the visitor accepts; nothing is fetched
// from Google before then (the tag's request is answered here, nothing is downloaded); after acceptance the tag
// loads once and view_item, add_to_cart, view_item_list, begin_checkout and purchase arrive in GA4's item shape,
// and a purchase is not sent again when its page is reloaded. A visitor who declines sends nothing at all.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations, closeBrowser, newPage } from './browser'
import { hydrated } from './shop-fixtures'
import { payOnGateway } from './checkout-steps'

afterAll(closeBrowser)

const PHONE = { width: 412, height: 900 }
const LIGHT = '/products/lezyne-lite-drive-1000xl'
const LIGHT_ITEM = { item_id: 'LEZYNE-LITE-DRIVE-1000XL', item_name: 'Lezyne Lite Drive 1000XL', item_brand: 'Lezyne', item_category: 'accessory', price: 69.99, quantity: 1 }
// The basket's priced lines and an order's lines carry no brand (and an order's no kind): those items say less.
const { item_brand: _brand, ...CHECKOUT_ITEM } = LIGHT_ITEM
const { item_category: _category, ...PURCHASE_ITEM } = CHECKOUT_ITEM
const DENIED = ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]
const GRANTED = ['consent', 'update', { analytics_storage: 'granted' }]
const shotDir = path.resolve('data/e2e/screenshots')

type Entry = { event?: string; ecommerce?: Record<string, unknown> & { items?: Record<string, unknown>[] } } | unknown[]

/** The page's dataLayer as plain data (gtag's entries are `arguments` objects). */
async function dataLayer(page: Page): Promise<Entry[] | null> {
  return page.evaluate(() => {
    const layer = (window as { dataLayer?: unknown[] }).dataLayer
    if (!layer) return null
    return JSON.parse(JSON.stringify(layer.map((e) => (Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as ArrayLike<unknown>) : e)))) as Entry[]
  })
}

const events = (layer: Entry[] | null, name?: string) => (layer ?? []).filter((e): e is Exclude<Entry, unknown[]> => !Array.isArray(e) && typeof e.event === 'string' && (!name || e.event === name))

async function eventually(page: Page, name: string) {
  await expect.poll(async () => events(await dataLayer(page), name).length, { timeout: 15_000 }).toBeGreaterThan(0)
  return events(await dataLayer(page), name).at(-1)!
}

/** A phone page whose requests to Google's tag manager are counted and answered here (nothing is downloaded). */
async function trackedPage() {
  // The shop's service worker would fetch the tag itself, out of the test's sight: not registered here.
  const tracked = await newPage(PHONE, { serviceWorkers: 'block' })
  const tagRequests: string[] = []
  await tracked.page.context().route('https://www.googletagmanager.com/**', async (route) => {
    tagRequests.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagLoaded = true' })
  })
  // Anything else from another origin would be a download this test does not allow.
  await tracked.page.context().route(/^https?:\/\/(?!localhost[:/]|www\.googletagmanager\.com\/)/, (route) => route.abort())
  return { ...tracked, tagRequests }
}

async function bannerHydrated(page: Page) {
  await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'visible' })
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('.consent button')].find((b) => b.textContent === 'Accept analytics cookies')
    return button !== undefined && Object.keys(button).some((k) => k.startsWith('__react'))
  })
}

describe('analytics with consent', () => {
  it('holds every event until the visitor accepts, then loads the tag once and sends GA4 ecommerce events through to a purchase sent once', async () => {
    const { page, tagRequests } = await trackedPage()
    await page.goto(LIGHT)
    await hydrated(page)
    await bannerHydrated(page)
    // Before any choice: consent mode's denied default and nothing else; no tag requested, none in the page.
    expect(await dataLayer(page)).toEqual([DENIED])
    expect(tagRequests).toEqual([])
    expect(await page.locator('#wh-gtm').count()).toBe(0)
    fs.mkdirSync(shotDir, { recursive: true })
    await page.screenshot({ path: path.join(shotDir, 'analytics-consent-412.png') })
    expect(await axeViolations(page), 'axe on a product page asking for consent').toEqual([])
    // The page's view_item is made on hydration and held: still nothing in the dataLayer a moment later.
    await page.waitForTimeout(500)
    expect(events(await dataLayer(page))).toEqual([])

    await page.getByRole('button', { name: 'Accept analytics cookies' }).click()
    const viewItem = await eventually(page, 'view_item')
    expect(viewItem.ecommerce).toEqual({ currency: 'GBP', value: 69.99, items: [LIGHT_ITEM] })
    const layer = (await dataLayer(page))!
    // Consent is granted before the first event reaches the dataLayer, and the tag is fetched once, after it.
    expect(layer.slice(0, 2)).toEqual([DENIED, GRANTED])
    await expect.poll(() => tagRequests.length).toBe(1)
    expect(tagRequests[0]).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-E2E0TEST')
    // The request is answered before the script runs: wait for it to run rather than read the flag at once.
    await expect.poll(() => page.evaluate(() => (window as { __tagLoaded?: boolean }).__tagLoaded)).toBe(true)

    await page.getByRole('button', { name: 'Add to basket' }).click()
    await page.getByRole('dialog', { name: 'Added to your basket' }).waitFor()
    await page.keyboard.press('Escape')
    const added = await eventually(page, 'add_to_cart')
    expect(added.ecommerce).toEqual({ currency: 'GBP', value: 69.99, items: [LIGHT_ITEM] })

    // A returning visitor who accepted: granted at once, the list's items sent on arrival.
    await page.goto('/all-bikes')
    expect((await dataLayer(page))!.slice(0, 2)).toEqual([DENIED, GRANTED])
    const list = await eventually(page, 'view_item_list')
    expect(list.ecommerce).toMatchObject({ currency: 'GBP', item_list_id: '/all-bikes', item_list_name: 'All bikes' })
    const items = list.ecommerce!.items!
    expect(items.length).toBeGreaterThan(1)
    expect(items[0]).toMatchObject({ index: 0, item_list_name: 'All bikes', quantity: 1 })
    for (const item of items) {
      expect(typeof item.item_id).toBe('string')
      expect(typeof item.price).toBe('number')
    }
    expect(await page.getByRole('link', { name: String(items[0]!.item_name) }).first().isVisible()).toBe(true)

    await page.goto('/basket')
    await page.getByRole('link', { name: 'Choose delivery' }).click()
    await page.getByLabel(/Collect from the dealer/).check()
    await page.getByRole('button', { name: 'Continue to checkout' }).click()
    await page.waitForURL('**/checkout')
    const begin = await eventually(page, 'begin_checkout')
    expect(begin.ecommerce).toEqual({ currency: 'GBP', value: 69.99, items: [CHECKOUT_ITEM] })

    await page.getByLabel('First name').fill('Grace')
    await page.getByLabel('Last name').fill('Hopper')
    await page.getByLabel('Email address').fill('grace.analytics@example.co.uk')
    await page.getByLabel('Phone number').fill('07700 900124')
    await page.getByLabel('Address line 1').fill('1 Park Row')
    await page.getByLabel('Town or city').fill('Leeds')
    await page.getByLabel('Postcode').fill('LS1 5HD')
    await page.getByLabel(/I have read the terms/).check()
    await page.getByRole('button', { name: 'Place order and pay £69.99' }).click()
    await payOnGateway(page, '4242 4242 4242 4242', 'Grace Hopper')
    await page.waitForURL(/\/payment-success/)
    await page.getByRole('heading', { name: 'Thank you, your order is confirmed' }).waitFor({ timeout: 30_000 })
    const orderNumber = new URL(page.url()).searchParams.get('order')
    // The page may have shown "Confirming your payment" first and reloaded itself once paid: one purchase either way.
    const purchase = await eventually(page, 'purchase')
    expect(purchase.ecommerce).toMatchObject({ currency: 'GBP', transaction_id: orderNumber, value: 69.99, shipping: 0, items: [PURCHASE_ITEM] })
    expect(typeof purchase.ecommerce!.tax).toBe('number')

    // Reloading the success page sends no second purchase.
    await page.reload()
    await page.getByRole('heading', { name: 'Thank you, your order is confirmed' }).waitFor()
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    expect((await dataLayer(page))!.slice(0, 2)).toEqual([DENIED, GRANTED])
    expect(events(await dataLayer(page), 'purchase')).toEqual([])
  })

  it('sends nothing and loads no tag for a visitor who declines, before or after reloading', async () => {
    const { page, tagRequests } = await trackedPage()
    await page.goto(LIGHT)
    await hydrated(page)
    await bannerHydrated(page)
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click()
    await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Add to basket' }).click()
    await page.getByRole('dialog', { name: 'Added to your basket' }).waitFor()
    await page.keyboard.press('Escape')
    await page.waitForTimeout(1000)
    expect(await dataLayer(page)).toEqual([DENIED])
    await page.goto('/all-bikes')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    expect(await dataLayer(page)).toEqual([DENIED])
    expect(tagRequests).toEqual([])
    expect(await page.locator('#wh-gtm').count()).toBe(0)
  })
})
