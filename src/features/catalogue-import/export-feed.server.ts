// The catalogue export: every product and its variants, in the stock feed's own format, so importing the file again
// changes nothing. The data exports and the catalogue:export command write it out.
import 'server-only'
import type { Payload } from 'payload'
import { readRows } from '../../cms/sql.server'
import { FEED_COLUMNS, isEbikeColumn } from '../../domain/catalogue/import/feed-rows'
import { formatPounds } from '../../domain/catalogue/import/money'
import { money, num, pictureList, PRODUCT_FIELDS, stored, str, type StoredRow } from '../../domain/catalogue-import/stored-fields'
import { productsToExport, readGalleries, selectIn, variantsToExport } from '../catalogue-rows/import-reads.server'
import { onHandOf } from '../stock/stock-ledger.server'
import { readCatalogue } from './batch-reads.server'

/** The export: every product and its variants, in the feed's own format, so importing it again changes nothing. */
export async function exportFeedRows(payload: Payload): Promise<string[][]> {
  const shop = await readCatalogue(payload)
  const brands = new Map([...shop.brandIds].map(([, id]) => [id, '']))
  for (const b of await readRows(payload, { sql: 'SELECT id, name FROM brands', args: [] })) brands.set(Number(b.id), String(b.name))
  const out: string[][] = [[...FEED_COLUMNS]]
  const products = await productsToExport(payload)
  for (let i = 0; i < products.length; i += 500) {
    const chunk = products.slice(i, i + 500)
    const ids = chunk.map((p) => Number(p.id))
    const variants = await variantsToExport(payload, ids)
    const onHand = await onHandOf(payload, { products: ids, variants: variants.map((v) => Number(v.id)) })
    const galleries = await readGalleries(payload, ids, variants.map((v) => Number(v.id)))
    const mediaIds = new Set<number>()
    for (const p of chunk) if (p.featured_image_id != null) mediaIds.add(Number(p.featured_image_id))
    for (const v of variants) if (v.featured_image_id != null) mediaIds.add(Number(v.featured_image_id))
    for (const list of galleries.values()) for (const id of list) mediaIds.add(id)
    const names = new Map((await selectIn(payload, (list) => `SELECT id, filename FROM media WHERE id IN (${list})`, [...mediaIds])).map((m) => [Number(m.id), String(m.filename)]))
    const pics = (featured: unknown, key: string) => pictureList(num(featured), galleries.get(key) ?? []).map((id) => names.get(id) ?? '').filter(Boolean).join('|')
    const byProduct = new Map<number, StoredRow[]>()
    for (const v of variants) byProduct.set(Number(v.product_id), [...(byProduct.get(Number(v.product_id)) ?? []), v])
    for (const p of chunk) {
      const id = Number(p.id)
      const cells: Record<string, string> = {
        sku: String(p.sku),
        name: str(p.name) ?? '',
        kind: str(p.kind) ?? '',
        brand: p.brand_id != null ? (brands.get(Number(p.brand_id)) ?? '') : '',
        category: shop.categoryPaths.get(Number(p.category_id)) ?? '',
        price: p.product_type === 'variable' ? '' : money(num(p.price)) ?? '',
        stock: String(onHand.products.get(id) ?? 0),
        images: pics(p.featured_image_id, `p${id}`),
      }
      for (const [column, field] of Object.entries(PRODUCT_FIELDS)) {
        // An e-bike's facts belong to e-bikes: every other product's pedals column holds the table's default.
        const value = isEbikeColumn(column) && p.kind !== 'e-bike' ? null : stored(p, field)
        cells[column] = value == null ? '' : column === 'compare_at_price' ? formatPounds(value as number) : column === 'has_pedals' ? (value ? 'yes' : 'no') : String(value)
      }
      out.push(FEED_COLUMNS.map((c) => cells[c] ?? ''))
      for (const v of byProduct.get(id) ?? []) {
        const vc: Record<string, string> = {
          sku: String(v.sku),
          parent_sku: String(p.sku),
          price: money(num(v.price)) ?? '',
          stock: String(onHand.variants.get(Number(v.id)) ?? 0),
          size: str(v.size) ?? '',
          colour: str(v.colour) ?? '',
          images: pics(v.featured_image_id, `v${String(v.id)}`),
        }
        out.push(FEED_COLUMNS.map((c) => vc[c] ?? ''))
      }
    }
  }
  return out
}
