// An order's admin page at 1280×800, in Chromium, as a shop manager (a staff user) runs it: the panel at the top shows
// the order in pounds and offers its next steps; refunding £10 of a paid order from it refunds 1000 pence once, and
// marking another ready for collection emails the customer once; every customer email can be previewed. axe checks
// the panel and the previews (the rest of the page is Payload's markup: page-checks.ts, VENDOR_PAGES).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { closeBrowser, newPage, axeFindingsInTurn } from './browser'
import { adminToken, signInToAdmin } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const env = shop().env
const VIEWPORT = { width: 1280, height: 800 }
const manager = { email: `order-page-${Date.now().toString(36)}@e2e.test`, password: 'order page passphrase 2026!' }
const SCREENSHOTS = process.env.BACK_OFFICE_SCREENSHOTS ?? path.resolve('data/e2e/screenshots')
let payload: Payload

beforeAll(async () => {
  Object.assign(process.env, env, { LOG_LEVEL: 'warn' })
  const { default: config } = await import('../../src/payload.config')
  const { getPayload } = await import('payload')
  payload = await getPayload({ config })
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { Authorization: `JWT ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...manager, role: 'staff', firstName: 'Shop', lastName: 'Manager' }),
  })
  expect(created.status).toBe(201)
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
}, 120_000)

afterAll(async () => {
  await closeBrowser()
  await payload?.destroy()
})

/** A card order of a jacket and two gloves, paid through the test gateway an hour ago (as checkout leaves it). */
async function paidOrder(email: string) {
  const category = (await payload.find({ collection: 'categories', limit: 1, depth: 0, overrideAccess: true })).docs[0]!.id
  const items = [['Touring jacket', 14999, 1], ['Winter gloves', 3450, 2]] as const
  const products: number[] = []
  for (const [name, pricePence] of items) {
    const s = uniqueSuffix()
    products.push((await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `${name} ${s}`, sku: `ORD-${s}`, category, pricePence, stock: 4 }) as never })).id)
  }
  const total = items.reduce((sum, [, p, n]) => sum + p * n, 0)
  const orderNumber = `WH-${Array.from(randomBytes(6), (b) => '346789ABCDEFGHJKMNPQRTWXY'[b % 25]).join('')}`
  const sessionId = `tgs_${randomBytes(16).toString('hex')}`
  const paidAt = new Date(Date.now() - 3_600_000).toISOString()
  await payload.create({ collection: 'test-gateway-payments', overrideAccess: true, data: { sessionId, orderReference: orderNumber, amountPence: total, currency: 'GBP', refundedPence: 0, status: 'succeeded', successUrl: '/payment-success', failureUrl: '/payment-failure' } as never })
  return payload.create({
    collection: 'orders',
    overrideAccess: true,
    data: {
      orderNumber, kind: 'card', status: 'paid', firstName: 'Robin', lastName: 'Rider', email, phone: '07700 900456',
      delivery: { method: 'free', feePence: 0 },
      lines: items.map(([name, pricePence, count], i) => ({ product: products[i], name, unitPricePence: pricePence, count, vatRatePercent: 20, lineTotalPence: pricePence * count })),
      subtotalPence: total, vatPence: Math.round(total / 6), totalPence: total,
      stock: { state: 'committed' },
      payment: { provider: 'test-gateway', reference: sessionId, paidAt, refundedPence: 0 },
      history: [{ at: paidAt, actor: 'payment webhook', from: 'awaiting_payment', to: 'paid', note: `Paid ${total}p by card (test-gateway ${sessionId}).` }],
    } as never,
  })
}

const signIn = (page: Page) => signInToAdmin(page, manager)

/** The order's page with its panel loaded and able to act. */
async function openOrder(page: Page, id: number) {
  await page.goto(`/admin/collections/orders/${id}`)
  const panel = page.getByTestId('order-panel')
  await panel.getByRole('heading', { name: 'Next steps' }).waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="order-panel"] button')
    return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'))
  })
  return panel
}

describe('an order’s admin page at 1280×800', () => {
  it('refunds £10 of a paid order from its page: 1000 pence, once, shown on the page', async () => {
    const email = `order-page-${uniqueSuffix()}@e2e.test`
    const order = await paidOrder(email)
    const { page } = await newPage(VIEWPORT)
    await signIn(page)
    const panel = await openOrder(page, order.id)
    await expect(panel.getByRole('table').first().textContent()).resolves.toContain('£34.50')
    expect(await panel.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Mark processing', 'Mark ready for collection', 'Mark dispatched', 'Refund in full', 'Refund part of this order']))
    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="order-panel"]')).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-order-page.png') })

    await panel.getByLabel('Amount (£)').fill('10')
    await panel.getByLabel('Reason (goes in the order’s history)').fill('Scuff on the jacket sleeve')
    await panel.getByRole('button', { name: 'Refund part of this order' }).click()
    const yes = panel.getByRole('button', { name: 'Yes: refund £10' })
    await expect.poll(() => yes.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="order-panel"]')).toEqual([])
    await yes.click()
    await panel.getByRole('status').filter({ hasText: '£10 refunded to the card.' }).waitFor()
    await panel.getByRole('cell', { name: 'Part of the order' }).waitFor()
    await panel.getByText(/Part refund of £10 to the card asked for by staff: Scuff on the jacket sleeve/).waitFor()
    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="order-panel"]')).toEqual([])

    const refunds = await payload.find({ collection: 'refunds', where: { order: { equals: order.id } }, overrideAccess: true, depth: 0 })
    expect(refunds.docs.map((r) => [r.amountPence, r.state])).toEqual([[1000, 'succeeded']])
    const session = (await payload.find({ collection: 'test-gateway-payments', where: { orderReference: { equals: order.orderNumber } }, overrideAccess: true })).docs[0]!
    expect(session.refundedPence).toBe(1000)
    await page.context().close()
  }, 180_000)

  it('marks a paid order ready for collection from its page: the customer gets one email', async () => {
    const email = `order-page-${uniqueSuffix()}@e2e.test`
    const order = await paidOrder(email)
    const { page } = await newPage(VIEWPORT)
    await signIn(page)
    const panel = await openOrder(page, order.id)
    await panel.getByRole('button', { name: 'Mark ready for collection' }).click()
    await panel.getByRole('status').filter({ hasText: `Order ${order.orderNumber} is now Ready for collection.` }).waitFor()
    await panel.getByRole('button', { name: 'Mark completed' }).waitFor()
    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="order-panel"]')).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-order-page-ready.png') })
    // The email's job runs in the shop's runner (every 2 s); it is written once.
    const mail = async () => (await readOutbox(env.OUTBOX_DIR!)).filter((m) => m.to === email)
    await expect.poll(async () => (await mail()).length, { timeout: 30_000 }).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    expect((await mail()).map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`${order.orderNumber}.*ready to collect`))])
    expect((await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true, depth: 0 })).status).toBe('ready_for_collection')
    await page.context().close()
  }, 180_000)

  it('previews every customer email with sample data: the HTML as a mail program shows it and its text part', async () => {
    const { page } = await newPage(VIEWPORT)
    await signIn(page)
    // The side navigation lists it (closed at this width until its menu button opens it); staff follow its link.
    await expect(page.locator('a[href="/admin/email-previews"]').filter({ hasText: 'Email previews' }).count()).resolves.toBe(1)
    await page.goto('/admin/email-previews')
    await page.getByRole('heading', { name: 'Email previews', level: 1 }).waitFor()
    const emails = page.getByRole('navigation', { name: 'Emails' }).getByRole('link')
    expect(await emails.count()).toBeGreaterThanOrEqual(31)
    await emails.filter({ hasText: 'Order: confirmation' }).click()
    await page.waitForURL(/email=order-confirmation/)
    await expect(page.locator('p').filter({ hasText: /^Subject:/ }).textContent()).resolves.toMatch(/^Subject: Your .+ order WH-7K3F9Q is confirmed$/)
    const html = page.frameLocator('iframe[title="Order: confirmation: the email as HTML"]')
    await html.getByRole('heading', { name: 'Order WH-7K3F9Q is confirmed' }).waitFor()
    await html.getByRole('link', { name: 'View your order' }).waitFor()
    await expect(page.locator('pre').textContent()).resolves.toContain('Total paid: £')
    expect(await axeFindingsInTurn(page, [], undefined, '[data-testid="email-previews"]')).toEqual([])
    await page.context().close()
  }, 180_000)
})

