// A product card from one SQL row: the product, its brand's name and its picture's sizes, read in one statement
// (features/catalogue/queries.server.ts, readCards). Through Payload's Local API a page of 24 cards cost about
// 1.2 MB of allocation and 3–5 ms of JavaScript in field hooks (afterRead, relationship population) for fields a card
// does not have; at 100,000 variants that was the largest part of a search's garbage (docs/perf-log.md, session 19).
import { shownStock } from '../../domain/catalogue/stock-status'
import { chargesFromExtraFee, headlinePricePence, wasPricePence } from '../../domain/catalogue/product-price'
import type { ProductKind } from '../../domain/catalogue/product-kind'
import type { PictureMedia, PictureSize } from '../../components/ui/picture'
import { writeOffCategoryOf, type WriteOffCategory } from '../../domain/vehicles/history-check'
import { HIGHEST_OFFERED_COLUMN } from './price-history'
import { onHand } from '../catalogue-rows/catalogue-rows'

/**
 * The picture sizes a card's <picture> offers, by their name in the media table's columns (`sizes_card_avif_url`).
 * The row's aliases are lower-case (`card_avif_url`): PostgreSQL folds unquoted names.
 */
export const CARD_IMAGE_SIZES: Record<PictureSize, string> = {
  thumbnail: 'thumbnail',
  card: 'card',
  large: 'large',
  thumbnailAvif: 'thumbnail_avif',
  cardAvif: 'card_avif',
  largeAvif: 'large_avif',
}

export interface ProductCard {
  id: number
  name: string
  slug: string
  /** the product's own SKU (a variable product's variants have theirs); the analytics item id */
  sku: string | null
  /** the headline price (ADR 023): the price with every mandatory charge; null when on application */
  pricePence: number | null
  compareAtPricePence: number | null
  condition: 'new' | 'used'
  kind: ProductKind
  brandName: string | null
  stockQuantity: number
  productType: 'simple' | 'variable'
  image: PictureMedia | null
  mileage: number | null
  registrationYear: number | null
  /** A used bike's write-off category (Cat S or N), shown on every card of it. */
  writeOffCategory: WriteOffCategory | null
  /** An e-bike's EAPC verdict (null for anything else, or one not yet assessed): one that fails is said on every card of it (ADR 069). */
  eapc: boolean | null
}

/** The columns of the statement, as `alias.column AS name`: products p, brands b, media m. */
export const CARD_COLUMNS = [
  'p.id AS id',
  'p.name AS name',
  'p.slug AS slug',
  'p.sku AS sku',
  'p.price AS price',
  'p.compare_at_price AS compare_at_price',
  HIGHEST_OFFERED_COLUMN,
  'p.vat_rate AS vat_rate',
  'p.before_add_to_basket_notification_extra_fee_fee_value AS fee_value',
  'p.before_add_to_basket_notification_extra_fee_label AS fee_label',
  'p.condition AS condition',
  'p.kind AS kind',
  `${onHand('p')} AS on_hand`,
  'p.product_type AS product_type',
  'p.vehicle_mileage AS mileage',
  'p.vehicle_registration_date AS registered',
  'p.used_bike_history_check_write_off_category AS write_off',
  'p.ebike_eapc AS ebike_eapc',
  'b.name AS brand_name',
  'm.id AS image_id',
  'm.url AS image_url',
  'm.alt AS image_alt',
  'm.width AS image_width',
  'm.height AS image_height',
  ...Object.values(CARD_IMAGE_SIZES).flatMap((size) => ['url', 'width', 'height'].map((part) => `m.sizes_${size}_${part} AS ${size}_${part}`)),
].join(', ')

/** PostgreSQL gives numeric columns as text and SQLite may give a whole number as 5.0: both as a number, or null. */
function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value)
}

/** A registration date as either database gives it (a Date, an ISO text): its year, or null. */
function yearOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : date.getUTCFullYear()
}

function imageOf(row: Record<string, unknown>): PictureMedia | null {
  if (row.image_id === null || row.image_id === undefined) return null
  const sizes: PictureMedia['sizes'] = {}
  for (const [size, name] of Object.entries(CARD_IMAGE_SIZES) as [PictureSize, string][]) {
    const url = textOrNull(row[`${name}_url`])
    if (url) sizes[size] = { url, width: numberOrNull(row[`${name}_width`]), height: numberOrNull(row[`${name}_height`]) }
  }
  return { url: textOrNull(row.image_url), alt: textOrNull(row.image_alt) ?? '', width: numberOrNull(row.image_width), height: numberOrNull(row.image_height), sizes }
}

/** One card from a row of CARD_COLUMNS. Prices as the product page and basket compute them (ADR 023). */
export function cardFromRow(row: Record<string, unknown>): ProductCard {
  const vatRatePercent = numberOrNull(row.vat_rate) ?? 20
  const charges = chargesFromExtraFee({ feeValue: numberOrNull(row.fee_value), label: textOrNull(row.fee_label) })
  const pricePence = headlinePricePence({ basePricePence: numberOrNull(row.price), vatRatePercent, charges })
  return {
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    sku: textOrNull(row.sku),
    pricePence,
    // A price the product was offered at, as entered: never with charges added (ADR 040), never above the
    // highest price its history records (ADR 075).
    compareAtPricePence: wasPricePence(numberOrNull(row.compare_at_price), pricePence, numberOrNull(row.highest_offered)),
    condition: row.condition === 'used' ? 'used' : 'new',
    kind: String(row.kind) as ProductKind,
    brandName: textOrNull(row.brand_name),
    stockQuantity: shownStock(numberOrNull(row.on_hand)),
    productType: row.product_type === 'variable' ? 'variable' : 'simple',
    image: imageOf(row),
    mileage: numberOrNull(row.mileage),
    registrationYear: yearOf(row.registered),
    writeOffCategory: row.condition === 'used' ? writeOffCategoryOf(row.write_off) : null,
    // SQLite gives the verdict as 0 or 1, PostgreSQL as a boolean
    eapc: row.ebike_eapc === null || row.ebike_eapc === undefined ? null : row.ebike_eapc === true || Number(row.ebike_eapc) === 1,
  }
}
