import { describe, expect, it } from 'vitest'
import { checkFeed, csvRows, type FeedContext } from '../catalogue/import/feed-rows'
import { groupRows, type ExistingRows, type ShopMaps } from './batch-plan'
import { archiveAudit, planBatch, productsToArchive } from './plan-batch'
import { ROW_LIST_PRICE, ROW_ON_HAND, type StoredRow } from './stored-fields'

const NOW = '2026-03-01T10:00:00.000Z'
const HEADER = 'sku,parent_sku,name,category,price,compare_at_price,stock,status,size,colour,images,motor_power_w,assisted_speed_mph,has_pedals'

const shop: ShopMaps = {
  categoryIds: new Map([
    ['motorcycles', { id: 1, kind: 'motorcycle' as const }],
    ['riderwear/jackets', { id: 2, kind: 'riderwear' as const }],
    ['bicycles/electric', { id: 3, kind: 'e-bike' as const }],
  ]),
  brandIds: new Map(),
  vrms: new Map(),
}

/** The Yamaha as the shop holds it: £5,995, 2 on the shelf, on sale. */
const bike = (over: Record<string, unknown> = {}): StoredRow => ({
  id: 10, sku: 'MT07', slug: 'yamaha-mt-07', name: 'Yamaha MT-07', status: 'active', product_type: 'simple', price: 599_500, [ROW_LIST_PRICE]: 599_500, [ROW_ON_HAND]: 2,
  category_id: 1, kind: 'motorcycle', brand_id: null, featured_image_id: null, ebike_eapc: null, ...over,
})

/** A jacket with one variant (M / Black, £149.99, none on the shelf). */
const jacket: StoredRow = { id: 20, sku: 'JKT', slug: 'touring-jacket', name: 'Touring jacket', status: 'active', product_type: 'variable', price: 14_999, [ROW_LIST_PRICE]: 14_999, [ROW_ON_HAND]: 0, category_id: 2, kind: 'riderwear', brand_id: null, featured_image_id: null, ebike_eapc: null }
const jacketM: StoredRow = { id: 200, product_id: 20, sku: 'JKT-M', size: 'M', colour: 'Black', title: 'M / Black', price: 14_999, position: 1, featured_image_id: null, [ROW_ON_HAND]: 0 }

function existingOf(products: StoredRow[], variants: StoredRow[] = [], over: Partial<ExistingRows> = {}): ExistingRows {
  const variantsOf = new Map<number, StoredRow[]>()
  for (const v of variants) variantsOf.set(Number(v.product_id), [...(variantsOf.get(Number(v.product_id)) ?? []), v])
  return {
    products: new Map(products.map((p) => [String(p.sku), p])),
    variantsBySku: new Map(variants.map((v) => [String(v.sku), v])),
    variantsOf,
    // On hand by the ledger is the shelf when nothing is held.
    onHand: { products: new Map(products.map((p) => [Number(p.id), Number(p[ROW_ON_HAND])])), variants: new Map(variants.map((v) => [Number(v.id), Number(v[ROW_ON_HAND])])) },
    galleries: new Map(),
    media: new Map([['mt07.jpg', 501], ['mt07-side.jpg', 502]]),
    takenSlugs: new Set(),
    ...over,
  }
}

/** Checks the feed's lines as the importer does, then plans them as one batch. */
function plan(lines: string[], existing: ExistingRows, usedSlugs: ReadonlySet<string> = new Set()) {
  const context: FeedContext = { categories: new Map([...shop.categoryIds].map(([path, c]) => [path, c.kind])), productSkus: new Set(existing.products.keys()), variantSkus: new Set(existing.variantsBySku.keys()) }
  const checked = checkFeed(csvRows([HEADER, ...lines].join('\n')), context)
  return { checked, plan: planBatch(groupRows(checked.rows), shop, existing, { now: NOW, usedSlugs }) }
}

