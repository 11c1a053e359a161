// On a real database (ADR 075): every headline price a product is offered at is recorded, by the admin's save and by
// a catalogue import, in the same unit of work as the change (a change that fails records nothing, and a record that
// fails undoes the change where the database can); a was-price above every price on record is refused by the admin
// and by the import, and never shown on a card or the product page.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { importFeed } from '../../src/features/catalogue-import/import-feed.server'
import { highestOfferedPence, priceHistoryOf } from '../../src/features/catalogue/price-history'
import { readCards } from '../../src/features/catalogue/queries.server'
import { beginTransaction, execute, rollbackTransaction } from '../../src/cms/sql.server'
import { buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import type { Product } from '../../src/payload-types'
import { testPayload } from './payload'

let payload: Payload
let category: number
const db = process.env.TEST_DB ?? 'sqlite'
const OTR = { feeValuePence: 25_000, label: 'On-the-road charges' }

beforeAll(async () => {
  payload = await testPayload('demo shop')
  category = (await payload.find({ collection: 'categories', where: { path: { equals: 'motorcycles/naked' } }, depth: 0, overrideAccess: true })).docs[0]!.id
}, 600_000)

afterAll(async () => {
  await payload?.destroy()
})

/** A new bike at £8,499 plus its £250 on-the-road charge: offered at £8,749. */
async function newBike(): Promise<Product> {
  const name = `History bike ${uniqueSuffix()}`
  return (await payload.create({ collection: 'products', data: buildProduct({ name, sku: name.toUpperCase().replace(/\W+/g, '-'), category, pricePence: 849_900, stock: 2, extraFee: OTR }), overrideAccess: true, depth: 0 })) as Product
}

const headlines = async (id: number) => (await priceHistoryOf(payload, id)).filter((r) => r.variantId === null).map((r) => r.headlinePence)
const price = async (id: number) => ((await payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })) as Product).price

/** The admin's message for a refused save (a ValidationError names the field and says why). */
async function refusal(save: Promise<unknown>): Promise<string> {
  const error = await save.then(() => null, (e: unknown) => e as { data?: { errors?: { path?: string; message?: string }[] } })
  if (!error) throw new Error('the save was not refused')
  return (error.data?.errors ?? []).map((e) => `${e.path}: ${e.message}`).join('; ')
}

/** Makes the next write of price history for `productId` fail, on either database; answers how to undo it. */
async function breakHistoryOf(productId: number): Promise<() => Promise<void>> {
  if (db === 'postgres') {
    await execute(payload, null, { sql: `CREATE FUNCTION refuse_history() RETURNS trigger AS $$ BEGIN IF NEW.product_id = ${productId} THEN RAISE EXCEPTION 'history refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`, args: [] })
    await execute(payload, null, { sql: 'CREATE TRIGGER refuse_history BEFORE INSERT ON price_history FOR EACH ROW EXECUTE FUNCTION refuse_history()', args: [] })
    return async () => {
      await execute(payload, null, { sql: 'DROP TRIGGER refuse_history ON price_history', args: [] })
      await execute(payload, null, { sql: 'DROP FUNCTION refuse_history()', args: [] })
    }
  }
  await execute(payload, null, { sql: `CREATE TRIGGER refuse_history BEFORE INSERT ON price_history WHEN NEW.product_id = ${productId} BEGIN SELECT RAISE(ABORT, 'history refused'); END`, args: [] })
  return async () => void (await execute(payload, null, { sql: 'DROP TRIGGER refuse_history', args: [] }))
}

