// The stock importer's statements on the products and variants tables and their gallery relations, built from the
// planner's plan (domain/catalogue-import): this feature is the one whose SQL writes those tables. The plan names
// the shelf count and the headline price ROW_ON_HAND and ROW_LIST_PRICE; their columns are spelt in catalogue-rows.ts.
import type { Arg, Stmt } from '../../cms/sql.server'
import type { CatalogueTable, Columns, GalleryPlan, ProductInsert, RowKey, RowUpdate, VariantInsert } from '../../domain/catalogue-import/batch-plan'
import { ROW_LIST_PRICE, ROW_ON_HAND } from '../../domain/catalogue-import/stored-fields'
import { LIST_PRICE, ON_HAND } from './catalogue-rows'

/** A value computed by SQL of its own. */
export type SqlPart = { sql: string; args: Arg[] }

/** A row by id, or by the SKU of a row the same unit of work inserts. */
export const rowRef = (table: CatalogueTable, key: RowKey): SqlPart => ('id' in key ? { sql: '?', args: [key.id] } : { sql: `(SELECT id FROM ${table} WHERE sku = ?)`, args: [key.sku] })

/** One row's INSERT; neighbouring ones into the same columns merge into one (the importer's mergeInserts). */
export function insertStmt(table: string, values: Record<string, Arg | SqlPart>): Stmt {
  const cols = Object.keys(values)
  const parts: string[] = []
  const args: Arg[] = []
  for (const c of cols) {
    const v = values[c]
    if (v !== null && typeof v === 'object') {
      parts.push(v.sql)
      args.push(...v.args)
    } else {
      parts.push('?')
      args.push(v as Arg)
    }
  }
  return { sql: `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${parts.join(', ')})`, args }
}

function updateStmt(table: CatalogueTable, id: number, values: Record<string, Arg>): Stmt {
  const cols = Object.keys(values)
  return { sql: `UPDATE ${table} SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE id = ?`, args: [...cols.map((c) => values[c]!), id] }
}

const COLUMN_OF: Record<string, string> = { [ROW_ON_HAND]: ON_HAND, [ROW_LIST_PRICE]: LIST_PRICE }

/** The plan's columns by their names in the table. */
const columnsOf = (values: Columns): Record<string, Arg> => Object.fromEntries(Object.entries(values).map(([k, v]) => [COLUMN_OF[k] ?? k, v]))

export const productInsertStmt = (p: ProductInsert, now: string): Stmt => insertStmt('products', { ...columnsOf(p.columns), created_at: now, updated_at: now })

export const variantInsertStmt = (v: VariantInsert, now: string): Stmt => insertStmt('variants', { product_id: rowRef('products', v.product), ...columnsOf(v.columns), created_at: now, updated_at: now })

export const rowUpdateStmt = (u: RowUpdate, now: string): Stmt => updateStmt(u.table, u.id, { ...columnsOf(u.set), updated_at: now })

/** A row's gallery: its relation rows in order, after removing the ones it had when `replace`. */
export function galleryStmts(g: GalleryPlan): Stmt[] {
  const parent = rowRef(g.table, g.owner)
  const stmts: Stmt[] = []
  if (g.replace) stmts.push({ sql: `DELETE FROM ${g.table}_rels WHERE path = ? AND parent_id = ${parent.sql}`, args: [g.path, ...parent.args] })
  g.media.forEach((id, i) => stmts.push(insertStmt(`${g.table}_rels`, { order: i + 1, parent_id: parent, path: g.path, media_id: id })))
  return stmts
}
