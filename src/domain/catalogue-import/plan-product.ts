// Planning a group's product row: the columns the feed changes and those that follow from them (kind, price, headline
// price, EAPC verdict) as the products hooks would set them, its pictures, its stock, and the alert a saved bike's
// watchers asked for.
import type { ProductKind } from '../catalogue/product-kind'
import { wasPriceProblem } from '../catalogue/product-price'
import { derivedProductFields } from '../catalogue/derived-product-fields'
import { savedBikeChange } from '../catalogue/saved-bikes'
import { isEbikeColumn, type FeedValue } from '../catalogue/import/feed-rows'
import type { Columns, Group, RowKey } from './batch-plan'
import { availableAfter, fromOf, setOnHand, type PlanContext } from './plan-context'
import { money, num, pictureList, PRODUCT_FIELDS, ROW_LIST_PRICE, ROW_ON_HAND, same, stored, str, toColumn, type StoredRow } from './stored-fields'

export interface ProductPlanInput {
  readonly group: Group
  /** The stored product, found by SKU or by the used bike's registration. */
  readonly current: StoredRow | null
  /** Found by registration: it takes the feed's SKU. */
  readonly byVrm: boolean
  /** It has variants (kept, or added by the feed), or is stored as variable. */
  readonly variable: boolean
  /** Its variants' prices once the batch is written, for a variable product's price (the lowest). */
  readonly variantPrices: readonly (number | null)[]
  readonly pictures: number[] | 'none'
  readonly key: RowKey
}