describe(`price history on ${db}`, () => {
  it('holds the headline of every priced product in the shop, charges in it', async () => {
    const products = (await payload.find({ collection: 'products', depth: 0, pagination: false, overrideAccess: true })).docs as Product[]
    const highest = await highestOfferedPence(payload, null, products.map((p) => p.id))
    // A simple product's highest is its headline; a variable product's is its dearest variant's (at least its own).
    for (const p of products.filter((p) => (p.listPrice ?? 0) > 0)) {
      if (p.productType === 'simple') expect(highest.get(p.id), p.slug).toBe(p.listPrice)
      else expect(highest.get(p.id), p.slug).toBeGreaterThanOrEqual(p.listPrice!)
    }
  })

  it('records an admin price change with the change, and nothing for a save that fails', async () => {
    const bike = await newBike()
    expect(await headlines(bike.id)).toEqual([874_900])
    await payload.update({ collection: 'products', id: bike.id, data: { price: 799_900 }, overrideAccess: true, depth: 0 })
    expect(await headlines(bike.id)).toEqual([874_900, 824_900])
    // A save that changes nothing about the price records nothing.
    await payload.update({ collection: 'products', id: bike.id, data: { shortDescription: 'Now with a tail tidy.' }, overrideAccess: true, depth: 0 })
    expect(await headlines(bike.id)).toEqual([874_900, 824_900])
    // A save refused (a was-price never charged) changes neither the price nor the record.
    expect(await refusal(payload.update({ collection: 'products', id: bike.id, data: { price: 749_900, compareAtPrice: 899_900 }, overrideAccess: true, depth: 0 }))).toMatch(/^compareAtPrice: was-price £8,999 is above any price this product was offered at/)
    expect(await price(bike.id)).toBe(799_900)
    expect(await headlines(bike.id)).toEqual([874_900, 824_900])
    // An on-the-road charge change moves the headline, so it is recorded too.
    await payload.update({ collection: 'products', id: bike.id, data: { beforeAddToBasketNotification: { extraFee: { feeValue: 27_500, label: OTR.label } } }, overrideAccess: true, depth: 0 })
    expect(await headlines(bike.id)).toEqual([874_900, 824_900, 827_400])
  })

  it('writes the record in the admin save’s own transaction: undone with it, and undoing it when it fails', async () => {
    const bike = await newBike()
    if (db === 'postgres') {
      const tx = await beginTransaction(payload)
      await payload.update({ collection: 'products', id: bike.id, data: { price: 799_900 }, overrideAccess: true, depth: 0, req: { transactionID: tx! } as never })
      expect((await priceHistoryOf(payload, bike.id, tx)).map((r) => r.headlinePence)).toEqual([874_900, 824_900])
      await rollbackTransaction(payload, tx!)
      expect(await price(bike.id)).toBe(849_900)
      expect(await headlines(bike.id)).toEqual([874_900])
    }
    const restore = await breakHistoryOf(bike.id)
    try {
      await expect(payload.update({ collection: 'products', id: bike.id, data: { price: 799_900 }, overrideAccess: true, depth: 0 })).rejects.toThrow()
    } finally {
      await restore()
    }
    expect(await headlines(bike.id)).toEqual([874_900])
    if (db === 'postgres') expect(await price(bike.id)).toBe(849_900)
    else {
      // SQLite runs Payload's writes without a transaction (ADR 017): the price moved, unrecorded, which can only make
      // a was-price harder to show, and the next save records it.
      await payload.update({ collection: 'products', id: bike.id, data: { shortDescription: 'Recorded at last.' }, overrideAccess: true, depth: 0 })
      expect(await headlines(bike.id)).toEqual([874_900, 824_900])
    }
  })

  it('refuses a was-price the bike was never offered at, charges counted the same way as its headline', async () => {
    const bike = await newBike()
    await payload.update({ collection: 'products', id: bike.id, data: { price: 799_900 }, overrideAccess: true, depth: 0 })
    // "was £8,999" (£8,749 with £250 added again) was never charged: refused with a message staff can act on.
    expect(await refusal(payload.update({ collection: 'products', id: bike.id, data: { compareAtPrice: 899_900 }, overrideAccess: true, depth: 0 }))).toBe(
      'compareAtPrice: was-price £8,999 is above any price this product was offered at (the highest it was offered at is £8,749, compulsory charges included): a was-price must be a price it was actually charged at',
    )
    // £8,749 was charged (charges included): saved, and shown struck through beside today's £8,249.
    await payload.update({ collection: 'products', id: bike.id, data: { compareAtPrice: 874_900 }, overrideAccess: true, depth: 0 })
    expect((await readCards(payload, [bike.id]))[0]).toMatchObject({ pricePence: 824_900, compareAtPricePence: 874_900 })
    // A was-price from before the record (written behind the admin's back) above it is not shown.
    await execute(payload, null, { sql: 'UPDATE products SET compare_at_price = ? WHERE id = ?', args: [899_900, bike.id] })
    expect((await readCards(payload, [bike.id]))[0]).toMatchObject({ pricePence: 824_900, compareAtPricePence: null })
    // A new product cannot start with a was-price above its own price.
    const name = `History new ${uniqueSuffix()}`
    expect(await refusal(payload.create({ collection: 'products', data: buildProduct({ name, category, pricePence: 500_000, compareAtPricePence: 600_000 }), overrideAccess: true, depth: 0 }))).toMatch(/highest it was offered at is £5,000/)
  })

  it('records an import price change in the import batch, and refuses a compare_at_price never charged', async () => {
    const bike = await newBike()
    const sku = bike.sku!
    const report = await importFeed(payload, csvRows(`sku,price\n${sku},"7,999.00"\n`), { actor: 'history test' })
    expect(report).toMatchObject({ updated: 1, refused: 0 })
    const rows = (await priceHistoryOf(payload, bike.id)).filter((r) => r.variantId === null)
    expect(rows.map((r) => [r.headlinePence, r.source])).toEqual([[874_900, 'admin'], [824_900, 'import']])
    // The same batch wrote the price, its audit row and its history row, at one time.
    const [audit] = (await execute(payload, null, { sql: "SELECT at FROM catalogue_changes WHERE product_id = ? AND field = 'price' ORDER BY id DESC LIMIT 1", args: [bike.id] })).rows
    expect(new Date(String(audit!.at)).toISOString()).toBe(rows[1]!.recordedAt)
    // The same file again changes nothing, and records nothing.
    expect(await importFeed(payload, csvRows(`sku,price\n${sku},"7,999.00"\n`), { actor: 'history test' })).toMatchObject({ updated: 0, unchanged: 1 })
    expect(await headlines(bike.id)).toEqual([874_900, 824_900])

    // A batch that fails writes neither the price nor its record.
    const restore = await breakHistoryOf(bike.id)
    try {
      await expect(importFeed(payload, csvRows(`sku,price\n${sku},"7,499.00"\n`), { actor: 'history test' })).rejects.toThrow()
    } finally {
      await restore()
    }
    expect(await price(bike.id)).toBe(799_900)
    expect(await headlines(bike.id)).toEqual([874_900, 824_900])

    // compare_at_price above anything on record: the row is refused, with the reason in the report.
    const refused = await importFeed(payload, csvRows(`sku,price,compare_at_price\n${sku},"7,499.00","8,999.00"\n`), { actor: 'history test' })
    expect(refused).toMatchObject({ updated: 0, refused: 1 })
    expect(refused.refusedRows[0]!.reason).toMatch(/^compare_at_price: was-price £8,999 is above any price this product was offered at \(the highest it was offered at is £8,749/)
    expect(await price(bike.id)).toBe(799_900)
    // One it was offered at is taken with the new price.
    expect(await importFeed(payload, csvRows(`sku,price,compare_at_price\n${sku},"7,499.00","8,749.00"\n`), { actor: 'history test' })).toMatchObject({ updated: 1, refused: 0 })
    expect(await headlines(bike.id)).toEqual([874_900, 824_900, 774_900])
    expect((await readCards(payload, [bike.id]))[0]).toMatchObject({ pricePence: 774_900, compareAtPricePence: 874_900 })
  })

  it('records a variant’s own headline, and its product’s as the lowest', async () => {
    const name = `History jacket ${uniqueSuffix()}`
    const sku = name.toUpperCase().replace(/\W+/g, '-')
    await importFeed(payload, csvRows(`sku,parent_sku,name,category,price,size\n${sku},,${name},riderwear/jackets,,\n${sku}-M,${sku},,,149.99,M\n${sku}-L,${sku},,,159.99,L\n`), { actor: 'history test' })
    const jacket = (await payload.find({ collection: 'products', where: { sku: { equals: sku } }, depth: 0, overrideAccess: true })).docs[0] as Product
    const rows = await priceHistoryOf(payload, jacket.id)
    expect(rows.filter((r) => r.variantId === null).map((r) => r.headlinePence)).toEqual([14_999])
    expect(rows.filter((r) => r.variantId !== null).map((r) => r.headlinePence).sort()).toEqual([14_999, 15_999])
    expect((await highestOfferedPence(payload, null, [jacket.id])).get(jacket.id)).toBe(15_999)
  })
})
