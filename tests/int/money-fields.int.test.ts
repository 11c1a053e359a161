// Money fields on a real database: staff type pounds (the admin's MoneyField), storage and the APIs keep integer
// pence, and a price moved by more than half is saved only when the save confirms it.
import { describe, expect, it } from 'vitest'
import { UNREADABLE_AMOUNT } from '../../src/cms/fields/money-constants'
import { adminUser, simpleProduct, variantProduct } from './order-fixtures'
import { db, payload, withTestPayload } from './payload'


withTestPayload(undefined, 120_000)

const admin = () => adminUser(payload)

const priceOf = async (id: number) => (await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })).price

describe(`money fields on ${db}`, () => {
  it('a price moved by more than half is refused, unsaved, until the save confirms it; the flag is never stored', async () => {
    const user = await admin()
    const id = await simpleProduct(payload, 1, 4000)
    await expect(payload.update({ collection: 'products', id, user, overrideAccess: false, data: { price: 40 } })).rejects.toThrow(/Price would change from £40 to £0\.40, by more than half\. Nothing was saved/)
    expect(await priceOf(id)).toBe(4000)
    await expect(payload.update({ collection: 'products', id, user, overrideAccess: false, data: { price: 400_000 } })).rejects.toThrow(/confirmPriceChanges/)

    const confirmed = await payload.update({ collection: 'products', id, user, overrideAccess: false, data: { price: 400_000, confirmPriceChanges: true } })
    expect(confirmed.price).toBe(400_000)
    expect(confirmed.confirmPriceChanges ?? null).toBeNull()
    // A change of half or less needs no confirmation; neither does the Local API with the flag in its context.
    await payload.update({ collection: 'products', id, user, overrideAccess: false, data: { price: 300_000 } })
    await payload.update({ collection: 'products', id, overrideAccess: true, context: { confirmPriceChanges: true }, data: { price: 5000 } })
    expect(await priceOf(id)).toBe(5000)
  })

  it('a variant price confirmed carries the product’s lowest price with it', async () => {
    const user = await admin()
    const { productId, variantId } = await variantProduct(payload, 2, 9900)
    await expect(payload.update({ collection: 'variants', id: variantId, user, overrideAccess: false, data: { price: 99 } })).rejects.toThrow(/by more than half/)
    await payload.update({ collection: 'variants', id: variantId, user, overrideAccess: false, data: { price: 990_000, confirmPriceChanges: true } })
    expect(await priceOf(productId)).toBe(990_000)
  })

  it('an amount the admin could not read, or pence that are not whole, is refused in pounds', async () => {
    const user = await admin()
    const id = await simpleProduct(payload, 1, 4000)
    const refusal = (price: unknown) =>
      payload.update({ collection: 'products', id, user, overrideAccess: false, data: { price } as never }).then(
        () => 'saved',
        (error: { data?: { errors?: { message: string }[] } }) => error.data?.errors?.map((e) => e.message).join(' '),
      )
    expect(await refusal(UNREADABLE_AMOUNT)).toBe('Enter an amount in pounds and pence, such as 8,399.00 (whole pence through the API)')
    expect(await refusal(39.99)).toBe('Enter an amount in pounds and pence, such as 8,399.00 (whole pence through the API)')
    expect(await refusal(-100)).toBe('Enter an amount of zero or more')
    expect(await priceOf(id)).toBe(4000)
  })
})
