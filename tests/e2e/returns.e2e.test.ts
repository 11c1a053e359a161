// Cancelling and returning in Chromium at 412×900 with axe: a guest (order number and email) and a signed-in
// customer each cancel one line of a three-line delivered order; staff mark each return received and refund it.
// The refund equals that line to the penny, the line's stock goes back once, and the emails are in the outbox. A
// jacket exchanged for another size: the replacement is paid by the old one, the old one's stock comes back on
// receipt, nothing reaches the card, and each step's email is in the outbox.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../src/adapters/email/file-outbox'
import { buildProduct, buildVariant, uniqueSuffix } from '../../src/setup/seed/factories'
import { axeViolations, closeBrowser, finishPage, newPage } from './browser'
import { adminToken, customerAccount, hydrated, localPayload } from './shop-fixtures'
import { shop } from './shops'

const base = shop().baseURL
const env = shop().env
const VIEWPORT = { width: 412, height: 900 }
const PASSWORD = 'e2e returns passphrase'
let payload: Payload

const stock = async (id: number) => (await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })).stockQuantity

/**
 * Noon (UTC) of the London calendar day `daysAgo` days before today's there. The shop counts a customer's days in
 * London's calendar, so a delivery `daysAgo` × 24 hours ago is one day fewer whenever it fell in summer time and the
 * test runs between 23:00 and midnight UTC in winter (day 39, not 40).
 */
function londonDaysAgo(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const day = new Date(`${today}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() - daysAgo)
  return day.toISOString()
}

/** A card order paid through the test gateway, delivered `daysAgo` days ago (yesterday unless said), of a jacket, a helmet and a lock (as checkout and staff would leave it). */
async function deliveredOrder(email: string, customer: number | null, daysAgo = 1) {
  const category = (await payload.find({ collection: 'categories', limit: 1, depth: 0, overrideAccess: true })).docs[0]!.id
  const items = [['Jacket', 14999], ['Helmet', 22950], ['Lock', 4999]] as const
  const products: number[] = []
  for (const [name, pricePence] of items) {
    const s = uniqueSuffix()
    products.push((await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `${name} ${s}`, sku: `RET-${s}`, category, pricePence, stock: 4 }) as never })).id)
  }
  const total = items.reduce((sum, [, p]) => sum + p, 0)
  const orderNumber = `WH-${Array.from(randomBytes(6), (b) => '346789ABCDEFGHJKMNPQRTWXY'[b % 25]).join('')}`
  const sessionId = `tgs_${randomBytes(16).toString('hex')}`
  const yesterday = londonDaysAgo(daysAgo)
  await payload.create({ collection: 'test-gateway-payments', overrideAccess: true, data: { sessionId, orderReference: orderNumber, amountPence: total, currency: 'GBP', refundedPence: 0, status: 'succeeded', successUrl: '/payment-success', failureUrl: '/payment-failure' } as never })
  const order = await payload.create({
    collection: 'orders',
    overrideAccess: true,
    data: {
      orderNumber, kind: 'card', status: 'completed', customer, firstName: 'Robin', lastName: 'Rider', email, phone: '07700 900456',
      delivery: { method: 'free', feePence: 0 },
      lines: items.map(([name, pricePence], i) => ({ product: products[i], name, unitPricePence: pricePence, count: 1, vatRatePercent: 20, lineTotalPence: pricePence })),
      subtotalPence: total, vatPence: Math.round(total / 6), totalPence: total,
      stock: { state: 'committed' },
      payment: { provider: 'test-gateway', reference: sessionId, paidAt: yesterday, refundedPence: 0 },
      history: [{ at: yesterday, actor: 'staff', from: 'dispatched', to: 'completed', note: 'Delivered.' }],
    } as never,
  })
  for (const product of products) {
    await payload.create({ collection: 'stock-holds', overrideAccess: true, data: { ref: `order:${order.id}`, product, count: 1, state: 'sold' } as never })
    await payload.update({ collection: 'products', id: product, overrideAccess: true, data: { stockQuantity: 3 } as never })
  }
  return { order, products }
}

async function staffStep(returnNumber: string, step: 'receive' | 'refund', body: object = {}) {
  const r = (await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, overrideAccess: true })).docs[0]!
  const res = await fetch(`${base}/api/returns/${r.id}/${step}`, { method: 'POST', headers: { Authorization: `JWT ${await adminToken()}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status, await res.clone().text()).toBe(200)
  return res
}

