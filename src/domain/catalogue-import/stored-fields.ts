// The stock feed's plain columns as the products table stores them, and how a stored value compares with a feed's:
// the importer plans a row's changes by these, and the export writes the stored values back out in the feed's terms.
import { compactVrm, SPEC_COLUMNS, type FeedValue } from '../catalogue/import/feed-rows'
import { formatPounds } from '../catalogue/import/money'
import { richTextFromText, textFromRichText } from '../catalogue/import/rich-text'

/** A value as a column holds it. */
export type ColumnValue = string | number | null

/**
 * A stored products or variants row by column name, as the importer reads it. Its shelf count and headline price come
 * as `onHand` and `listPrice` (ROW_ON_HAND, ROW_LIST_PRICE): the catalogue rows module alone spells their columns.
 */
export type StoredRow = Readonly<Record<string, unknown>>

/** The keys a stored row and a planned row give the shelf count and the headline price. */
export const ROW_ON_HAND = 'onHand'
export const ROW_LIST_PRICE = 'listPrice'

export type FieldType = 'text' | 'number' | 'date' | 'rich'

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Feed column → products column, for the plain values (text, whole numbers, a date, rich text). */
export const PRODUCT_FIELDS: Record<string, { column: string; type: FieldType }> = {
  name: { column: 'name', type: 'text' },
  condition: { column: 'condition', type: 'text' },
  status: { column: 'status', type: 'text' },
  compare_at_price: { column: 'compare_at_price', type: 'number' },
  vat_rate: { column: 'vat_rate', type: 'number' },
  short_description: { column: 'short_description', type: 'text' },
  description: { column: 'description', type: 'rich' },
  vrm: { column: 'vehicle_vrm', type: 'text' },
  cap_code: { column: 'vehicle_cap_code', type: 'text' },
  first_registered: { column: 'vehicle_registration_date', type: 'date' },
  mileage: { column: 'vehicle_mileage', type: 'number' },
  keepers: { column: 'vehicle_keepers', type: 'number' },
  engine_cc: { column: 'attributes_engine_cc', type: 'number' },
  licence: { column: 'attributes_licence_category', type: 'text' },
  model_year: { column: 'attributes_model_year', type: 'number' },
  ...Object.fromEntries(SPEC_COLUMNS.map((key) => [key, { column: `spec_sheet_${snake(key)}`, type: 'text' as const }])),
  // Staff only (field access on the products collection): the margin scheme's stock book (ADR 049).
  purchase_price: { column: 'purchase_price_pence', type: 'number' },
  purchase_date: { column: 'purchase_date', type: 'date' },
  purchase_seller: { column: 'purchase_seller', type: 'text' },
  motor_power_w: { column: 'ebike_motor_power_w', type: 'number' },
  assisted_speed_mph: { column: 'ebike_assisted_speed_mph', type: 'number' },
  has_pedals: { column: 'ebike_has_pedals', type: 'number' },
}

export const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v))
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))

/** A date as the day it is (the feed's YYYY-MM-DD), however the database hands it back. */
function day(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  const d = v instanceof Date ? v : new Date(String(v))
  return Number.isNaN(d.getTime()) ? String(v).slice(0, 10) : d.toISOString().slice(0, 10)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The stored value of a field, compared in the feed's terms. */
export function stored(row: StoredRow, field: { column: string; type: FieldType }): FeedValue {
  const v = row[field.column]
  if (field.type === 'number') return num(v)
  if (field.type === 'date') return day(v)
  if (field.type === 'rich') return textFromRichText(typeof v === 'string' ? safeJson(v) : v)
  return str(v)
}

/** The value written for a field (Payload stores a date as an ISO timestamp, rich text as Lexical JSON). */
export function toColumn(type: FieldType, value: FeedValue): ColumnValue {
  if (value === null || value === undefined) return null
  if (type === 'date') return `${String(value)}T00:00:00.000Z`
  if (type === 'rich') return JSON.stringify(richTextFromText(String(value)))
  return value as ColumnValue
}

/** Whether a feed value and a stored one are the same (a registration however it is spaced). */
export function same(field: string, a: FeedValue, b: FeedValue): boolean {
  if (field === 'vrm') return (a === null ? null : compactVrm(String(a))) === (b === null ? null : compactVrm(String(b)))
  return a === b
}

/** The pictures as the feed lists them: the main picture first, then the rest of the gallery. */
export function pictureList(featured: number | null, gallery: readonly number[]): number[] {
  const list = featured != null ? [featured] : []
  for (const id of gallery) if (!list.includes(id)) list.push(id)
  return list
}

/** Pence as the feed and the audit rows write them (6499.00), or null. */
export const money = (v: number | null) => (v == null ? null : formatPounds(v))
