// Order placement on a real database: stock held by conditional updates, never oversold under
// concurrency, coupons within their limit, one order per checkout key, refusals that change nothing.
import { describe, expect, it } from 'vitest'
import { releaseExpiredHolds } from '../../src/features/orders/order-lifecycle.server'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { orderCount, orderInput, simpleProduct, stockOf, variantProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'

withTestPayload()

describe(`placeOrder on ${db}`, () => {
  it('holds the stock, prices from the catalogue and records the order', async () => {
    const productId = await simpleProduct(payload, 5, 2500)
    const result = await placeOrder(payload, orderInput([{ productId, count: 2 }]))
    expect(result).toMatchObject({ ok: true, created: true, totalPence: 5000 })
    if (!result.ok) return
    expect(result.orderNumber).toMatch(/^WH-[346789ABCDEFGHJKMNPQRTWXY]{6}$/)
    expect(await stockOf(payload, productId)).toBe(3)
    const order = await payload.findByID({ collection: 'orders', id: result.orderId, overrideAccess: true, depth: 0 })
    expect(order).toMatchObject({ status: 'awaiting_payment', kind: 'card', stock: { state: 'held' }, totalPence: 5000, vatPence: 833 })
    expect(order.lines[0]).toMatchObject({ product: productId, count: 2, unitPricePence: 2500 })
    expect(order.delivery.shippingAddress).toMatchObject({ line1: '1 Dealer Way', postcode: 'LS1 1AA' })
    const expires = new Date(order.stock.holdExpiresAt!).getTime() - Date.now()
    expect(expires).toBeGreaterThan(14 * 60_000)
    expect(expires).toBeLessThanOrEqual(15 * 60_000)
    expect(order.history?.[0]).toMatchObject({ actor: 'customer', to: 'awaiting_payment' })
  })

  it('answers the same order for a repeated checkout key and holds stock once', async () => {
    const productId = await simpleProduct(payload, 5)
    const input = orderInput([{ productId, count: 1 }])
    const results = await Promise.all([placeOrder(payload, input), placeOrder(payload, input), placeOrder(payload, input)])
    const numbers = new Set(results.map((r) => (r.ok ? r.orderNumber : r.code)))
    expect(numbers.size).toBe(1)
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(4)
    const again = await placeOrder(payload, input)
    expect(again).toMatchObject({ ok: true, created: false })
  })

  it('the same checkout sent 10 times at once places one order, and all ten answer it', async () => {
    const productId = await simpleProduct(payload, 5)
    const input = orderInput([{ productId, count: 1 }])
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(payload, input)))
    expect(results.every((r) => r.ok)).toBe(true)
    expect(new Set(results.map((r) => (r.ok ? r.orderId : 0))).size).toBe(1)
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1)
    expect(await stockOf(payload, productId)).toBe(4)
  })

  it('refuses sold out, unknown and withdrawn items, and changes nothing', async () => {
    const productId = await simpleProduct(payload, 1)
    const before = await orderCount(payload)
    expect(await placeOrder(payload, orderInput([{ productId, count: 2 }]))).toMatchObject({ ok: false, status: 409, code: 'sold_out', message: expect.stringContaining('Only 1') })
    expect(await placeOrder(payload, orderInput([{ productId: 999_999, count: 1 }]))).toMatchObject({ ok: false, status: 422, code: 'unavailable' })
    const withdrawn = await simpleProduct(payload, 3)
    await payload.update({ collection: 'products', id: withdrawn, overrideAccess: true, data: { status: 'draft' } as never })
    expect(await placeOrder(payload, orderInput([{ productId: withdrawn, count: 1 }]))).toMatchObject({ ok: false, code: 'unavailable' })
    expect(await placeOrder(payload, orderInput([{ productId, count: 1 }], { couponCode: 'NOSUCHCODE' }))).toMatchObject({ ok: false, status: 422, code: 'coupon_invalid' })
    expect(await orderCount(payload)).toBe(before)
    expect(await stockOf(payload, productId)).toBe(1)
  })

  it('rolls back earlier lines when a later line is sold out', async () => {
    const a = await simpleProduct(payload, 3)
    const b = await simpleProduct(payload, 1)
    const first = await placeOrder(payload, orderInput([{ productId: b, count: 1 }]))
    expect(first.ok).toBe(true)
    // b is now 0: the basket is refused as a whole and a keeps its 3.
    expect(await placeOrder(payload, orderInput([{ productId: a, count: 2 }, { productId: b, count: 1 }]))).toMatchObject({ code: 'sold_out' })
    expect(await stockOf(payload, a)).toBe(3)
  })

  it('gives a lapsed card hold back before refusing the last unit to someone else, and not otherwise', async () => {
    const productId = await simpleProduct(payload, 1)
    const first = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
    expect(first).toMatchObject({ ok: true })
    if (!first.ok) return
    // A hold still running: the next customer is told it is sold out, and the first order keeps it.
    expect(await placeOrder(payload, orderInput([{ productId, count: 1 }]))).toMatchObject({ ok: false, code: 'sold_out' })
    expect((await payload.findByID({ collection: 'orders', id: first.orderId, overrideAccess: true, depth: 0 })).stock.state).toBe('held')
    // Once the hold has lapsed (the background runner has not yet come round), the next checkout gets the unit.
    await payload.update({ collection: 'orders', id: first.orderId, overrideAccess: true, context: { orderLifecycle: true }, data: { stock: { state: 'held', holdExpiresAt: new Date(Date.now() - 60_000).toISOString() } } })
    const second = await placeOrder(payload, orderInput([{ productId, count: 1 }]))
    expect(second).toMatchObject({ ok: true, created: true })
    expect(await payload.findByID({ collection: 'orders', id: first.orderId, overrideAccess: true, depth: 0 })).toMatchObject({ status: 'cancelled', stock: { state: 'released' } })
    expect(await stockOf(payload, productId)).toBe(0)
  })

  it('places a finance order: processing, submitted, stock held for the settings\' 72 hours', async () => {
    const productId = await simpleProduct(payload, 2)
    const result = await placeOrder(payload, orderInput([{ productId, count: 1 }], { kind: 'finance', finance: { quoteId: 'q-1', lenderName: 'Lender', funderCode: 'F1', facilityType: 'HP', figures: { apr: 9.9 } } }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const order = await payload.findByID({ collection: 'orders', id: result.orderId, overrideAccess: true, depth: 0 })
    expect(order).toMatchObject({ kind: 'finance', status: 'processing', financeStatus: 'submitted', stock: { state: 'held' }, finance: { quoteId: 'q-1', facilityType: 'HP', figures: { apr: 9.9 } } })
    const hours = (new Date(order.stock.holdExpiresAt!).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)
  })

  it('an undecided finance application gives its bike back when its hold expires, once; a decided one keeps it', async () => {
    const finance = { quoteId: 'q-2', lenderName: 'Lender', funderCode: 'F1', facilityType: 'HP' as const, figures: { apr: 9.9 } }
    const productId = await simpleProduct(payload, 2)
    const undecided = await placeOrder(payload, orderInput([{ productId, count: 1 }], { kind: 'finance', finance }))
    const decided = await placeOrder(payload, orderInput([{ productId, count: 1 }], { kind: 'finance', finance }))
    if (!undecided.ok || !decided.ok) throw new Error('finance orders refused')
    await payload.update({ collection: 'orders', id: decided.orderId, overrideAccess: true, data: { financeStatus: 'approved' } })
    expect(await stockOf(payload, productId)).toBe(0)
    await releaseExpiredHolds(payload, new Date(Date.now() + 71 * 3_600_000)) // card orders of other tests lapse; these two must not
    expect(await payload.findByID({ collection: 'orders', id: undecided.orderId, overrideAccess: true, depth: 0 })).toMatchObject({ status: 'processing', stock: { state: 'held' } })
    expect(await stockOf(payload, productId)).toBe(0)
    const later = new Date(Date.now() + 73 * 3_600_000)
    await Promise.all([releaseExpiredHolds(payload, later), releaseExpiredHolds(payload, later)])
    expect(await payload.findByID({ collection: 'orders', id: undecided.orderId, overrideAccess: true, depth: 0 })).toMatchObject({ status: 'cancelled', financeStatus: 'cancelled', stock: { state: 'released' } })
    expect(await payload.findByID({ collection: 'orders', id: decided.orderId, overrideAccess: true, depth: 0 })).toMatchObject({ status: 'processing', financeStatus: 'approved', stock: { state: 'held' } })
    expect(await stockOf(payload, productId)).toBe(1)
  })

  it('sells at most the per-order cap of one product (a product\'s own cap first) and says so', async () => {
    const productId = await simpleProduct(payload, 50)
    expect(await placeOrder(payload, orderInput([{ productId, count: 11 }]))).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('up to 10') })
    await payload.update({ collection: 'products', id: productId, overrideAccess: true, data: { maxPerOrder: 2 } })
    expect(await placeOrder(payload, orderInput([{ productId, count: 3 }]))).toMatchObject({ ok: false, message: expect.stringContaining('up to 2') })
    expect(await placeOrder(payload, orderInput([{ productId, count: 2 }]))).toMatchObject({ ok: true })
    expect(await stockOf(payload, productId)).toBe(48)
  })

  it('limits the unpaid orders one email address may hold at once, but a retry of the same checkout still answers', async () => {
    const productId = await simpleProduct(payload, 20)
    const contact = { firstName: 'Ada', lastName: 'Rider', email: `hoarder.${Date.now()}@example.co.uk`, phone: '07700900123' }
    const first = orderInput([{ productId, count: 1 }], { contact })
    for (const input of [first, orderInput([{ productId, count: 1 }], { contact }), orderInput([{ productId, count: 1 }], { contact })]) {
      expect(await placeOrder(payload, input)).toMatchObject({ ok: true })
    }
    const fourth = await placeOrder(payload, orderInput([{ productId, count: 1 }], { contact }))
    expect(fourth).toMatchObject({ ok: false, status: 429, code: 'too_many_holds' })
    expect(await placeOrder(payload, first)).toMatchObject({ ok: true, created: false })
    expect(await stockOf(payload, productId)).toBe(17)
  })

  it('counts a signed-in customer’s unpaid orders under any address, each once', async () => {
    const productId = await simpleProduct(payload, 20)
    const stamp = Date.now()
    const customer = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `holder-${stamp}@example.co.uk`, password: 'customer password 1234', role: 'customer', firstName: 'Hol', lastName: 'Der' } as never })
    const contact = (email: string) => ({ firstName: 'Hol', lastName: 'Der', email, phone: '07700900123' })
    const signedIn = (email: string) => orderInput([{ productId, count: 1 }], { contact: contact(email), customerId: customer.id })
    // the same address and account twice: counted once each, so the third still fits under the cap of three
    expect(await placeOrder(payload, signedIn(`holder-${stamp}@example.co.uk`))).toMatchObject({ ok: true, created: true })
    expect(await placeOrder(payload, signedIn(`holder-${stamp}@example.co.uk`))).toMatchObject({ ok: true, created: true })
    // another address on the same account still counts
    expect(await placeOrder(payload, signedIn(`elsewhere-${stamp}@example.co.uk`))).toMatchObject({ ok: true, created: true })
    expect(await placeOrder(payload, signedIn(`third-${stamp}@example.co.uk`))).toMatchObject({ ok: false, status: 429, code: 'too_many_holds' })
    // a guest at one of those addresses is held to the orders placed under it (two, then three)
    const guest = () => orderInput([{ productId, count: 1 }], { contact: contact(`holder-${stamp}@example.co.uk`) })
    expect(await placeOrder(payload, guest())).toMatchObject({ ok: true, created: true })
    expect(await placeOrder(payload, guest())).toMatchObject({ ok: false, status: 429, code: 'too_many_holds' })
    expect(await stockOf(payload, productId)).toBe(16)
  })
})

