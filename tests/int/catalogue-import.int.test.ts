// On a real database: the dealer stock feed creates and updates products and variants set-based,
// stores what Payload itself would, changes nothing on a second import, refuses bad rows by line, writes nothing
// in a dry run, keeps the ledger's holds, archives what a full feed leaves out, round-trips through its export,
// and resumes a job after an interruption without doing any row twice.
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { csvRows } from '../../src/domain/catalogue/import/feed-rows'
import { toCsv } from '../../src/lib/text/csv'
import { importFeed } from '../../src/features/catalogue-import/import-feed.server'
import { exportFeedRows } from '../../src/features/catalogue-import/export-feed.server'
import { queueCatalogueImport, runCatalogueImport } from '../../src/features/catalogue-import/import-job.server'
import { handleCatalogueImport } from '../../src/features/catalogue-import/import-endpoint.server'
import { runSearch } from '../../src/features/search/search.server'
import { refusedRowsCsv } from '../../src/features/catalogue-import/refused-download.server'
import { uploadZipImages } from '../../src/features/catalogue-import/zip-images.server'
import { makeZip } from '../fixtures/zip'
import { ledgerOf, releaseStock } from '../../src/features/stock/stock-ledger.server'
import { takeStock } from '../../src/features/stock/take-stock.server'
import { buildProduct } from '../../src/setup/seed/factories'
import type { Product, Variant } from '../../src/payload-types'
import { execute } from '../../src/cms/sql.server'
import { db, payload, withDemoShop } from './payload'

withDemoShop(undefined, 600_000)

const HEADER = 'sku,parent_sku,name,kind,condition,brand,category,price,stock,status,description,size,colour,vrm,mileage,first_registered,keepers,cap_code,engine_cc,licence,images,engine'
const BIKE = 'FEED-MT07-USED,,Used Yamaha MT-07 2020,motorcycle,used,Yamaha,motorcycles/naked,"5,495.00",1,active,"One owner.\n\nNew tyres.",,,FD20 XYZ,9100,2020-05-01,1,YAMT0720,689,A2,,689cc parallel twin'
const FEED = [
  HEADER,
  BIKE,
  'FEED-JKT,,Feed Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,active,,,,,,,,,,,,',
  'FEED-JKT-M,FEED-JKT,,,,,,149.99,5,,,M,Black,,,,,,,,,',
  'FEED-JKT-L,FEED-JKT,,,,,,159.99,3,,,L,Black,,,,,,,,,',
].join('\n')

const run = (csv: string, options: Partial<Parameters<typeof importFeed>[2]> = {}) => importFeed(payload, csvRows(csv), { actor: 'import test', ...options })
const product = async (sku: string): Promise<Product> => (await payload.find({ collection: 'products', where: { sku: { equals: sku } }, depth: 0, overrideAccess: true, limit: 1 })).docs[0]!
const variant = async (sku: string): Promise<Variant> => (await payload.find({ collection: 'variants', where: { sku: { equals: sku } }, depth: 0, overrideAccess: true, limit: 1 })).docs[0]!
const count = async (collection: 'products' | 'variants' | 'catalogue-changes' | 'brands', where = {}) => (await payload.count({ collection, where, overrideAccess: true })).totalDocs
const categoryId = async (path: string) => (await payload.find({ collection: 'categories', where: { path: { equals: path } }, depth: 0, overrideAccess: true })).docs[0]!.id

