// The acceptance flow in Chromium: a variable and a simple product, plus stopping at stock, a percent
// coupon, pick-up, the checkout form, the gateway's card page and /payment-success; the order, its email and
// the stock it took. Then a declined card: /payment-failure, the basket intact, the stock hold released.
// Also: a checkout refused as sold out tells the customer and refreshes the basket.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { closeBrowser, newPage } from './browser'
import { fillCheckout, payOnGateway } from './checkout-steps'
import { addFromProductPage } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
afterAll(closeBrowser)

const JACKET = '/products/oxford-mondial-jacket'
const LOCK = '/products/abus-bordo-6000'

let token: string | undefined
async function admin(path: string, init: RequestInit = {}) {
  if (!token) {
    const res = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: inject('adminEmail'), password: inject('adminPassword') }) })
    token = ((await res.json()) as { token: string }).token
  }
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}`, ...init.headers } })
  expect(res.status, path).toBeLessThan(300)
  return res.json() as Promise<Record<string, unknown> & { docs: Record<string, unknown>[] }>
}

async function stockOf(slug: string, variant?: { size: string; colour: string }): Promise<number> {
  const product = (await admin(`/api/products?where[slug][equals]=${slug}&depth=0`)).docs[0] as { id: number; stockQuantity: number }
  if (!variant) return product.stockQuantity
  const variants = (await admin(`/api/variants?where[product][equals]=${product.id}&limit=50&depth=0`)).docs as { size: string; colour: string; stockQuantity: number }[]
  return variants.find((v) => v.size === variant.size && v.colour === variant.colour)!.stockQuantity
}

/** The basket → delivery (pick-up) → checkout path with a percent coupon; answers the pay button's label. */
async function toCheckout(page: Page, email: string): Promise<string> {
  await page.goto('/basket')
  await page.getByTestId('subtotal').waitFor()
  const code = page.getByLabel('Coupon code')
  if (await code.isVisible().catch(() => false)) {
    await code.fill('WELCOME10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByTestId('discount').waitFor()
  }
  await page.getByRole('link', { name: 'Choose delivery' }).click()
  await page.getByLabel(/Collect from the dealer/).check()
  await page.getByRole('button', { name: 'Continue to checkout' }).click()
  await page.waitForURL('**/checkout')
  await fillCheckout(page, email)
  const pay = page.getByRole('button', { name: /^Place order and pay £/ })
  await pay.waitFor()
  return (await pay.textContent()) ?? ''
}

describe('card checkout', () => {
  it('pays with 4242…, lands on /payment-success, and the order, its email and the stock follow; 4000…0002 lands on /payment-failure with the basket intact and the hold released', async () => {
    const jacketVariant = { size: 'M', colour: 'Black' }
    const stockBefore = { jacket: await stockOf('oxford-mondial-jacket', jacketVariant), lock: await stockOf('abus-bordo-6000') }
    expect(stockBefore.jacket).toBeGreaterThanOrEqual(2)
    const { page, problems, allow } = await newPage()
    allow(/\/payment-failure/)

    await addFromProductPage(page, JACKET, jacketVariant)
    await addFromProductPage(page, LOCK)
    await page.goto('/basket')
    const plus = page.getByRole('button', { name: /^One more Oxford Mondial Jacket/ })
    await plus.waitFor()
    while (await plus.isEnabled()) await plus.click()
    const jacketCount = Number(await page.locator('.basket-line', { hasText: 'Oxford Mondial' }).getByTestId('line-count').textContent())
    expect(jacketCount).toBe(stockBefore.jacket)

    // subtotal 2 × £199.99 + £94.99 = £494.97; 10% off = £49.50; total £445.47
    const subtotal = jacketCount * 19_999 + 9_499
    const discount = Math.round(subtotal / 10)
    const total = subtotal - discount
    const label = await toCheckout(page, 'ada.success@example.co.uk')
    expect(label).toBe(`Place order and pay £${(total / 100).toFixed(2)}`)
    await page.getByRole('button', { name: label }).click()
    await payOnGateway(page, '4242 4242 4242 4242')
    await page.waitForURL(/\/payment-success/)

    type OrderDoc = { orderNumber: string; status: string; subtotalPence: number; discountPence: number; totalPence: number; delivery: { method: string }; stock: { state: string } }
    await expect.poll(async () => ((await admin(`/api/orders?where[email][equals]=ada.success@example.co.uk&depth=0`)).docs[0] as OrderDoc | undefined)?.status).toBe('paid')
    const orders = (await admin(`/api/orders?where[email][equals]=ada.success@example.co.uk&depth=0`)).docs as OrderDoc[]
    expect(orders).toHaveLength(1)
    const order = orders[0]!
    expect(order).toMatchObject({ subtotalPence: subtotal, discountPence: discount, totalPence: total })
    expect(order.delivery.method).toBe('free')
    expect(order.stock?.state).toBe('committed')
    await expect.poll(async () => (await readOutbox(shop().env.OUTBOX_DIR!)).some((m) => m.to === 'ada.success@example.co.uk' && m.subject.includes(order.orderNumber))).toBe(true)
    expect(await stockOf('oxford-mondial-jacket', jacketVariant)).toBe(stockBefore.jacket - jacketCount)
    expect(await stockOf('abus-bordo-6000')).toBe(stockBefore.lock - 1)
    // A paid order empties the basket
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('root') ?? '{}').basket?.items?.length === 0)
    // …and the header's count with it, without a reload
    await page.waitForFunction(() => document.querySelector('[data-testid="basket-count"]') === null, undefined, { timeout: 5_000 })
    expect(await page.getByRole('button', { name: /^Basket, 0 items/ }).count()).toBe(1)

    // A declined card: the basket stays, and so does the stock
    await addFromProductPage(page, LOCK)
    const lockBefore = await stockOf('abus-bordo-6000')
    await toCheckout(page, 'ada.declined@example.co.uk')
    await page.getByRole('button', { name: /^Place order and pay £/ }).click()
    await payOnGateway(page, '4000 0000 0000 0002')
    await page.waitForURL(/\/payment-failure/)
    const basket = await page.evaluate(() => JSON.parse(localStorage.getItem('root')!).basket.items as { count: number; product: { slug: string } }[])
    expect(basket.map((i) => [i.product.slug, i.count])).toEqual([['abus-bordo-6000', 1]])
    await expect.poll(() => stockOf('abus-bordo-6000')).toBe(lockBefore)
    const declined = (await admin(`/api/orders?where[email][equals]=ada.declined@example.co.uk&depth=0`)).docs as { stock?: { state: string } }[]
    expect(declined[0]?.stock?.state).toBe('released')
    expect(problems.filter((p) => !p.includes('/payment-failure'))).toEqual([])
  })

  it('keeps a guest’s checkout details in the browser store across a reload, never the card', async () => {
    const { page, problems } = await newPage()
    await addFromProductPage(page, LOCK)
    await toCheckout(page, 'ada.reload@example.co.uk')
    await page.reload()
    await page.getByLabel('Email address').waitFor()
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe('ada.reload@example.co.uk')
    await expect(page.getByLabel('Address line 1').inputValue()).resolves.toBe('12 Wellington Street')
    await expect(page.getByLabel('Postcode').inputValue()).resolves.toBe('ls1 4ap')
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').checkout as Record<string, string>)
    expect(Object.keys(stored).sort()).toEqual(['address.line1', 'address.postcode', 'address.town', 'contact.email', 'contact.firstName', 'contact.lastName', 'contact.phone'])
    expect(problems).toEqual([])
  })

  it('tells the customer when stock ran out while they filled the form, and refreshes the basket', async () => {
    const lock = (await admin(`/api/products?where[slug][equals]=abus-bordo-6000&depth=0`)).docs[0] as { id: number; stockQuantity: number }
    const { page, problems, allow } = await newPage()
    allow(/409 .*\/api\/checkout\/orders/, /status of 409/)
    await addFromProductPage(page, LOCK)
    await page.goto('/basket')
    await page.getByRole('button', { name: 'One more Abus Bordo 6000' }).click()
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('root')!).basket.items[0].count === 2)
    await toCheckout(page, 'ada.soldout@example.co.uk')
    await admin(`/api/products/${lock.id}`, { method: 'PATCH', body: JSON.stringify({ stockQuantity: 1 }) })
    try {
      await page.getByRole('button', { name: /^Place order and pay £/ }).click()
      const refusal = page.getByTestId('checkout-refusal')
      await refusal.waitFor()
      await expect(refusal.textContent()).resolves.toContain('Sorry, we no longer have enough in stock for your order')
      await expect(refusal.textContent()).resolves.toContain('Only 1 of Abus Bordo 6000 is in stock')
      // The basket follows the stock, and the pay button the new total
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('root')!).basket.items[0].count === 1)
      await page.getByRole('button', { name: /^Place order and pay £/ }).waitFor()
    } finally {
      await admin(`/api/products/${lock.id}`, { method: 'PATCH', body: JSON.stringify({ stockQuantity: lock.stockQuantity }) })
    }
    expect(problems.filter((p) => !/409 .*\/api\/checkout\/orders/.test(p) && !p.includes('status of 409'))).toEqual([])
  })

  it('leaves no card number in the database, the server’s logs or the email outbox after the checkouts above', async () => {
    const env = shop().env
    const dbFile = env.DATABASE_URL!.replace(/^file:/, '')
    const files = [dbFile, `${dbFile}-wal`, `${dbFile}-journal`, shop().serverLog].filter((f) => fs.existsSync(f))
    const outbox = env.OUTBOX_DIR!
    if (fs.existsSync(outbox)) for (const f of fs.readdirSync(outbox)) files.push(path.join(outbox, f))
    expect(files.length).toBeGreaterThan(3)
    // Both cards were typed on the gateway's page by the first test of this file.
    const cards = ['4242424242424242', '4000000000000002']
    for (const file of files) {
      const text = fs.readFileSync(file).toString('latin1').replace(/[\s-]/g, '')
      for (const card of cards) expect(text.includes(card), `${card} in ${file}`).toBe(false)
    }
  })
})