async function cancelFirstLine(page: import('playwright-core').Page) {
  await hydrated(page, 'main form button[type="submit"]')
  await page.getByRole('checkbox').first().check()
  await page.getByLabel('Why are you cancelling?').fill('Wrong size: I need a large')
  await page.getByRole('radio', { name: 'By post' }).check()
  expect(await axeViolations(page), 'axe on the cancellation form').toEqual([])
  await page.getByRole('button', { name: 'Cancel and return these items' }).click()
  const done = page.getByRole('status').filter({ hasText: 'Cancellation' })
  await done.waitFor()
  const returnNumber = (await done.textContent())!.match(/WH-[0-9A-Z]+-R\d+/)![0]
  expect(await axeViolations(page), 'axe after cancelling').toEqual([])
  return returnNumber
}

async function staffRefundsAndChecks(returnNumber: string, orderNumber: string, product: number, linePence: number, email: string) {
  expect(await stock(product)).toBe(3)
  await staffStep(returnNumber, 'receive')
  expect(await stock(product)).toBe(4)
  await fetch(`${base}/api/returns/0/receive`, { method: 'POST', headers: { Authorization: `JWT ${await adminToken()}` } })
  const r = (await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, overrideAccess: true })).docs[0]!
  // Received twice: refused, and the stock went back once.
  const again = await fetch(`${base}/api/returns/${r.id}/receive`, { method: 'POST', headers: { Authorization: `JWT ${await adminToken()}` } })
  expect(again.status).toBe(409)
  expect(await stock(product)).toBe(4)
  await staffStep(returnNumber, 'refund', { deductionPence: 0, deductionReason: '' })
  const refunds = await payload.find({ collection: 'refunds', where: { return: { equals: r.id } }, overrideAccess: true })
  expect(refunds.docs.map((d) => [d.amountPence, d.state])).toEqual([[linePence, 'succeeded']])
  const session = (await payload.find({ collection: 'test-gateway-payments', where: { orderReference: { equals: orderNumber } }, overrideAccess: true })).docs[0]!
  expect(session.refundedPence).toBe(linePence)
  const mail = (await readOutbox(path.join(env.OUTBOX_DIR!))).filter((m) => m.to === email).map((m) => m.tag)
  expect(mail).toEqual(expect.arrayContaining(['return-requested', 'return-received', 'return-refunded']))
}

beforeAll(async () => {
  payload = await localPayload()
}, 120_000)

afterAll(async () => {
  await closeBrowser()
  await payload?.destroy()
})

describe('cancelling one line of a delivered order', () => {
  it('as a guest, from the order lookup: return instructions, then staff receive and refund the line to the penny', async () => {
    const email = `guest-${uniqueSuffix()}@e2e.test`
    const { order, products } = await deliveredOrder(email, null)
    const { page } = await newPage(VIEWPORT)
    await page.goto('/order-lookup')
    await page.getByRole('link', { name: 'Cancel or return items' }).click()
    await hydrated(page, 'main form button[type="submit"]')
    expect(await axeViolations(page), 'axe on the guest cancellation page').toEqual([])
    await page.getByLabel('Order number').fill(order.orderNumber)
    await page.getByLabel('Email address used for the order').fill(email)
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: 'Cancel or return items', level: 2 }).waitFor()
    const returnNumber = await cancelFirstLine(page)
    await finishPage(page)
    await staffRefundsAndChecks(returnNumber, order.orderNumber, products[0]!, 14999, email)
  }, 180_000)

  it('signed in, from the order page: the same, and another customer cannot see or cancel it', async () => {
    const email = `returns-${uniqueSuffix()}@e2e.test`
    expect((await customerAccount({ email, password: PASSWORD, firstName: 'Robin', lastName: 'Rider' })).status).toBe(201)
    const customer = (await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!.id
    const { order, products } = await deliveredOrder(email, customer)
    // A stranger (no account, wrong email) gets the same 404 as for no order.
    const stranger = await fetch(`${base}/api/v1/customer/returns`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderNumber: order.orderNumber, email: 'someone@e2e.test', lines: [{ lineId: order.lines[0]!.id, count: 1 }], reason: 'mine' }) })
    expect(stranger.status).toBe(404)
    const { page } = await newPage(VIEWPORT)
    await page.goto(`/login?next=${encodeURIComponent(`/orders/${order.orderNumber}`)}`)
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === `/orders/${order.orderNumber}`)
    const returnNumber = await cancelFirstLine(page)
    await finishPage(page)
    await staffRefundsAndChecks(returnNumber, order.orderNumber, products[0]!, 14999, email)
    expect((await payload.findByID({ collection: 'orders', id: order.id, overrideAccess: true })).payment?.refundedPence).toBe(14999)
  }, 180_000)
})

