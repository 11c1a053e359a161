// The Google Merchant Center feed as a stream: products on sale are read in pages of PAGE_SIZE by
// keyset (id > the last one, in id order), each page with its variants and pictures in three more statements,
// mapped by the pure rules of src/domain/catalogue/merchant-feed.ts and written out before the next page is
// read. The stream is pulled, so a slow reader holds back the reading: memory stays one page deep whatever the
// size of the catalogue (100,000 variants included).
import 'server-only'
import type { Payload } from 'payload'
import { paths } from '../../config/paths'
import { ON_SALE_STATUS } from '../../domain/catalogue/on-sale'
import { PRODUCT_KINDS, type ProductKind } from '../../domain/catalogue/product-kind'
import { chargesFromExtraFee } from '../../domain/catalogue/product-price'
import { merchantFeedHead, merchantItems, merchantItemXml, MERCHANT_FEED_TAIL, type MerchantProduct, type MerchantVariant } from '../../domain/catalogue/merchant-feed'
import { textFromRichText } from '../../domain/catalogue/import/rich-text'
import { placeholders, readRows } from '../../cms/sql.server'
import { siteSettings } from '../../cms/globals/site-settings-cache.server'
import { ON_HAND, onHand } from '../catalogue-rows/catalogue-rows'

export const MERCHANT_PAGE_SIZE = 500

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v))
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))

/** A media file's public path (Payload's upload URL for the original, which the production server sends). */
const mediaPath = (filename: string) => `/api/media/file/${encodeURIComponent(filename)}`

function richText(value: unknown): string | null {
  if (typeof value !== 'string') return textFromRichText(value)
  try {
    return textFromRichText(JSON.parse(value))
  } catch {
    return null
  }
}

/** What every page needs, read once per feed: brand names and each category's trail of names. */
export interface Lookups {
  readonly brands: ReadonlyMap<number, string>
  readonly trails: ReadonlyMap<number, string[]>
}

export async function readLookups(payload: Payload): Promise<Lookups> {
  const brands = new Map((await readRows(payload, { sql: 'SELECT id, name FROM brands', args: [] })).map((b) => [Number(b.id), String(b.name)]))
  const categories = new Map((await readRows(payload, { sql: 'SELECT id, name, parent_id FROM categories', args: [] })).map((c) => [Number(c.id), { name: String(c.name), parent: num(c.parent_id) }]))
  const trails = new Map<number, string[]>()
  for (const id of categories.keys()) {
    const trail: string[] = []
    // The bound keeps a mis-edited loop in the tree from hanging the feed (the tree is two levels deep today).
    for (let at: number | null = id; at !== null && trail.length < 5; at = categories.get(at)?.parent ?? null) {
      const c = categories.get(at)
      if (!c) break
      trail.unshift(c.name)
    }
    trails.set(id, trail)
  }
  return { brands, trails }
}

const PRODUCT_COLUMNS = [
  'id', 'sku', 'slug', 'name', 'status', 'kind', 'product_type', 'condition', 'brand_id', 'category_id', 'price', 'vat_rate', ON_HAND,
  'short_description', 'description', 'featured_image_id',
  'before_add_to_basket_notification_extra_fee_fee_value', 'before_add_to_basket_notification_extra_fee_label',
  'ebike_assisted_speed_mph', 'ebike_eapc',
].map((c) => `"${c}"`).join(', ')

