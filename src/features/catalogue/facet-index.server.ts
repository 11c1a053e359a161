// The facet index of the products on sale (domain/catalogue/facet-index.ts, ADR 034): read in one statement, kept
// in memory until the catalogue changes. Listings count and filter by it (features/listing/facet-counts.server.ts);
// search weighs its matches by it (features/search).
import type { Payload } from 'payload'
import { readRows } from '../../cms/sql.server'
import { CATALOGUE_MEMO_MAX_AGE_MS, catalogueMemo } from '../../cms/catalogue-memo.server'
import { FacetIndex, type FactField } from '../../domain/catalogue/facet-index'
import { CYCLE_LISTING_FACTS } from '../../domain/vehicles/eapc'
import { listPrice, onHand } from '../catalogue-rows/catalogue-rows'

/** Each fact's column of products (aliased p), as listings filter by it in SQL. */
export const COLUMNS: Record<FactField, string> = {
  id: 'p.id',
  kind: 'p.kind',
  categoryId: 'p.category_id',
  brandId: 'p.brand_id',
  condition: 'p.condition',
  listPrice: listPrice('p'),
  engineCc: 'p.attributes_engine_cc',
  licence: 'p.attributes_licence_category',
  frameSize: 'p.attributes_frame_size',
  bikeType: 'p.attributes_bike_type',
  batteryRangeMiles: 'p.attributes_battery_range_miles',
}

/**
 * The product is listed under a cycle fact (domain/vehicles/eapc.ts, listedUnder): it is not an e-bike sold as a
 * motor vehicle. Only e-bikes carry a verdict (the products hook stores NULL for every other kind). ADR 069.
 */
export const LISTED_AS_CYCLE_SQL = '(p.ebike_eapc IS NULL OR p.ebike_eapc = TRUE)'

const CYCLE_FACTS: ReadonlySet<string> = new Set(CYCLE_LISTING_FACTS)

/** Whether a listing's test of `field` must also hold LISTED_AS_CYCLE_SQL. */
export const isCycleFact = (field: string): boolean => CYCLE_FACTS.has(field)

/** A fact's value as the facet index holds it: a cycle fact of an e-bike sold as a motor vehicle is NULL (listed under none). */
function factSql(f: FactField): string {
  return isCycleFact(f) ? `CASE WHEN ${LISTED_AS_CYCLE_SQL} THEN ${COLUMNS[f]} ELSE NULL END` : COLUMNS[f]
}

/** Whether a product has stock: its own, or one of its variants'. */
const IN_STOCK = `CASE WHEN COALESCE(${onHand('p')}, 0) > 0 OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${onHand('v')} > 0) THEN 1 ELSE 0 END`

/** The facts of every product on sale, read in one statement; the index is built from them (domain/catalogue/facet-index). */
async function readFacetIndex(payload: Payload): Promise<FacetIndex> {
  const rows = await readRows(payload, {
    sql: `SELECT ${(Object.keys(COLUMNS) as FactField[]).map((f) => `${factSql(f)} AS "${f}"`).join(', ')}, ${IN_STOCK} AS "inStock", CASE WHEN p.featured THEN 1 ELSE 0 END AS "featured"
          FROM products p WHERE p.status = 'active'`,
    args: [],
  })
  const number = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v))
  const string = (v: unknown) => (v === null || v === undefined ? null : String(v))
  return new FacetIndex(
    rows.map((r) => ({
      id: Number(r.id),
      kind: string(r.kind),
      categoryId: number(r.categoryId),
      brandId: number(r.brandId),
      condition: string(r.condition),
      listPrice: number(r.listPrice),
      engineCc: number(r.engineCc),
      licence: string(r.licence),
      frameSize: string(r.frameSize),
      bikeType: string(r.bikeType),
      batteryRangeMiles: number(r.batteryRangeMiles),
      inStock: Number(r.inStock) === 1,
      featured: Number(r.featured) === 1,
    })),
  )
}

/**
 * The facet index of the products on sale: read once per process and kept until the catalogue changes
 * (catalogueMemo; every instance forgets it on a change, ADR 008). After five minutes without a change it is read
 * again in the background while the old one still answers, so no rider's listing waits for 22,065 rows that only age
 * asked for. A listing counts what is on sale, sold out or not; whether a product is in stock is there for search,
 * which weighs a sold-out match half (domain/search/rank.ts). Every sale forgets it, as every catalogue change does.
 */
export function facetIndex(payload: Payload): Promise<FacetIndex> {
  return catalogueMemo('facet-index', () => readFacetIndex(payload), CATALOGUE_MEMO_MAX_AGE_MS, Date.now(), 'serve-while-reading')
}