describe(`catalogue import on ${db}`, () => {
  it('creates products and variants, storing what Payload would', async () => {
    const report = await run(FEED)
    expect(report).toMatchObject({ total: 4, created: 4, updated: 0, unchanged: 0, refused: 0, refusedRows: [] })

    const bike = await product('FEED-MT07-USED')
    // The same bike made through Payload's Local API (hooks and all), for comparison.
    const viaPayload = await payload.create({
      collection: 'products',
      data: buildProduct({
        name: 'Used Yamaha MT-07 2020 (Payload)', sku: 'PAYLOAD-MT07', category: await categoryId('motorcycles/naked'), brand: bike.brand as number, pricePence: 549_500, stock: 1, condition: 'used',
        attributes: { engineCc: 689, licenceCategory: 'A2' }, vehicle: { vrm: 'FD20 XYZ', mileage: 9100, registrationDate: '2020-05-01', keepers: 1, capCode: 'YAMT0720' }, description: 'x', specSheet: { engine: '689cc parallel twin' },
      }),
      overrideAccess: true,
      depth: 0,
    })
    const pick = (p: Product) => ({
      status: p.status, productType: p.productType, featured: p.featured, price: p.price, listPrice: p.listPrice, vatRate: p.vatRate, stockQuantity: p.stockQuantity,
      condition: p.condition, category: p.category, kind: p.kind, brand: p.brand, attributes: p.attributes, specSheet: { engine: p.specSheet?.engine },
      vehicle: { ...p.vehicle, registrationDate: p.vehicle?.registrationDate ? new Date(p.vehicle.registrationDate).toISOString() : null },
    })
    await payload.delete({ collection: 'products', id: viaPayload.id, overrideAccess: true })
    expect(pick(bike)).toEqual(pick(viaPayload))
    expect(bike).toMatchObject({ slug: 'used-yamaha-mt-07-2020', kind: 'motorcycle', listPrice: 549_500, vehicle: { vrm: 'FD20 XYZ', mileage: 9100, keepers: 1 } })
    expect(JSON.stringify(bike.description)).toContain('New tyres.')

    const jacket = await product('FEED-JKT')
    // A variable product's price is its lowest variant price (the variants hook's rule), and its brand was created.
    expect(jacket).toMatchObject({ productType: 'variable', price: 14_999, listPrice: 14_999, kind: 'riderwear', slug: 'feed-touring-jacket' })
    expect(await count('brands', { name: { equals: 'Feedbrand' } })).toBe(1)
    expect(await variant('FEED-JKT-M')).toMatchObject({ product: jacket.id, title: 'M / Black', price: 14_999, stockQuantity: 5 })
    expect(await variant('FEED-JKT-L')).toMatchObject({ title: 'L / Black', price: 15_999, stockQuantity: 3 })
    const audit = await payload.find({ collection: 'catalogue-changes', where: { sku: { equals: 'FEED-JKT-M' } }, depth: 0, overrideAccess: true })
    expect(audit.docs.map((d) => [d.field, d.to, d.actor])).toEqual(expect.arrayContaining([['created', null, 'import test'], ['price', '149.99', 'import test'], ['stock', '5', 'import test']]))
  })

  it('changes nothing when the same file is imported again', async () => {
    const auditBefore = await count('catalogue-changes')
    const updatedAt = (await product('FEED-JKT')).updatedAt
    const report = await run(FEED)
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 4, refused: 0 })
    expect(await count('catalogue-changes')).toBe(auditBefore)
    expect((await product('FEED-JKT')).updatedAt).toBe(updatedAt)
  })

  it('updates price and stock, recording both in the audit trail with the import as author', async () => {
    const csv = FEED.replace('FEED-JKT-M,FEED-JKT,,,,,,149.99,5', 'FEED-JKT-M,FEED-JKT,,,,,,139.99,7')
    const report = await run(csv, { actor: 'import #test' })
    // The variant, and its product, whose price is its lowest variant price.
    expect(report).toMatchObject({ created: 0, updated: 2, unchanged: 2 })
    expect(await variant('FEED-JKT-M')).toMatchObject({ price: 13_999, stockQuantity: 7 })
    expect(await product('FEED-JKT')).toMatchObject({ price: 13_999, listPrice: 13_999 })
    const audit = await payload.find({ collection: 'catalogue-changes', where: { actor: { equals: 'import #test' } }, depth: 0, overrideAccess: true, sort: 'id' })
    expect(audit.docs.map((d) => [d.sku, d.field, d.from, d.to])).toEqual([
      ['FEED-JKT', 'price', '149.99', '139.99'],
      ['FEED-JKT-M', 'price', '149.99', '139.99'],
      ['FEED-JKT-M', 'stock', '5', '7'],
    ])
  })

  it('refuses bad rows with their line numbers and imports the rest', async () => {
    const csv = [
      HEADER,
      'BAD-CAT,,Helmet,,,,riderwear/hats,10,1,,,,,,,,,,,,,',
      'BAD-STOCK,,Gloves,,,,riderwear/gloves,10,-2,,,,,,,,,,,,,',
      'BAD-PRICE,,Boots,,,,riderwear/gloves,£abc,1,,,,,,,,,,,,,',
      'FEED-JKT,,Feed Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,active,,,,,,,,,,,,',
      'FEED-JKT,,Dup,,,,riderwear/jackets,,0,,,,,,,,,,,,,',
      'ORPHAN-M,NO-SUCH-PARENT,,,,,,10,1,,,M,,,,,,,,,,',
      'NO-PIC,,Picture missing,,,,riderwear/gloves,10,1,,,,,,,,,,,,missing.jpg,',
      // Dealer systems write 0 for a price they do not know: never a price of nothing.
      'ZERO-PRICE,,Free bike,,,,riderwear/gloves,0,1,,,,,,,,,,,,,',
      'ZERO-PENCE,,Free bike too,,,,riderwear/gloves,0.00,1,,,,,,,,,,,,,',
    ].join('\n')
    const report = await run(csv)
    expect(report.refusedRows).toEqual([
      { line: 2, sku: 'BAD-CAT', reason: 'unknown category "riderwear/hats"' },
      { line: 3, sku: 'BAD-STOCK', reason: 'stock -2 is negative' },
      { line: 4, sku: 'BAD-PRICE', reason: 'price "£abc" is not an amount in pounds' },
      { line: 6, sku: 'FEED-JKT', reason: 'duplicate sku: also on line 5' },
      { line: 7, sku: 'ORPHAN-M', reason: 'its product NO-SUCH-PARENT is neither in the file nor in the shop' },
      { line: 8, sku: 'NO-PIC', reason: 'image missing.jpg is neither in the media library nor in the zip' },
      { line: 9, sku: 'ZERO-PRICE', reason: 'price "0" is zero: a price of 0 would sell it for nothing; leave the price empty when it is on application' },
      { line: 10, sku: 'ZERO-PENCE', reason: 'price "0.00" is zero: a price of 0 would sell it for nothing; leave the price empty when it is on application' },
    ])
    expect(report).toMatchObject({ total: 9, refused: 8, created: 0, updated: 0, unchanged: 1 })
    expect(await count('products', { sku: { in: ['BAD-CAT', 'BAD-STOCK', 'BAD-PRICE', 'NO-PIC', 'ZERO-PRICE', 'ZERO-PENCE'] } })).toBe(0)
  })

  it('writes nothing in a dry run, and reports what it would do', async () => {
    const before = { products: await count('products'), variants: await count('variants'), audit: await count('catalogue-changes'), brands: await count('brands') }
    const csv = [HEADER, 'DRY-1,,Dry Helmet,,,Drybrand,riderwear/helmets,99.00,2,,,,,,,,,,,,,', 'DRY-1-M,DRY-1,,,,,,99.00,1,,,M,,,,,,,,,,', 'FEED-JKT-L,FEED-JKT,,,,,,169.99,3,,,L,Black,,,,,,,,,', 'FEED-JKT-M,FEED-JKT,,,,,,139.99,7,,,M,Black,,,,,,,,,', 'X,,,,,,,,,,,,,,,,,,,,,'].join('\n')
    const report = await run(csv, { dryRun: true, fullFeed: true })
    expect(report).toMatchObject({ dryRun: true, created: 2, updated: 1, unchanged: 1, refused: 1 })
    expect(report.archived).toBeGreaterThan(60)
    expect({ products: await count('products'), variants: await count('variants'), audit: await count('catalogue-changes'), brands: await count('brands') }).toEqual(before)
    expect(await count('products', { status: { equals: 'archived' } })).toBe(0)
    expect((await variant('FEED-JKT-L')).price).toBe(15_999)
  })

  it('sets stock on hand without overwriting units held by baskets, reservations or finance', async () => {
    const v = await variant('FEED-JKT-L') // 3 on the shelf
    const jacket = await product('FEED-JKT')
    const taken = await takeStock(payload, null, 'order:990001', [{ productId: jacket.id, variantId: v.id, count: 2 }])
    expect(taken.ok).toBe(true)
    expect((await variant('FEED-JKT-L')).stockQuantity).toBe(1)
    // The feed still counts 3 on hand (the 2 held are in the showroom): nothing changes.
    const auditBefore = await count('catalogue-changes')
    const again = await run(FEED.replace('FEED-JKT-M,FEED-JKT,,,,,,149.99,5', 'FEED-JKT-M,FEED-JKT,,,,,,139.99,7'))
    const changes = await payload.find({ collection: 'catalogue-changes', sort: '-id', limit: 10, depth: 0, overrideAccess: true })
    expect(changes.docs.slice(0, changes.totalDocs - auditBefore).map((d) => [d.sku, d.field, d.from, d.to])).toEqual([])
    expect(again).toMatchObject({ updated: 0, unchanged: 4 })
    expect((await variant('FEED-JKT-L')).stockQuantity).toBe(1)
    // Two more arrive: 5 on hand, 2 still held, 3 on the shelf.
    const csv = FEED.replace('FEED-JKT-M,FEED-JKT,,,,,,149.99,5', 'FEED-JKT-M,FEED-JKT,,,,,,139.99,7').replace('FEED-JKT-L,FEED-JKT,,,,,,159.99,3', 'FEED-JKT-L,FEED-JKT,,,,,,159.99,5')
    expect(await run(csv)).toMatchObject({ updated: 1, unchanged: 3 })
    expect((await variant('FEED-JKT-L')).stockQuantity).toBe(3)
    expect(await ledgerOf(payload, 'order:990001')).toEqual([{ state: 'held', count: 2, productId: jacket.id, variantId: v.id, couponId: null }])
    // Released, the held units go back on the shelf: 5 again, as the dealer counts.
    await releaseStock(payload, null, 'order:990001', ['held'])
    expect((await variant('FEED-JKT-L')).stockQuantity).toBe(5)
    expect(await run(csv)).toMatchObject({ updated: 0 })
  })

  it('finds a used bike by its registration when its SKU changed', async () => {
    const csv = [HEADER, BIKE.replace('FEED-MT07-USED,', 'DMS-4471,')].join('\n')
    const report = await run(csv)
    expect(report).toMatchObject({ created: 0, updated: 1 })
    expect(await count('products', { 'vehicle.vrm': { equals: 'FD20 XYZ' } })).toBe(1)
    expect((await product('DMS-4471')).slug).toBe('used-yamaha-mt-07-2020')
  })

  it('round-trips: an export imported again changes nothing', async () => {
    const exported = toCsv(await exportFeedRows(payload))
    expect(exported.split('\r\n')[0]).toContain('sku,parent_sku,name')
    const report = await run(exported)
    expect(report.refusedRows).toEqual([])
    expect(report).toMatchObject({ created: 0, updated: 0, refused: 0 })
    expect(report.unchanged).toBe(report.total)
    expect(report.total).toBeGreaterThan(100)
  })

  it('takes pictures from a zip through the media pipeline, once, and round-trips their names', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer()
    const zip = makeZip([{ name: 'feed-pics/feed-helmet-main.png', data: png }, { name: 'feed-pics/feed-helmet-side.png', data: png, deflate: true }])
    const images = await uploadZipImages(payload, zip)
    expect([...images.keys()]).toEqual(['feed-helmet-main.png', 'feed-helmet-side.png'])
    const csv = [HEADER, 'PIC-HELMET,,Feed Picture Helmet,,,,riderwear/helmets,99.00,2,,,,,,,,,,,,feed-helmet-main.png|feed-helmet-side.png,'].join('\n')
    expect(await run(csv, { images })).toMatchObject({ created: 1, refused: 0 })
    const helmet = await product('PIC-HELMET')
    expect(helmet.featuredImage).toBe(images.get('feed-helmet-main.png'))
    expect(helmet.gallery).toEqual([images.get('feed-helmet-main.png'), images.get('feed-helmet-side.png')])
    // The same zip again uploads nothing; the same file again (without the zip: the names are in the library) changes nothing.
    const mediaCount = (await payload.count({ collection: 'media', overrideAccess: true })).totalDocs
    expect(await uploadZipImages(payload, zip)).toEqual(images)
    expect((await payload.count({ collection: 'media', overrideAccess: true })).totalDocs).toBe(mediaCount)
    expect(await run(csv)).toMatchObject({ unchanged: 1, updated: 0 })
    // The export names the pictures as the library stores them, and importing it changes nothing.
    const row = (await exportFeedRows(payload)).find((r) => r[0] === 'PIC-HELMET')!
    expect(row.find((c) => c.includes('feed-helmet'))).toMatch(/^feed-helmet-main\.\w+\|feed-helmet-side\.\w+$/)
    const header = (await exportFeedRows(payload))[0]!
    expect(await run(toCsv([header, row]))).toMatchObject({ unchanged: 1, updated: 0, refused: 0 })
  })

  it('runs as a job that resumes after an interruption and does no row twice', async () => {
    const lines = [HEADER]
    for (let i = 0; i < 12; i++) lines.push(`JOB-${i},,Job Gloves ${i},,,Feedbrand,riderwear/gloves,${10 + i}.00,${i},,,,,,,,,,,,,`)
    lines.push('JOB-BAD,,Bad,,,,nowhere,1,1,,,,,,,,,,,,,')
    const raw = csvRows(lines.join('\n'))
    const importId = await queueCatalogueImport(payload, raw, { fileName: 'job.csv', source: 'command' })
    const job = (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'runCatalogueImport' } }, sort: '-id', limit: 1, depth: 0, overrideAccess: true })).docs[0]!
    expect(job.input).toEqual({ importId })
    await execute(payload, null, { sql: 'UPDATE payload_jobs SET updated_at = ? WHERE id = ?', args: ['2026-01-01T00:00:00.000Z', job.id] })
    // The first run is cut off after its second batch (as a restart would).
    let batches = 0
    const started = Date.now()
    await expect(runCatalogueImport(payload, importId, { batchSize: 4, jobId: job.id, afterBatch: () => { if (++batches === 2) throw new Error('killed') } })).rejects.toThrow('killed')
    // Each batch told the runner the job is alive, so no runner took it for a dead process's meanwhile.
    const beat = await payload.findByID({ collection: 'payload-jobs', id: job.id, depth: 0, overrideAccess: true })
    expect(new Date(beat.updatedAt).getTime()).toBeGreaterThanOrEqual(started - 1000)
    const halfway = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: true })
    expect(halfway).toMatchObject({ done: 8, created: 8, status: 'running', total: 13, refusedCount: 1 })
    expect(await count('products', { sku: { like: 'JOB-' } })).toBe(8)
    // Run again: it carries on from row 9.
    expect(await runCatalogueImport(payload, importId, { batchSize: 4 })).toMatchObject({ status: 'done', done: 12 })
    const finished = await payload.findByID({ collection: 'catalogue-imports', id: importId, depth: 0, overrideAccess: true })
    expect(finished).toMatchObject({ status: 'done', done: 12, created: 12, updated: 0, unchanged: 0, refusedCount: 1, refused: [{ line: 14, sku: 'JOB-BAD', reason: 'unknown category "nowhere"' }] })
    expect(await count('products', { sku: { like: 'JOB-' } })).toBe(12)
    expect(await count('catalogue-changes', { import: { equals: importId }, field: { equals: 'created' } })).toBe(12)
    // Running a finished import again does nothing.
    expect(await runCatalogueImport(payload, importId)).toMatchObject({ status: 'done' })
    expect(await count('catalogue-changes', { import: { equals: importId } })).toBe(12 * 3 - 1) // created + price each, stock for 11 (JOB-0 has none)
  })

  it('archives (never deletes) products a full feed leaves out', async () => {
    const exported = await exportFeedRows(payload)
    const total = await count('products', { sku: { exists: true } })
    const dropped = exported.find((r) => r[0] === 'FEED-JKT')!
    const kept = exported.filter((r) => r[0] !== 'FEED-JKT')
    const report = await run(toCsv(kept), { fullFeed: true })
    expect(report).toMatchObject({ archived: 1, created: 0, updated: 0 })
    expect(dropped).toBeDefined()
    expect(await product('FEED-JKT')).toMatchObject({ status: 'archived' })
    expect(await count('products', { sku: { exists: true } })).toBe(total)
    expect(await count('variants', { sku: { like: 'FEED-JKT-' } })).toBe(2)
  })

  it('queues one saved-bike alert when an import drops a watched bike’s price, and none when the same file comes again', async () => {
    const alertJobs = async () => (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendSavedBikeAlerts' } }, sort: 'id', depth: 0, overrideAccess: true, limit: 100 })).docs
    const feed = [
      HEADER,
      BIKE.replace('FEED-MT07-USED,', 'ALERT-BIKE,').replace('Used Yamaha MT-07 2020', 'Alert Yamaha MT-07').replace('FD20 XYZ', 'AL20 ERT').replace('YAMT0720', 'ALERT1'),
      'ALERT-JKT,,Alert Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,active,,,,,,,,,,,,',
      'ALERT-JKT-M,ALERT-JKT,,,,,,149.99,5,,,M,Black,,,,,,,,,',
      'ALERT-JKT-L,ALERT-JKT,,,,,,159.99,3,,,L,Black,,,,,,,,,',
    ].join('\n')
    expect(await run(feed)).toMatchObject({ created: 4, refused: 0 })
    const bike = await product('ALERT-BIKE')
    const customer = await payload.create({ collection: 'users', data: { email: `watcher-${db}@int.test`, password: 'a long enough password 1', firstName: 'Wat', lastName: 'Cher', role: 'customer' }, overrideAccess: true })
    await payload.create({ collection: 'saved-bikes', data: { customer: customer.id, product: bike.id, alerts: true }, overrideAccess: true })
    const before = (await alertJobs()).length
    const cheaper = feed.replace('"5,495.00"', '"5,295.00"')
    expect(await run(cheaper)).toMatchObject({ updated: 1, unchanged: 3 })
    const queued = (await alertJobs()).slice(before)
    expect(queued.map((j) => j.input)).toEqual([expect.objectContaining({ productId: bike.id, kind: 'price-drop' })])
    expect(await run(cheaper)).toMatchObject({ updated: 0 })
    // A price rise tells nobody; the jacket's cheaper size is watched by no one, so it queues nothing either.
    expect(await run(cheaper.replace('ALERT-JKT-M,ALERT-JKT,,,,,,149.99,5', 'ALERT-JKT-M,ALERT-JKT,,,,,,99.99,5'))).toMatchObject({ updated: 2 })
    expect(await run(feed)).toMatchObject({ updated: 3 })
    expect((await alertJobs()).length).toBe(before + 1)
    // A size sold out, then back in the next feed: those watching the jacket hear once.
    const jacket = await product('ALERT-JKT')
    await payload.create({ collection: 'saved-bikes', data: { customer: customer.id, product: jacket.id, alerts: true }, overrideAccess: true })
    await run(feed.replace('ALERT-JKT-L,ALERT-JKT,,,,,,159.99,3', 'ALERT-JKT-L,ALERT-JKT,,,,,,159.99,0'))
    expect((await alertJobs()).length).toBe(before + 1)
    const back = feed.replace('ALERT-JKT-L,ALERT-JKT,,,,,,159.99,3', 'ALERT-JKT-L,ALERT-JKT,,,,,,159.99,2')
    expect(await run(back)).toMatchObject({ updated: 1 })
    expect(await run(back)).toMatchObject({ updated: 0 })
    expect((await alertJobs()).slice(before + 1).map((j) => j.input)).toEqual([expect.objectContaining({ productId: jacket.id, kind: 'back-in-stock' })])
  })

  describe('POST /api/catalogue/import', () => {
    const STAFF_KEY = 'staff-import-key-0123456789abcdef'
    const CUSTOMER_KEY = 'customer-import-key-0123456789abcdef'
    const post = (body: unknown, authorization?: string) =>
      handleCatalogueImport(new Request('http://localhost:3000/api/catalogue/import', { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) }), payload)
    let customerToken = ''

    beforeAll(async () => {
      await payload.create({ collection: 'users', data: { email: 'dms@int.test', password: 'a long staff password 1', role: 'staff', enableAPIKey: true, apiKey: STAFF_KEY }, overrideAccess: true })
      await payload.create({ collection: 'users', data: { email: 'keyed-customer@int.test', password: 'a long customer password 1', role: 'customer', enableAPIKey: true, apiKey: CUSTOMER_KEY }, overrideAccess: true })
      customerToken = (await payload.login({ collection: 'users', data: { email: 'keyed-customer@int.test', password: 'a long customer password 1' } })).token!
    })

    it('refuses a request without a staff API key before reading it', async () => {
      const body = { dryRun: true, rows: [{ sku: 'FEED-JKT-M', stock: '7' }] }
      expect((await post(body)).status).toBe(401)
      expect((await post(body, `JWT ${customerToken}`)).status).toBe(401)
      expect((await post(body, 'users API-Key not-a-key')).status).toBe(401)
      const customer = await post(body, `users API-Key ${CUSTOMER_KEY}`)
      expect(customer.status).toBe(403)
      expect(await customer.json()).toMatchObject({ error: 'forbidden' })
    })

    it('answers a dry run with counts and writes nothing', async () => {
      const before = (await variant('FEED-JKT-M')).stockQuantity
      const res = await post({ dryRun: true, rows: [{ sku: 'FEED-JKT-M', parent_sku: 'FEED-JKT', stock: String(before + 4) }, { sku: 'FEED-JKT-L', parent_sku: 'FEED-JKT', stock: '5' }] }, `users API-Key ${STAFF_KEY}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ dryRun: true, total: 2, updated: 1, unchanged: 1, refused: 0 })
      expect((await variant('FEED-JKT-M')).stockQuantity).toBe(before)
    })

    it('refuses the whole push when a row is refused, with the row and its reason', async () => {
      const before = (await variant('FEED-JKT-M')).stockQuantity
      const res = await post({ dryRun: false, rows: [{ sku: 'FEED-JKT-M', parent_sku: 'FEED-JKT', stock: '9' }, { sku: 'FEED-JKT-L', parent_sku: 'FEED-JKT', price: '12.345' }] }, `users API-Key ${STAFF_KEY}`)
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ error: 'rows_refused', refusedRows: [{ line: 2, sku: 'FEED-JKT-L', reason: 'price "12.345" has more than two decimals' }] })
      expect((await variant('FEED-JKT-M')).stockQuantity).toBe(before)
      const zero = await post({ dryRun: false, rows: [{ sku: 'FEED-JKT-L', parent_sku: 'FEED-JKT', price: '0' }] }, `users API-Key ${STAFF_KEY}`)
      expect(zero.status).toBe(422)
      expect(await zero.json()).toMatchObject({ error: 'rows_refused', refusedRows: [{ line: 1, sku: 'FEED-JKT-L', reason: expect.stringContaining('a price of 0 would sell it for nothing') }] })
      expect((await variant('FEED-JKT-L')).price).toBeGreaterThan(0)
      expect((await post({ dryRun: false, rows: [{ sku: 'X', flavour: 'mint' }] }, `users API-Key ${STAFF_KEY}`)).status).toBe(400)
      expect((await post({ dryRun: false, rows: [{ sku: 'FEED-JKT-M', stock: 9 }] }, `users API-Key ${STAFF_KEY}`)).status).toBe(400)
    })

    it('imports a push as a recorded import, with the staff user as its author', async () => {
      const res = await post({ dryRun: false, rows: [{ sku: 'FEED-JKT-M', parent_sku: 'FEED-JKT', stock: '9' }] }, `users API-Key ${STAFF_KEY}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as { importId: number }
      expect(body).toMatchObject({ dryRun: false, status: 'done', total: 1, updated: 1 })
      expect((await variant('FEED-JKT-M')).stockQuantity).toBe(9)
      const record = await payload.findByID({ collection: 'catalogue-imports', id: body.importId, depth: 0, overrideAccess: true })
      expect(record).toMatchObject({ source: 'api', status: 'done', done: 1, updated: 1 })
      const audit = await payload.find({ collection: 'catalogue-changes', where: { import: { equals: body.importId } }, depth: 0, overrideAccess: true })
      expect(audit.docs.map((d) => [d.sku, d.field, d.to, d.actor])).toEqual([['FEED-JKT-M', 'stock', '9', `import #${body.importId}`]])
    })
    it('lets staff download an import’s refused rows as CSV', async () => {
      const raw = csvRows([HEADER, 'DL-1,,Refused row,,,,nowhere/at-all,1,1,,,,,,,,,,,,,'].join('\n'))
      const id = await queueCatalogueImport(payload, raw, { fileName: 'download.csv', source: 'command' })
      await runCatalogueImport(payload, id)
      const get = (authorization?: string) => refusedRowsCsv(new Request(`http://localhost:3000/api/catalogue/imports/${id}/refused`, { headers: authorization ? { authorization } : {} }), payload, String(id))
      expect((await get()).status).toBe(401)
      expect((await get(`users API-Key ${CUSTOMER_KEY}`)).status).toBe(403)
      const res = await get(`users API-Key ${STAFF_KEY}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/csv')
      expect(await res.text()).toBe('line,sku,reason\r\n2,DL-1,"unknown category ""nowhere/at-all"""\r\n')
      expect((await refusedRowsCsv(new Request('http://localhost:3000/x', { headers: { authorization: `users API-Key ${STAFF_KEY}` } }), payload, '999999')).status).toBe(404)
    })
  })
  it('puts what it imports into search at once, and takes archived products out (ADR 028)', async () => {
    await run([HEADER, 'FEED-JKT,,Feed Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,active,,,,,,,,,,,,'].join('\n'))
    const jacket = await product('FEED-JKT')
    const found = await runSearch(payload, 'feed touring jacket')
    expect(found.matches?.map((m) => m.id)).toContain(jacket.id)
    await run([HEADER, 'FEED-JKT,,Feed Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,archived,,,,,,,,,,,,'].join('\n'))
    expect((await runSearch(payload, 'feed touring jacket')).matches?.map((m) => m.id) ?? []).not.toContain(jacket.id)
    await run([HEADER, 'FEED-JKT,,Feed Touring Jacket,,new,Feedbrand,riderwear/jackets,,0,active,,,,,,,,,,,,'].join('\n'))
    expect((await runSearch(payload, 'feed touring jacket')).matches?.map((m) => m.id)).toContain(jacket.id)
  })
})