describe('reporting a faulty item', () => {
  /** A guest finds a delivered order from the order lookup and reports its first item faulty; answers what the page said. */
  async function reportFault(daysAgo: number): Promise<string> {
    const email = `fault-${uniqueSuffix()}@e2e.test`
    const { order } = await deliveredOrder(email, null, daysAgo)
    const { page } = await newPage(VIEWPORT)
    await page.goto(`/order-lookup/cancel?number=${order.orderNumber}`)
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByLabel('Email address used for the order').fill(email)
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: 'Report a faulty item', level: 2 }).waitFor()
    await page.getByLabel('Which item is faulty?').selectOption({ label: 'Jacket' })
    await page.getByLabel('What is wrong with it?').fill('The main zip came apart on the second ride')
    expect(await axeViolations(page), 'axe on the fault report form').toEqual([])
    await page.getByRole('button', { name: 'Report the fault' }).click()
    const done = page.getByRole('status').filter({ hasText: 'Fault report' })
    await done.waitFor()
    const said = (await done.textContent())!
    expect(await axeViolations(page), 'axe after reporting').toEqual([])
    await finishPage(page)
    const returnNumber = said.match(/WH-[0-9A-Z]+-R\d+/)![0]
    const r = (await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, overrideAccess: true })).docs[0]!
    expect(r).toMatchObject({ ground: 'fault', state: 'requested', order: expect.objectContaining({ id: order.id }) })
    const mail = (await readOutbox(path.join(env.OUTBOX_DIR!))).filter((m) => m.to === email)
    expect(mail.map((m) => m.subject)).toEqual([`We have your fault report ${returnNumber}`])
    return said
  }

  it('on day 20 after delivery: the short-term right to reject, a full refund', async () => {
    expect(await reportFault(20)).toMatch(/Day 20 after delivery: short-term right to reject .*full refund/)
  }, 180_000)

  it('on day 40: repair or replacement first, the fault presumed present at delivery', async () => {
    expect(await reportFault(40)).toMatch(/Day 40 after delivery: repair or replacement first; fault presumed present at delivery/)
  }, 180_000)
})