describe(`what a sale makes stale on ${db}`, () => {
  it('only the pages of sold products whose shown stock changed: a well-stocked product leaves every page cached', async () => {
    const published: unknown[] = []
    const bus = globalThis as { __wheelhouseStorefrontBus?: { publish: (change: unknown) => void } }
    const before = bus.__wheelhouseStorefrontBus
    bus.__wheelhouseStorefrontBus = { publish: (change) => published.push(change) }
    try {
      const plenty = await simpleProduct(payload, 500)
      const few = await simpleProduct(payload, 20)
      const gloves = await variantProduct(payload, 150)
      const slugOf = async (id: number) => (await payload.findByID({ collection: 'products', id, overrideAccess: true, depth: 0 })).slug
      published.length = 0
      // 500 → 499 and 150 → 149: both still above what a page shows (99), so no page changes.
      expect(await placeOrder(payload, orderInput([{ productId: plenty, count: 1 }, { productId: gloves.productId, variantId: gloves.variantId, count: 1 }]))).toMatchObject({ ok: true, created: true })
      expect(published).toEqual([])
      // 20 → 19 changes the product's page (the figure the browser is handed); the well-stocked one stays cached.
      expect(await placeOrder(payload, orderInput([{ productId: plenty, count: 1 }, { productId: few, count: 1 }]))).toMatchObject({ ok: true, created: true })
      expect(published).toEqual([{ kind: 'products', slugs: [await slugOf(few)] }])
      // A variant brought below the cap: its product's pages.
      published.length = 0
      await payload.update({ collection: 'variants', id: gloves.variantId, overrideAccess: true, data: { stockQuantity: 99 } as never })
      published.length = 0
      expect(await placeOrder(payload, orderInput([{ productId: gloves.productId, variantId: gloves.variantId, count: 1 }]))).toMatchObject({ ok: true, created: true })
      expect(published).toEqual([{ kind: 'products', slugs: [await slugOf(gloves.productId)] }])
    } finally {
      bus.__wheelhouseStorefrontBus = before
    }
  })
})

