// Planning a group's variant rows: new ones after the product's last position, changed columns (the title following
// size and colour as the variants hook sets it), pictures, stock, and a size or colour back in stock.
import { variantTitle } from '../catalogue/derived-product-fields'
import type { FeedVariantRow } from '../catalogue/import/feed-rows'
import type { Columns, Group, RowKey } from './batch-plan'
import { availableAfter, fromOf, setOnHand, type PlanContext } from './plan-context'
import { money, num, pictureList, ROW_ON_HAND, str, type ColumnValue, type StoredRow } from './stored-fields'

/** A feed variant row accepted for planning: the stored variant it updates (or none), and its pictures. */
export interface VariantRowPlan {
  readonly row: FeedVariantRow
  readonly current: StoredRow | null
  readonly pictures: number[] | 'none'
}

export interface VariantsPlanInput {
  readonly group: Group
  /** The stored product, if any. */
  readonly product: StoredRow | null
  readonly productKey: RowKey
  /** The product's stored variants. */
  readonly kept: readonly StoredRow[]
  readonly rows: readonly VariantRowPlan[]
}

/** Plans the variants; answers whether any is created or changed. */
export function planVariants(input: VariantsPlanInput, ctx: PlanContext): boolean {
  const { plan, existing, now } = ctx
  const { group, product: current, productKey } = input
  const p = group.product
  let changedAny = false
  let position = input.kept.reduce((m, v) => Math.max(m, num(v.position) ?? 0), 0)
  for (const { row, current: cur, pictures: pics } of input.rows) {
    const values = row.values
    const want: Columns = {}
    for (const column of ['size', 'colour', 'price'] as const) {
      if (!values.has(column)) continue
      const value = (values.get(column) ?? null) as ColumnValue
      const before = column === 'price' ? num(cur?.price) : str(cur?.[column])
      if (!cur || before !== value) want[column] = value
    }
    const size = values.has('size') ? values.get('size') : str(cur?.size)
    const colour = values.has('colour') ? values.get('colour') : str(cur?.colour)
    const title = variantTitle(size, colour, row.sku)!
    if (!cur || str(cur.title) !== title) want.title = title
    const picList = pics === 'none' ? null : pics
    const currentPictures = cur ? pictureList(num(cur.featured_image_id), existing.galleries.get(`v${String(cur.id)}`) ?? []) : []
    const picturesChanged = picList !== null && picList.join(',') !== currentPictures.join(',')
    if (picturesChanged) want.featured_image_id = picList[0] ?? null
    const stock = values.has('stock') ? (values.get('stock') as number) : null
    const variantKey: RowKey = cur ? { id: Number(cur.id) } : { sku: row.sku }
    if (!cur) {
      position += 1
      plan.variantInserts.push({ product: productKey, sku: row.sku, columns: { sku: row.sku, [ROW_ON_HAND]: stock ?? 0, position, size: null, colour: null, price: null, featured_image_id: null, ...want } })
      if (picList?.length) plan.galleries.push({ table: 'variants', owner: variantKey, path: 'galleryImages', media: picList, replace: false })
      plan.audit.push({ field: 'created', sku: row.sku, product: productKey, variant: variantKey, from: null, to: null })
      if (values.get('price') != null) plan.audit.push({ field: 'price', sku: row.sku, product: productKey, variant: variantKey, from: null, to: money(values.get('price') as number) })
      if (stock) plan.audit.push({ field: 'stock', sku: row.sku, product: productKey, variant: variantKey, from: null, to: String(stock) })
      plan.counts.created++
      changedAny = true
      continue
    }
    const id = Number(cur.id)
    const onHandNow = existing.onHand.variants.get(id) ?? 0
    const stockChanged = stock !== null && stock !== onHandNow
    if (Object.keys(want).length > 0) plan.updates.push({ table: 'variants', id, set: want, from: fromOf(cur, want) })
    if (picturesChanged) plan.galleries.push({ table: 'variants', owner: variantKey, path: 'galleryImages', media: picList, replace: true })
    if (stockChanged) setOnHand(ctx, 'variants', id, stock, onHandNow, cur[ROW_ON_HAND])
    if ('price' in want) plan.audit.push({ field: 'price', sku: row.sku, product: productKey, variant: variantKey, from: money(num(cur.price)), to: money(want.price as number | null) })
    if (stockChanged) plan.audit.push({ field: 'stock', sku: row.sku, product: productKey, variant: variantKey, from: String(onHandNow), to: String(stock) })
    if (Object.keys(want).length > 0 || picturesChanged || stockChanged) {
      plan.counts.updated++
      changedAny = true
    } else plan.counts.unchanged++
    // A size or colour back in stock, as the variants hook tells it (a price change shows on the bike's own price).
    const productActive = (p?.values.has('status') ? p.values.get('status') : current?.status) === 'active'
    if (stockChanged && current && productActive && (num(cur[ROW_ON_HAND]) ?? 0) <= 0 && availableAfter(cur[ROW_ON_HAND], onHandNow, stock) > 0) {
      plan.alerts.push({ productId: Number(current.id), kind: 'back-in-stock', key: `back-in-stock:variant-${id}:${now}` })
    }
  }
  return changedAny
}
