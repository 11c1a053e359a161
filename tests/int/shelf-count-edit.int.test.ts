// A product or variant saved from the admin's form changes its shelf count by what staff typed: the form sends back
// the count it loaded, and units sold since must stay sold (else the shop sells them again).
import { describe, expect, it } from 'vitest'
import { placeOrder } from '../../src/features/orders/place-order.server'
import { uniqueSuffix } from '../../src/setup/seed/factories'
import { orderInput, simpleProduct, stockOf, variantProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'

withTestPayload()

async function staffUser() {
  const doc = await payload.create({ collection: 'users', data: { email: `stock-${uniqueSuffix()}@int.test`, password: 'a long enough password 1', firstName: 'Sam', lastName: 'Staff', role: 'staff' }, overrideAccess: true })
  return { ...doc, collection: 'users' as const }
}

describe(`a shelf count saved from a form on ${db}`, () => {
  it('keeps units sold after the form loaded, and adds what staff changed to the count as it is now', async () => {
    const staff = await staffUser()
    const productId = await simpleProduct(payload, 5)
    const form = await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff })
    expect(form).toMatchObject({ stockQuantity: 5, stockSeen: 5 })
    // Two sold while the page is open.
    expect(await placeOrder(payload, orderInput([{ productId, count: 2 }]))).toMatchObject({ ok: true })
    expect(await stockOf(payload, productId)).toBe(3)
    // Staff fix the name and save: the form sends every field back as loaded.
    const { id: _id, createdAt: _c, updatedAt: _u, ...sent } = form
    await payload.update({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff, data: { ...sent, name: `${form.name} (boxed)` } as never })
    expect(await stockOf(payload, productId)).toBe(3)
    // Staff count four more in: the form loaded 3 and sends 7.
    const again = await payload.findByID({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff })
    expect(await placeOrder(payload, orderInput([{ productId, count: 1 }]))).toMatchObject({ ok: true })
    await payload.update({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff, data: { stockQuantity: 7, stockSeen: again.stockSeen } })
    expect(await stockOf(payload, productId)).toBe(6)
    // An API client that sends only a count sets it.
    await payload.update({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff, data: { stockQuantity: 9 } })
    expect(await stockOf(payload, productId)).toBe(9)
  })

  it('does the same for a variant, and never shows the loaded count to a customer', async () => {
    const staff = await staffUser()
    const { productId, variantId } = await variantProduct(payload, 4)
    const form = await payload.findByID({ collection: 'variants', id: variantId, depth: 0, overrideAccess: false, user: staff })
    expect(form).toMatchObject({ stockQuantity: 4, stockSeen: 4 })
    expect(await placeOrder(payload, orderInput([{ productId, variantId, count: 1 }]))).toMatchObject({ ok: true })
    const { id: _id, createdAt: _c, updatedAt: _u, title: _t, ...sent } = form
    await payload.update({ collection: 'variants', id: variantId, depth: 0, overrideAccess: false, user: staff, data: { ...sent, colour: 'Matt black' } as never })
    expect(await stockOf(payload, productId, variantId)).toBe(3)
    const seenByAnyone = await payload.findByID({ collection: 'variants', id: variantId, depth: 0, overrideAccess: false })
    expect(seenByAnyone).not.toHaveProperty('stockSeen')
  })

  it('keeps every unit sold while a save is being written, one product or several at once', async () => {
    // Payload's update reads the row, runs its hooks, then writes every column back: a sale committed between the read
    // and the write would be written back onto the shelf unless the update locks the row before it reads. Odd rounds
    // save by `where`, as the admin's "Edit selected" does.
    const staff = await staffUser()
    const productId = await simpleProduct(payload, 40)
    const otherId = await simpleProduct(payload, 40)
    let sold = 0
    for (let round = 0; round < 8; round++) {
      const save = async (): Promise<void> => {
        if (round % 2) expect((await payload.update({ collection: 'products', where: { id: { in: [otherId, productId] } }, depth: 0, overrideAccess: false, user: staff, data: { shortDescription: `Saved in round ${round}` } })).errors).toEqual([])
        else await payload.update({ collection: 'products', id: productId, depth: 0, overrideAccess: false, user: staff, data: { name: `Saved in round ${round}` } })
      }
      const sales = Array.from({ length: 3 }, (_, k) => new Promise((resolve) => setTimeout(resolve, k * 3 + round)).then(() => placeOrder(payload, orderInput([{ productId, count: 1 }]))))
      const [, ...placed] = await Promise.all([save(), ...sales])
      sold += placed.filter((p) => p.ok).length
      expect(await stockOf(payload, productId)).toBe(40 - sold)
    }
    expect(sold).toBe(24)
  }, 120_000)
})