describe(`no overselling under concurrency on ${db}`, () => {
  it('50 checkouts for the last unit of a product: one order, 49 sold out, 20 rounds', async () => {
    const productId = await simpleProduct(payload, 0)
    for (let round = 0; round < 20; round++) {
      await payload.update({ collection: 'products', id: productId, overrideAccess: true, data: { stockQuantity: 1 } as never })
      const before = await orderCount(payload)
      const results = await Promise.all(Array.from({ length: 50 }, () => placeOrder(payload, orderInput([{ productId, count: 1 }]))))
      const won = results.filter((r) => r.ok)
      const lost = results.filter((r) => !r.ok)
      expect(won, `round ${round}`).toHaveLength(1)
      expect(lost.every((r) => !r.ok && r.code === 'sold_out' && r.status === 409 && /sold out/i.test(r.message)), `round ${round}`).toBe(true)
      expect(await stockOf(payload, productId)).toBe(0)
      expect(await orderCount(payload)).toBe(before + 1)
    }
  }, 300_000)

  it('50 checkouts for the last unit of a variant: one order, 49 sold out, 20 rounds', async () => {
    const { productId, variantId } = await variantProduct(payload, 0)
    for (let round = 0; round < 20; round++) {
      await payload.update({ collection: 'variants', id: variantId, overrideAccess: true, data: { stockQuantity: 1 } as never })
      const results = await Promise.all(Array.from({ length: 50 }, () => placeOrder(payload, orderInput([{ productId, variantId, count: 1 }]))))
      expect(results.filter((r) => r.ok), `round ${round}`).toHaveLength(1)
      expect(results.filter((r) => !r.ok && r.code === 'sold_out')).toHaveLength(49)
      expect(await stockOf(payload, productId, variantId)).toBe(0)
    }
  }, 300_000)

  it('a coupon with a usage limit of 3 is used exactly 3 times by 30 concurrent checkouts', async () => {
    const productId = await simpleProduct(payload, 100)
    const code = `LIMIT${Date.now().toString(36).toUpperCase()}`
    const coupon = await payload.create({ collection: 'coupons', overrideAccess: true, data: { code, discountType: 'percent', amount: 10, usageLimit: 3, usedCount: 0, active: true } })
    const results = await Promise.all(Array.from({ length: 30 }, () => placeOrder(payload, orderInput([{ productId, count: 1 }], { couponCode: code }))))
    expect(results.filter((r) => r.ok)).toHaveLength(3)
    expect(results.filter((r) => !r.ok && r.code === 'coupon_invalid')).toHaveLength(27)
    expect((await payload.findByID({ collection: 'coupons', id: coupon.id, overrideAccess: true })).usedCount).toBe(3)
    expect(await stockOf(payload, productId)).toBe(97)
    const placed = results.find((r) => r.ok)
    if (placed?.ok) expect(placed.totalPence).toBe(2250)
  }, 120_000)

  it("a coupon's uses stay counted when staff save it while checkouts use it", async () => {
    // Payload's update writes back the use count it read: a use counted between its read and its write would be
    // forgotten, and the coupon given out past its limit, unless the save locks the row before it reads.
    const productId = await simpleProduct(payload, 100)
    const code = `SAVED${Date.now().toString(36).toUpperCase()}`
    const coupon = await payload.create({ collection: 'coupons', overrideAccess: true, data: { code, discountType: 'percent', amount: 10, usageLimit: 100, usedCount: 0, active: true } })
    let used = 0
    for (let round = 0; round < 6; round++) {
      // The uses spread over 40 ms, the save starting later each round, so that some uses land between its read and its write.
      const uses = Array.from({ length: 8 }, (_, k) => new Promise((resolve) => setTimeout(resolve, k * 5)).then(() => placeOrder(payload, orderInput([{ productId, count: 1 }], { couponCode: code }))))
      const save = new Promise((resolve) => setTimeout(resolve, round * 8)).then(() => payload.update({ collection: 'coupons', id: coupon.id, overrideAccess: true, data: { amount: 10 + round } }))
      const [, ...placed] = await Promise.all([save, ...uses])
      used += placed.filter((p) => p.ok).length
      expect((await payload.findByID({ collection: 'coupons', id: coupon.id, overrideAccess: true })).usedCount).toBe(used)
    }
    expect(used).toBe(48)
  }, 120_000)
})
