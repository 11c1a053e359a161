// The stock importer's planner: from a batch of the feed's checked rows (grouped by product) and the rows the shop
// holds, what the batch creates, updates (which columns, from what to what), leaves unchanged, refuses and why, which
// stock it sets and which saved-bike alerts it queues. Plain data in, a plain plan out: the importer reads the rows
// and writes the plan (features/catalogue-import), and importing the same file twice plans nothing the second time.
import { slugify } from '../../lib/text/slugify'
import { compactVrm, type FeedProductRow } from '../catalogue/import/feed-rows'
import type { AuditRow, BatchPlan, ExistingRows, Group, ShopMaps } from './batch-plan'
import { missingPicture, picturesOf, type PlanContext } from './plan-context'
import { planProduct } from './plan-product'
import { planVariants, type VariantRowPlan } from './plan-variants'
import { importPublicationProblem } from './publication'
import { num, type StoredRow } from './stored-fields'

export interface PlanInput {
  /** The batch's time (ISO). */
  readonly now: string
  /** Slugs new products of earlier batches of this import took. */
  readonly usedSlugs: ReadonlySet<string>
}

export function planBatch(groups: readonly Group[], shop: ShopMaps, existing: ExistingRows, input: PlanInput): BatchPlan {
  const plan: BatchPlan = {
    productInserts: [],
    updates: [],
    variantInserts: [],
    galleries: [],
    stock: [],
    counts: { created: 0, updated: 0, unchanged: 0, refused: 0 },
    refused: [],
    slugs: [],
    newSlugs: [],
    audit: [],
    alerts: [],
    lowered: { products: new Map(), variants: new Map() },
  }
  const used = new Set(input.usedSlugs)
  const chooseSlug = (name: string, sku: string) => {
    const free = (s: string) => s && !existing.takenSlugs.has(s) && !used.has(s)
    let slug = slugify(name)
    if (!free(slug)) slug = slugify(`${name} ${sku}`)
    for (let n = 2; !free(slug); n++) slug = `${slugify(`${name} ${sku}`).slice(0, 110)}-${n}`
    used.add(slug)
    plan.newSlugs.push(slug)
    return slug
  }
  const ctx: PlanContext = { plan, shop, existing, now: input.now, chooseSlug }
  for (const group of groups) planGroup(group, ctx)
  plan.counts.refused = plan.refused.length
  return plan
}

function refuseGroup(ctx: PlanContext, group: Group, p: FeedProductRow, reason: string): void {
  ctx.plan.refused.push({ line: p.line, sku: p.sku, reason })
  for (const v of group.variants) ctx.plan.refused.push({ line: v.line, sku: v.sku, reason: `its product ${group.sku} was refused` })
}

function planGroup(group: Group, ctx: PlanContext): void {
  const { plan, shop, existing } = ctx
  const p = group.product
  const vrm = p?.values.get('vrm')
  const bySku = existing.products.get(group.sku)
  const byVrm = !bySku && p && typeof vrm === 'string' ? existing.products.get(shop.vrms.get(compactVrm(vrm)) ?? '') : undefined
  const current = bySku ?? byVrm ?? null

  // Pictures must be known (in the media library or the feed's zip).
  const productPictures = picturesOf(p, existing.media)
  if (typeof productPictures === 'object' && !Array.isArray(productPictures)) return refuseGroup(ctx, group, p!, missingPicture(productPictures.missing))

  // A bike its history check says may not be sold stays off sale, whatever the row says.
  const unsellable = p ? importPublicationProblem(current, p.values.has('status') ? p.values.get('status') : current?.status) : null
  if (unsellable) return refuseGroup(ctx, group, p!, unsellable)

  // The variants as they will be.
  const kept: readonly StoredRow[] = current ? [...(existing.variantsOf.get(Number(current.id)) ?? [])] : []
  const variantPrices: (number | null)[] = kept.filter((v) => !group.variants.some((f) => f.sku === v.sku)).map((v) => num(v.price))
  const rows: VariantRowPlan[] = []
  for (const v of group.variants) {
    const cur = existing.variantsBySku.get(v.sku) ?? null
    if (cur && (!current || Number(cur.product_id) !== Number(current.id))) {
      plan.refused.push({ line: v.line, sku: v.sku, reason: `variant ${v.sku} belongs to another product` })
      if (cur) variantPrices.push(num(cur.price))
      continue
    }
    const pics = picturesOf(v, existing.media)
    if (typeof pics === 'object' && !Array.isArray(pics)) {
      plan.refused.push({ line: v.line, sku: v.sku, reason: missingPicture(pics.missing) })
      if (cur) variantPrices.push(num(cur.price))
      continue
    }
    variantPrices.push(v.values.has('price') ? (v.values.get('price') as number | null) : num(cur?.price))
    rows.push({ row: v, current: cur, pictures: pics })
  }

  // The product, then its variants.
  const variable = kept.length > 0 || rows.length > 0 || current?.product_type === 'variable'
  const productKey = current ? { id: Number(current.id) } : { sku: group.sku }
  let changed = false
  if (p || current) {
    const product = planProduct({ group, current, byVrm: Boolean(byVrm), variable, variantPrices, pictures: productPictures, key: productKey }, ctx)
    if (!product) return
    changed = product.changed
  }
  if (planVariants({ group, product: current, productKey, kept, rows }, ctx)) changed = true
  if (changed && current && !plan.slugs.includes(String(current.slug))) plan.slugs.push(String(current.slug))
}

/** A stored product as a full feed's archiving sees it. */
export interface LiveProduct {
  readonly id: number
  readonly sku: string | null
  readonly status: string
}

/** The products a full feed archives (never deletes): those not archived already that no row of the feed names. */
export function productsToArchive(live: readonly LiveProduct[], named: ReadonlySet<string>): LiveProduct[] {
  return live.filter((p) => p.status !== 'archived' && !named.has(p.sku ?? ''))
}

/** The audit rows of archiving `products`. */
export const archiveAudit = (products: readonly LiveProduct[]): AuditRow[] => products.map((p) => ({ field: 'status', sku: p.sku ?? '', product: { id: p.id }, from: p.status, to: 'archived' }))
