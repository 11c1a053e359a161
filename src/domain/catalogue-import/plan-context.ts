// What the planner's parts share while they plan one batch: the plan they add to, the shop, the rows it holds, and
// the rules for stock and pictures that products and variants follow alike.
import type { FeedRow } from '../catalogue/import/feed-rows'
import type { BatchPlan, CatalogueTable, ExistingRows, ShopMaps } from './batch-plan'
import { num } from './stored-fields'

export interface PlanContext {
  readonly plan: BatchPlan
  readonly shop: ShopMaps
  readonly existing: ExistingRows
  /** The batch's time (ISO), for alert keys. */
  readonly now: string
  /** A free slug for a new product, taken for the rest of the import. */
  readonly chooseSlug: (name: string, sku: string) => string
}

/** On hand set for a row through the ledger, with a note when it is below the units held right now. */
export function setOnHand(ctx: PlanContext, table: CatalogueTable, id: number, onHand: number, onHandNow: number, shelf: unknown): void {
  if (onHand < onHandNow - Math.max(0, num(shelf) ?? 0)) ctx.plan.lowered[table].set(id, onHand)
  ctx.plan.stock.push({ table, id, onHand })
}

/** Units a customer can buy once on hand becomes `onHand` (null: unchanged): what is held stays held. */
export const availableAfter = (shelf: unknown, onHandNow: number, onHand: number | null): number =>
  onHand === null ? Math.max(0, num(shelf) ?? 0) : Math.max(0, onHand - (onHandNow - (num(shelf) ?? 0)))

/** A row's pictures by media id ('none' when the row names none); they must be in the media library or the feed's zip. */
export function picturesOf(row: FeedRow | null, media: ReadonlyMap<string, number>): number[] | 'none' | { missing: string } {
  const names = row?.values.get('images') as string[] | undefined
  if (!names) return 'none'
  const ids: number[] = []
  for (const n of names) {
    const id = media.get(n)
    if (id === undefined) return { missing: n }
    ids.push(id)
  }
  return ids
}

export const missingPicture = (name: string) => `image ${name} is neither in the media library nor in the zip`

/** The columns of `row` that `set` changes, as they were. */
export const fromOf = (row: Readonly<Record<string, unknown>>, set: Readonly<Record<string, unknown>>): Record<string, unknown> => Object.fromEntries(Object.keys(set).map((c) => [c, row[c] ?? null]))