describe('planBatch', () => {
  it('creates a product and its variants with the fields Payload’s hooks would derive', () => {
    const { plan: p } = plan(['JKT2,,Winter jacket,riderwear/jackets,,,,,,,,,,', 'JKT2-S,JKT2,,,120.00,,3,,S,Red,,,,', 'JKT2-L,JKT2,,,99.50,,0,,L,,,,,'], existingOf([]))
    expect(p.counts).toEqual({ created: 3, updated: 0, unchanged: 0, refused: 0 })
    expect(p.productInserts).toHaveLength(1)
    expect(p.productInserts[0]!.columns).toMatchObject({ name: 'Winter jacket', slug: 'winter-jacket', status: 'active', sku: 'JKT2', product_type: 'variable', price: 9_950, [ROW_LIST_PRICE]: 9_950, category_id: 2, kind: 'riderwear', [ROW_ON_HAND]: 0 })
    expect(p.variantInserts.map((v) => [v.sku, v.columns.title, v.columns.position, v.columns[ROW_ON_HAND], v.columns.price])).toEqual([['JKT2-S', 'S / Red', 1, 3, 12_000], ['JKT2-L', 'L', 2, 0, 9_950]])
    expect(p.variantInserts.every((v) => 'sku' in v.product && v.product.sku === 'JKT2')).toBe(true)
    expect(p.audit.map((a) => [a.sku, a.field, a.to])).toEqual([['JKT2', 'created', 'active'], ['JKT2', 'price', '99.50'], ['JKT2-S', 'created', null], ['JKT2-S', 'price', '120.00'], ['JKT2-S', 'stock', '3'], ['JKT2-L', 'created', null], ['JKT2-L', 'price', '99.50']])
    expect(p.slugs).toEqual(['winter-jacket'])
    expect(p.newSlugs).toEqual(['winter-jacket'])
    expect(p.updates).toEqual([])
    expect(p.stock).toEqual([])
  })

  it('gives a new product a slug no other product has, nor one an earlier batch chose', () => {
    const { plan: taken } = plan(['NEW-1,,Yamaha MT-07,motorcycles,5000.00,,1,,,,,,,'], existingOf([], [], { takenSlugs: new Set(['yamaha-mt-07']) }))
    expect(taken.productInserts[0]!.columns.slug).toBe('yamaha-mt-07-new-1')
    const { plan: used } = plan(['NEW-1,,Yamaha MT-07,motorcycles,5000.00,,1,,,,,,,'], existingOf([]), new Set(['yamaha-mt-07', 'yamaha-mt-07-new-1']))
    expect(used.productInserts[0]!.columns.slug).toBe('yamaha-mt-07-new-1-2')
  })

  it('updates only the columns that change, saying what they were, and queues a price-drop alert', () => {
    const { plan: p } = plan(['MT07,,Yamaha MT-07,motorcycles,5750.00,,2,active,,,,,,'], existingOf([bike()]))
    expect(p.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 })
    expect(p.updates).toEqual([{ table: 'products', id: 10, set: { price: 575_000, [ROW_LIST_PRICE]: 575_000 }, from: { price: 599_500, [ROW_LIST_PRICE]: 599_500 } }])
    expect(p.audit).toEqual([{ field: 'price', sku: 'MT07', product: { id: 10 }, from: '5995.00', to: '5750.00' }])
    expect(p.alerts).toEqual([{ productId: 10, kind: 'price-drop', key: `price-drop:575000:${NOW}` }])
    expect(p.slugs).toEqual(['yamaha-mt-07'])
    expect(p.stock).toEqual([])
  })

  it('leaves a row whose values are already stored: the same file twice changes nothing the second time', () => {
    const { plan: p } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,2,active,,,,,,', 'JKT-M,JKT,,,149.99,,0,,M,Black,,,,'], existingOf([bike(), jacket], [jacketM]))
    expect(p.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 })
    expect([p.productInserts, p.updates, p.variantInserts, p.galleries, p.stock, p.audit, p.alerts, p.slugs]).toEqual([[], [], [], [], [], [], [], []])
  })

  it('sets stock through the ledger, notes stock set below the units held, and tells a size back in stock', () => {
    // 3 of the bike's 5 units are held by orders: the feed's 1 on hand withdraws holds.
    const held = existingOf([bike({ [ROW_ON_HAND]: 2 })], [], { onHand: { products: new Map([[10, 5]]), variants: new Map() } })
    const { plan: lowered } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,1,active,,,,,,'], held)
    expect(lowered.stock).toEqual([{ table: 'products', id: 10, onHand: 1 }])
    expect([...lowered.lowered.products]).toEqual([[10, 1]])
    expect(lowered.audit).toEqual([{ field: 'stock', sku: 'MT07', product: { id: 10 }, from: '5', to: '1' }])
    expect(lowered.counts.updated).toBe(1)

    const { plan: back } = plan(['JKT-M,JKT,,,149.99,,4,,M,Black,,,,'], existingOf([jacket], [jacketM]))
    expect(back.stock).toEqual([{ table: 'variants', id: 200, onHand: 4 }])
    expect(back.lowered.variants.size).toBe(0)
    expect(back.alerts).toEqual([{ productId: 20, kind: 'back-in-stock', key: `back-in-stock:variant-200:${NOW}` }])
    expect(back.slugs).toEqual(['touring-jacket'])
  })

  it('replaces a gallery that changed, and refuses a row whose picture is nowhere, with its variants', () => {
    const { plan: pictures } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,2,active,,,mt07.jpg|mt07-side.jpg,,,'], existingOf([bike()]))
    expect(pictures.updates).toEqual([{ table: 'products', id: 10, set: { featured_image_id: 501 }, from: { featured_image_id: null } }])
    expect(pictures.galleries).toEqual([{ table: 'products', owner: { id: 10 }, path: 'gallery', media: [501, 502], replace: true }])

    const { plan: missing } = plan(['JKT,,Touring jacket,riderwear/jackets,,,,,,,lost.jpg,,,', 'JKT-M,JKT,,,149.99,,1,,M,Black,,,,'], existingOf([jacket], [jacketM]))
    expect(missing.refused).toEqual([
      { line: 2, sku: 'JKT', reason: 'image lost.jpg is neither in the media library nor in the zip' },
      { line: 3, sku: 'JKT-M', reason: 'its product JKT was refused' },
    ])
    expect(missing.counts).toEqual({ created: 0, updated: 0, unchanged: 0, refused: 2 })
    expect([missing.updates, missing.stock, missing.audit]).toEqual([[], [], []])
  })

  it('refuses a price of 0 and malformed rows before planning, and plans the rest of the file', () => {
    const { checked, plan: p } = plan(['FREE,,Free bike,motorcycles,0.00,,1,,,,,,,', 'BAD SKU!,,Bad,motorcycles,10.00,,1,,,,,,,', 'NEG,,Negative,motorcycles,10.00,,-1,,,,,,,', 'OK-1,,Good bike,motorcycles,10.00,,1,,,,,,,'], existingOf([]))
    expect(checked.refused.map((r) => r.sku)).toEqual(['FREE', 'BAD SKU!', 'NEG'])
    expect(checked.refused[0]!.reason).toMatch(/is zero: a price of 0 would sell it for nothing/)
    expect(p.productInserts.map((i) => i.sku)).toEqual(['OK-1'])
    expect(p.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 0 })
  })

  it('refuses a variant of another product, a was-price above any price offered, and a bike its history check keeps off sale', () => {
    const { plan: other } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,2,active,,,,,,', 'JKT-M,MT07,,,149.99,,1,,M,Black,,,,'], existingOf([bike(), jacket], [jacketM]))
    expect(other.refused).toEqual([{ line: 3, sku: 'JKT-M', reason: 'variant JKT-M belongs to another product' }])
    expect(other.counts).toMatchObject({ unchanged: 1, refused: 1 })

    const { plan: was } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,7000.00,2,active,,,,,,'], existingOf([bike()], [], { highestOffered: new Map([[10, 650_000]]) }))
    expect(was.refused).toHaveLength(1)
    expect(was.refused[0]!.reason).toMatch(/^compare_at_price: was-price £7,000 is above any price/)
    expect(was.updates).toEqual([])

    const { plan: financed } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,2,active,,,,,,'], existingOf([bike({ used_bike_history_check_outstanding_finance: 1 })]))
    expect(financed.refused).toHaveLength(1)
    expect(financed.refused[0]!.reason).toMatch(/^not published: /)
    const { plan: draft } = plan(['MT07,,Yamaha MT-07,motorcycles,5995.00,,2,draft,,,,,,'], existingOf([bike({ used_bike_history_check_outstanding_finance: 1 })]))
    expect(draft.refused).toEqual([])
    expect(draft.updates[0]!.set).toEqual({ status: 'draft' })
    expect(draft.audit).toEqual([{ field: 'status', sku: 'MT07', product: { id: 10 }, from: 'active', to: 'draft' }])
  })

  it('stores an e-bike’s EAPC verdict from its facts, and none on any other kind', () => {
    const { plan: p } = plan(['EB-1,,Fast e-bike,bicycles/electric,2000.00,,1,,,,,500,28,yes', 'EB-2,,Legal e-bike,bicycles/electric,1500.00,,1,,,,,250,15.5,yes', 'MC-1,,Motorbike,motorcycles,3000.00,,1,,,,,500,28,yes'], existingOf([]))
    const bySku = new Map(p.productInserts.map((i) => [i.sku, i.columns]))
    expect(bySku.get('EB-1')).toMatchObject({ ebike_eapc: 0, ebike_motor_power_w: 500, ebike_assisted_speed_mph: 28, ebike_has_pedals: 1 })
    expect(bySku.get('EB-2')).toMatchObject({ ebike_eapc: 1 })
    expect(bySku.get('MC-1')).not.toHaveProperty('ebike_eapc')
    expect(bySku.get('MC-1')).not.toHaveProperty('ebike_motor_power_w')
  })
})

describe('archiving a full feed', () => {
  it('archives the products no row named, and audits each', () => {
    const live = [{ id: 1, sku: 'KEEP', status: 'active' }, { id: 2, sku: 'GONE', status: 'draft' }, { id: 3, sku: null, status: 'active' }, { id: 4, sku: 'OLD', status: 'archived' }]
    const missing = productsToArchive(live, new Set(['KEEP']))
    expect(missing.map((p) => p.id)).toEqual([2, 3])
    expect(archiveAudit(missing)).toEqual([
      { field: 'status', sku: 'GONE', product: { id: 2 }, from: 'draft', to: 'archived' },
      { field: 'status', sku: '', product: { id: 3 }, from: 'active', to: 'archived' },
    ])
  })
})