/** A delivered card order of a jacket in size M, the jacket also made in L (both at `pricePence`), as checkout and staff would leave it. */
async function deliveredJacket(email: string, pricePence: number) {
  const category = (await payload.find({ collection: 'categories', limit: 1, depth: 0, overrideAccess: true })).docs[0]!.id
  const s = uniqueSuffix()
  const product = (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Touring jacket ${s}`, sku: `EXC-${s}`, category, pricePence: null, productType: 'variable' }) as never })).id
  const sizes: number[] = []
  for (const [i, size] of ['M', 'L'].entries()) sizes.push((await payload.create({ collection: 'variants', overrideAccess: true, data: buildVariant({ product, sku: `EXC-${s}-${size}`, size, pricePence, stock: 3, position: i }) as never })).id)
  const orderNumber = `WH-${Array.from(randomBytes(6), (b) => '346789ABCDEFGHJKMNPQRTWXY'[b % 25]).join('')}`
  const sessionId = `tgs_${randomBytes(16).toString('hex')}`
  const yesterday = new Date(Date.now() - 86_400_000).toISOString()
  await payload.create({ collection: 'test-gateway-payments', overrideAccess: true, data: { sessionId, orderReference: orderNumber, amountPence: pricePence, currency: 'GBP', refundedPence: 0, status: 'succeeded', successUrl: '/payment-success', failureUrl: '/payment-failure' } as never })
  const order = await payload.create({
    collection: 'orders',
    overrideAccess: true,
    data: {
      orderNumber, kind: 'card', status: 'completed', customer: null, firstName: 'Robin', lastName: 'Rider', email, phone: '07700 900456',
      delivery: { method: 'free', feePence: 0 },
      lines: [{ product, variant: sizes[0], name: `Touring jacket ${s} – M`, unitPricePence: pricePence, count: 1, vatRatePercent: 20, lineTotalPence: pricePence }],
      subtotalPence: pricePence, vatPence: Math.round(pricePence / 6), totalPence: pricePence,
      stock: { state: 'committed' },
      payment: { provider: 'test-gateway', reference: sessionId, paidAt: yesterday, refundedPence: 0 },
      history: [{ at: yesterday, actor: 'staff', from: 'dispatched', to: 'completed', note: 'Delivered.' }],
    } as never,
  })
  await payload.create({ collection: 'stock-holds', overrideAccess: true, data: { ref: `order:${order.id}`, product, variant: sizes[0], count: 1, state: 'sold' } as never })
  await payload.update({ collection: 'variants', id: sizes[0]!, overrideAccess: true, data: { stockQuantity: 2 } as never })
  return { order, product, sizes: sizes as [number, number] }
}

describe('exchanging an item for another size', () => {
  it('a guest swaps a jacket M for an L: the replacement is paid by the old one, staff receive it and settle, nothing reaches the card', async () => {
    const email = `exchange-${uniqueSuffix()}@e2e.test`
    const { order, sizes } = await deliveredJacket(email, 18_999)
    const variantStock = async (id: number) => (await payload.findByID({ collection: 'variants', id, depth: 0, overrideAccess: true })).stockQuantity
    const { page } = await newPage(VIEWPORT)
    await page.goto('/order-lookup')
    await page.getByRole('link', { name: 'Cancel or return items' }).click()
    await hydrated(page, 'main form button[type="submit"]')
    await page.getByLabel('Order number').fill(order.orderNumber)
    await page.getByLabel('Email address used for the order').fill(email)
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: 'Exchange an item', level: 2 }).waitFor()
    const exchange = page.locator('section', { has: page.getByRole('heading', { name: 'Exchange an item' }) })
    // Each size is offered with its price and what the swap costs; the L at the same price is the one wanted.
    const offered = await exchange.getByLabel('Exchange it for').locator('option').allTextContents()
    expect(offered).toEqual(['Choose a size or colour', expect.stringMatching(/\bL\b.*: £189\.99 \(same price\)$/)])
    await exchange.getByLabel('Exchange it for').selectOption({ label: offered[1]! })
    await exchange.getByLabel('Why are you exchanging it?').fill('Too tight across the shoulders')
    await exchange.getByRole('radio', { name: 'By post' }).check()
    expect(await axeViolations(page), 'axe on the exchange form').toEqual([])
    await exchange.getByRole('button', { name: 'Exchange this item' }).click()
    const done = exchange.getByRole('status').filter({ hasText: 'Exchange' })
    await done.waitFor()
    const text = (await done.textContent())!
    const returnNumber = text.match(/WH-[0-9A-Z]+-R\d+/)![0]
    const replacementNumber = text.match(/replacement is order (WH-[0-9A-Z]+)/)![1]!
    expect(await axeViolations(page), 'axe after exchanging').toEqual([])
    await finishPage(page)

    const replacement = (await payload.find({ collection: 'orders', where: { orderNumber: { equals: replacementNumber } }, depth: 0, overrideAccess: true })).docs[0]!
    expect(replacement).toMatchObject({ status: 'paid', totalPence: 0, exchangeCreditPence: 18_999 })
    expect(await variantStock(sizes[1])).toBe(2)
    expect(await variantStock(sizes[0])).toBe(2)
    await staffStep(returnNumber, 'receive')
    expect(await variantStock(sizes[0])).toBe(3)
    await staffStep(returnNumber, 'refund', { deductionPence: 0, deductionReason: '' })
    const r = (await payload.find({ collection: 'returns', where: { returnNumber: { equals: returnNumber } }, overrideAccess: true })).docs[0]!
    const refunds = await payload.find({ collection: 'refunds', where: { return: { equals: r.id } }, overrideAccess: true })
    expect(refunds.docs.map((d) => [d.amountPence, d.creditPence, d.state])).toEqual([[18_999, 18_999, 'succeeded']])
    const session = (await payload.find({ collection: 'test-gateway-payments', where: { orderReference: { equals: order.orderNumber } }, overrideAccess: true })).docs[0]!
    expect(session.refundedPence).toBe(0)
    const mail = (await readOutbox(path.join(env.OUTBOX_DIR!))).filter((m) => m.to === email).map((m) => m.subject)
    expect(mail).toEqual(expect.arrayContaining([`Your exchange ${returnNumber} for order ${order.orderNumber}`, `We have received your return ${returnNumber}`, `Your exchange ${returnNumber} is settled`]))
  }, 180_000)
})