/** Plans the product; answers whether it changes, or null when it is refused (with its variants). */
export function planProduct(input: ProductPlanInput, ctx: PlanContext): { changed: boolean } | null {
  const { group, current, variable } = input
  const { plan, shop, existing, now } = ctx
  const p = group.product
  const values = p?.values ?? new Map<string, FeedValue>()
  const category = values.has('category') ? shop.categoryIds.get(String(values.get('category')))! : current ? { id: Number(current.category_id), kind: String(current.kind) as ProductKind } : null
  const brandName = values.get('brand')
  const brandId = values.has('brand') ? (typeof brandName === 'string' ? (shop.brandIds.get(brandName.toLowerCase()) ?? -1) : null) : num(current?.brand_id)
  const vat = values.has('vat_rate') ? (values.get('vat_rate') as number) : num(current?.vat_rate) ?? 20
  const lowest = input.variantPrices.filter((x): x is number => x !== null).reduce<number | null>((m, x) => (m === null || x < m ? x : m), null)
  const price = variable ? lowest : values.has('price') ? (values.get('price') as number | null) : num(current?.price)
  const fee = current ? { feeValue: num(current.before_add_to_basket_notification_extra_fee_fee_value), label: str(current.before_add_to_basket_notification_extra_fee_label) } : null
  const kind = category ? category.kind : current ? String(current.kind) : null
  // An e-bike's facts as they will be: the feed's, else the stored ones.
  const fact = (name: string, column: string) => (values.has(name) ? num(values.get(name)) : num(current?.[column]))
  const pedals = fact('has_pedals', 'ebike_has_pedals')
  const ebike = { hasPedals: pedals === null ? null : pedals === 1, motorPowerW: fact('motor_power_w', 'ebike_motor_power_w'), assistedSpeedMph: fact('assisted_speed_mph', 'ebike_assisted_speed_mph') }
  const derived = derivedProductFields({ pricePence: price, vatRatePercent: vat, extraFee: fee, kind, ebike })
  const listPrice = derived.listPrice

  // A was-price above every price the product was offered at (its history, or this row's own) is refused (ADR 075).
  const was = values.get('compare_at_price')
  const wasProblem = p && was != null && num(current?.compare_at_price) !== was ? wasPriceProblem(was, Math.max(existing.highestOffered?.get(Number(current?.id)) ?? 0, listPrice ?? 0) || null) : null
  if (wasProblem) {
    plan.refused.push({ line: p!.line, sku: p!.sku, reason: `compare_at_price: ${wasProblem}` })
    for (const v of group.variants) plan.refused.push({ line: v.line, sku: v.sku, reason: `its product ${group.sku} was refused` })
    return null
  }

  const want: Columns = {}
  for (const [column, field] of Object.entries(PRODUCT_FIELDS)) {
    if (!values.has(column)) continue
    // An e-bike's facts are ignored on any other kind of product (the export leaves them empty there).
    if (kind !== 'e-bike' && isEbikeColumn(column)) continue
    const value = values.get(column) ?? null
    if (current && same(column, stored(current, field), value)) continue
    want[field.column] = toColumn(field.type, value)
  }
  const following: Columns = {
    product_type: variable ? 'variable' : 'simple',
    price,
    [ROW_LIST_PRICE]: listPrice,
    ...(category ? { category_id: category.id, kind: category.kind } : {}),
    brand_id: brandId === -1 ? null : brandId,
  }
  if (input.byVrm) following.sku = group.sku
  // Any kind but an e-bike has no EAPC verdict.
  const eapc = derived.eapc === null ? null : derived.eapc ? 1 : 0
  if (current ? num(current.ebike_eapc) !== eapc : eapc !== null) want.ebike_eapc = eapc
  for (const [column, value] of Object.entries(following)) {
    const before = current ? (['price', ROW_LIST_PRICE, 'category_id', 'brand_id'].includes(column) ? num(current[column]) : str(current[column])) : undefined
    if (!current || before !== value) want[column] = value
  }
  const pics = input.pictures === 'none' ? null : input.pictures
  const currentPictures = current ? pictureList(num(current.featured_image_id), existing.galleries.get(`p${String(current.id)}`) ?? []) : []
  const picturesChanged = pics !== null && pics.join(',') !== currentPictures.join(',')
  if (picturesChanged) want.featured_image_id = pics[0] ?? null

  const stock = values.has('stock') ? (values.get('stock') as number) : null
  const onHandNow = current ? (existing.onHand.products.get(Number(current.id)) ?? 0) : 0
  const key = input.key

  if (!current) {
    const slug = ctx.chooseSlug(String(values.get('name')), group.sku)
    plan.slugs.push(slug)
    const row: Columns = {
      name: String(values.get('name')),
      slug,
      status: 'active',
      featured: 0,
      sku: group.sku,
      vat_rate: 20,
      [ROW_ON_HAND]: stock ?? 0,
      condition: 'new',
      vehicle_financeable: 0,
      featured_image_id: pics?.[0] ?? null,
      ...want,
    }
    plan.productInserts.push({ sku: group.sku, columns: row })
    if (pics?.length) plan.galleries.push({ table: 'products', owner: key, path: 'gallery', media: pics, replace: false })
    plan.audit.push({ field: 'created', sku: group.sku, product: key, from: null, to: String(row.status) })
    if (price != null) plan.audit.push({ field: 'price', sku: group.sku, product: key, from: null, to: money(price) })
    if (stock) plan.audit.push({ field: 'stock', sku: group.sku, product: key, from: null, to: String(stock) })
    plan.counts.created++
    return { changed: true }
  }

  const id = Number(current.id)
  const stockChanged = stock !== null && stock !== onHandNow
  if (Object.keys(want).length > 0) plan.updates.push({ table: 'products', id, set: want, from: fromOf(current, want) })
  if (picturesChanged) plan.galleries.push({ table: 'products', owner: key, path: 'gallery', media: pics, replace: true })
  if (stockChanged) setOnHand(ctx, 'products', id, stock, onHandNow, current[ROW_ON_HAND])
  if ('price' in want) plan.audit.push({ field: 'price', sku: group.sku, product: key, from: money(num(current.price)), to: money(price) })
  if ('status' in want) plan.audit.push({ field: 'status', sku: group.sku, product: key, from: str(current.status), to: String(want.status) })
  if (stockChanged) plan.audit.push({ field: 'stock', sku: group.sku, product: key, from: String(onHandNow), to: String(stock) })
  const changed = Object.keys(want).length > 0 || picturesChanged || stockChanged
  if (changed) {
    // The same rule as the products hook (saved-bike-hooks.ts); a variable product's stock is its variants'.
    const status = 'status' in want ? String(want.status) : str(current.status)
    const before = { pricePence: num(current[ROW_LIST_PRICE]), available: variable ? 1 : availableAfter(current[ROW_ON_HAND], onHandNow, null), onSale: current.status === 'active' }
    const after = { pricePence: listPrice, available: variable ? 1 : availableAfter(current[ROW_ON_HAND], onHandNow, stockChanged ? stock : null), onSale: status === 'active' }
    const change = savedBikeChange(before, after, now)
    if (change) plan.alerts.push({ productId: id, ...change })
  }
  if (p) {
    if (changed) plan.counts.updated++
    else plan.counts.unchanged++
  }
  if (changed) plan.slugs.push(String(current.slug))
  return { changed }
}