/** One page of products on sale after `afterId`, as the domain's plain data; the last id read, for the next page. */
export async function readMerchantPage(payload: Payload, lookups: Lookups, afterId: number, limit = MERCHANT_PAGE_SIZE): Promise<{ products: MerchantProduct[]; lastId: number | null }> {
  const rows = await readRows(payload, { sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE status = ? AND id > ? ORDER BY id LIMIT ?`, args: [ON_SALE_STATUS, afterId, limit] })
  if (rows.length === 0) return { products: [], lastId: null }
  const ids = rows.map((r) => Number(r.id))
  const variants = await readRows(payload, {
    sql: `SELECT id, product_id, sku, size, colour, price, ${onHand()} AS on_hand, featured_image_id FROM variants WHERE product_id IN (${placeholders(ids.length)}) ORDER BY product_id, position, id`,
    args: ids,
  })
  const mediaIds = [...new Set([...rows, ...variants].map((r) => num(r.featured_image_id)).filter((id): id is number => id !== null))]
  const files = new Map<number, string>()
  if (mediaIds.length > 0) {
    for (const m of await readRows(payload, { sql: `SELECT id, filename FROM media WHERE id IN (${placeholders(mediaIds.length)})`, args: mediaIds })) {
      if (m.filename) files.set(Number(m.id), mediaPath(String(m.filename)))
    }
  }
  const picture = (id: unknown) => (num(id) === null ? null : (files.get(num(id)!) ?? null))
  const byProduct = new Map<number, MerchantVariant[]>()
  for (const v of variants) {
    const list = byProduct.get(Number(v.product_id)) ?? []
    list.push({ id: Number(v.id), sku: str(v.sku), size: str(v.size), colour: str(v.colour), pricePence: num(v.price), stockQuantity: num(v.on_hand), imagePath: picture(v.featured_image_id) })
    byProduct.set(Number(v.product_id), list)
  }
  const products = rows.map((p): MerchantProduct => ({
    id: Number(p.id),
    sku: str(p.sku),
    name: String(p.name),
    status: String(p.status),
    kind: (PRODUCT_KINDS as readonly unknown[]).includes(p.kind) ? (p.kind as ProductKind) : null,
    productType: p.product_type === 'variable' ? 'variable' : 'simple',
    condition: p.condition === 'used' ? 'used' : 'new',
    brandName: num(p.brand_id) === null ? null : (lookups.brands.get(num(p.brand_id)!) ?? null),
    categoryTrail: num(p.category_id) === null ? [] : (lookups.trails.get(num(p.category_id)!) ?? []),
    path: paths.product(String(p.slug)),
    description: richText(p.description),
    shortDescription: str(p.short_description),
    pricePence: num(p.price),
    vatRatePercent: num(p.vat_rate) ?? 20,
    charges: chargesFromExtraFee({ feeValue: num(p.before_add_to_basket_notification_extra_fee_fee_value), label: str(p.before_add_to_basket_notification_extra_fee_label) }),
    stockQuantity: num(p[ON_HAND]),
    imagePath: picture(p.featured_image_id),
    variants: byProduct.get(Number(p.id)) ?? [],
    // SQLite answers the verdict 0/1, PostgreSQL true/false; null is not yet known.
    ebike: p.kind === 'e-bike' ? { assistedSpeedMph: num(p.ebike_assisted_speed_mph), eapc: p.ebike_eapc === null || p.ebike_eapc === undefined ? null : p.ebike_eapc === true || Number(p.ebike_eapc) === 1 } : null,
  }))
  return { products, lastId: ids[ids.length - 1]! }
}

export interface MerchantFeedOptions {
  readonly siteUrl: string
  readonly pageSize?: number
}

/**
 * The whole feed as a byte stream. What it needs before the first item (brands, categories, the dealer's name) is
 * read before it answers, so a database that is down is an error the route can answer with a 500; a failure
 * later ends the stream with an error (the document is then cut short, and Google refuses it rather than
 * reading half a catalogue as the whole).
 */
export async function merchantFeedStream(payload: Payload, options: MerchantFeedOptions): Promise<ReadableStream<Uint8Array>> {
  const pageSize = Math.max(1, options.pageSize ?? MERCHANT_PAGE_SIZE)
  const [lookups, settings] = await Promise.all([readLookups(payload), siteSettings(payload)])
  const encoder = new TextEncoder()
  const dealer = settings.dealerName || 'Wheelhouse'
  const head = merchantFeedHead({ title: dealer, link: new URL(paths.home(), options.siteUrl).toString(), description: `Products on sale at ${dealer}` })
  let afterId = 0
  let finished = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(head))
      },
      async pull(controller) {
        if (finished) return
        try {
          const page = await readMerchantPage(payload, lookups, afterId, pageSize)
          if (page.lastId === null) {
            finished = true
            controller.enqueue(encoder.encode(MERCHANT_FEED_TAIL))
            controller.close()
            return
          }
          afterId = page.lastId
          const xml = page.products.map((p) => merchantItems(p, options.siteUrl).items.map(merchantItemXml).join('')).join('')
          controller.enqueue(encoder.encode(xml))
        } catch (error) {
          finished = true
          payload.logger.error({ err: error, afterId }, 'merchant feed: reading products failed; the feed was cut short')
          controller.error(error)
        }
      },
    },
    // One page waiting at most: the next is read only when the reader has taken this one.
    { highWaterMark: 1 },
  )
}
