// What one batch of the stock feed does to the catalogue, as plain data: the importer's planner (plan-batch.ts) works
// it out from the feed's rows and the rows the shop holds, and the importer turns it into statements and writes them.
import type { ProductKind } from '../catalogue/product-kind'
import type { SavedBikeChangeKind } from '../catalogue/saved-bikes'
import type { FeedProductRow, FeedRow, FeedVariantRow, RefusedRow } from '../catalogue/import/feed-rows'
import type { ColumnValue, StoredRow } from './stored-fields'

/** A product's rows: its own (if in the feed) and its variants', handled in one batch. */
export interface Group {
  readonly sku: string
  readonly product: FeedProductRow | null
  readonly variants: FeedVariantRow[]
}

export function groupRows(rows: readonly FeedRow[]): Group[] {
  const groups = new Map<string, { sku: string; product: FeedProductRow | null; variants: FeedVariantRow[] }>()
  for (const row of rows) {
    const sku = row.type === 'product' ? row.sku : row.parentSku
    let g = groups.get(sku)
    if (!g) groups.set(sku, (g = { sku, product: null, variants: [] }))
    if (row.type === 'product') g.product = row
    else g.variants.push(row)
  }
  return [...groups.values()]
}

/** Feed rows in a group: a group is never split between batches. */
export const groupSize = (g: Group) => (g.product ? 1 : 0) + g.variants.length

/** A row already stored (its id) or one the same batch inserts (its SKU). */
export type RowKey = { readonly id: number } | { readonly sku: string }

export type CatalogueTable = 'products' | 'variants'

/** The shop's catalogue the planner matches feed rows against. */
export interface ShopMaps {
  /** Category path → its id and the kind it sells. */
  readonly categoryIds: ReadonlyMap<string, { id: number; kind: ProductKind }>
  /** Brand name, lower case → id (brands the feed names are created before planning). */
  readonly brandIds: ReadonlyMap<string, number>
  /** Registration (compact) → product SKU, for used bikes found by VRM. */
  readonly vrms: ReadonlyMap<string, string>
}

/** The rows a batch touches, as the shop holds them before it. */
export interface ExistingRows {
  /** By SKU: the batch's products, and the ones its used bikes' registrations find. */
  readonly products: ReadonlyMap<string, StoredRow>
  readonly variantsBySku: ReadonlyMap<string, StoredRow>
  /** A product's variants, by its id. */
  readonly variantsOf: ReadonlyMap<number, readonly StoredRow[]>
  /** On hand by the stock ledger, by product and variant id. */
  readonly onHand: { readonly products: ReadonlyMap<number, number>; readonly variants: ReadonlyMap<number, number> }
  /** Gallery media ids in order, by `p<id>` or `v<id>`. */
  readonly galleries: ReadonlyMap<string, readonly number[]>
  /** The highest headline each product was offered at, by its price history (ADR 075). */
  readonly highestOffered?: ReadonlyMap<number, number>
  /** Media id by a picture name the feed gives (the media library's, or the feed's zip's). */
  readonly media: ReadonlyMap<string, number>
  /** Slugs already taken by products. */
  readonly takenSlugs: ReadonlySet<string>
}

export interface AuditRow {
  readonly field: 'created' | 'price' | 'stock' | 'status'
  readonly sku: string
  readonly product?: RowKey
  readonly variant?: RowKey
  readonly from: string | null
  readonly to: string | null
}

/** A change customers who saved the bike asked to hear about, queued with the batch that makes it. */
export interface AlertPlan {
  readonly productId: number
  readonly kind: SavedBikeChangeKind
  readonly key: string
}

/** Columns by name; the shelf count and headline price go under ROW_ON_HAND and ROW_LIST_PRICE. */
export type Columns = Record<string, ColumnValue>

export interface ProductInsert {
  readonly sku: string
  readonly columns: Columns
}

export interface VariantInsert {
  readonly product: RowKey
  readonly sku: string
  readonly columns: Columns
}

/** The columns of one stored row that change: `set` is what they become, `from` what they held. */
export interface RowUpdate {
  readonly table: CatalogueTable
  readonly id: number
  readonly set: Columns
  readonly from: Readonly<Record<string, unknown>>
}

/** A row's gallery written out: `replace` removes the pictures it had first. */
export interface GalleryPlan {
  readonly table: CatalogueTable
  readonly owner: RowKey
  readonly path: 'gallery' | 'galleryImages'
  readonly media: readonly number[]
  readonly replace: boolean
}

/** On hand set through the stock ledger (held units stay held). */
export interface StockPlan {
  readonly table: CatalogueTable
  readonly id: number
  readonly onHand: number
}

export interface BatchCounts {
  created: number
  updated: number
  unchanged: number
  refused: number
}

/**
 * A batch's changes, in the order they are written: products before their variants, parents before their pictures
 * (rows removed before rows added), then stock.
 */
export interface BatchPlan {
  readonly productInserts: ProductInsert[]
  readonly updates: RowUpdate[]
  readonly variantInserts: VariantInsert[]
  readonly galleries: GalleryPlan[]
  readonly stock: StockPlan[]
  readonly counts: BatchCounts
  readonly refused: RefusedRow[]
  /** The slugs of the products the batch creates or changes (search and pages see them again). */
  readonly slugs: string[]
  /** The slugs the batch's new products take (no later batch may choose them). */
  readonly newSlugs: string[]
  readonly audit: AuditRow[]
  readonly alerts: AlertPlan[]
  /** Stock set below the units held: holds beyond it are withdrawn (see the ledger's setOnHandStatements). */
  readonly lowered: { readonly products: Map<number, number>; readonly variants: Map<number, number> }
}
