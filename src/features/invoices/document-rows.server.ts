// The one module whose SQL names `invoices` and `document_sequences` (ADR 049). A document's number is taken from
// its kind's counter row in the same unit of work as the document's row: a document that is not written takes no
// number, so each sequence is gap-free and its numbers unique, under concurrency and a crash, on both databases.
// - SQLite: one write batch (one transaction; the one process serialises batches, ADR 008) whose two statements
//   carry the same guard (no invoice for the order yet; no credit note for the refund key yet), so both or neither run.
// - PostgreSQL: the counter row is locked first (SELECT … FOR UPDATE), then the guard is read (a new statement
//   sees what the lock's previous holder committed), then counter and row are written; in the caller's
//   transaction when given, so the document commits or rolls back with the change that earns it.
import 'server-only'
import type { Payload } from 'payload'
import { execute, isPostgres, pgUnit, sqliteBatch, type Arg, type Stmt, type TransactionId } from '../../cms/sql.server'
import { documentNumber, DOCUMENT_PREFIX, type DocumentKind, type SalesDocument } from '../../domain/invoices/sales-document'
import { crashPoint } from '../../lib/crash-point'

export interface StoredDocument {
  readonly id: number
  readonly kind: DocumentKind
  readonly number: string
  readonly orderId: number
  readonly invoiceId: number | null
  readonly refundKey: string | null
  readonly document: SalesDocument
}

export interface NewDocument {
  readonly kind: DocumentKind
  readonly orderId: number
  /** The invoice a credit note refers to. */
  readonly invoiceId?: number | null
  /** A credit note's refund: one credit note per key, however often it is asked for. */
  readonly refundKey?: string | null
  readonly issuedAt: Date
  /** The document without its number, which is only known inside the unit of work. */
  readonly document: Omit<SalesDocument, 'number'>
}

const COLUMNS = 'id, kind, number, order_id, invoice_id, refund_key, document'

function rowOf(row: Record<string, unknown>): StoredDocument {
  const raw = typeof row.document === 'string' ? JSON.parse(row.document) : row.document
  return {
    id: Number(row.id),
    kind: row.kind as DocumentKind,
    number: String(row.number),
    orderId: Number(row.order_id),
    invoiceId: row.invoice_id == null ? null : Number(row.invoice_id),
    refundKey: row.refund_key == null ? null : String(row.refund_key),
    document: { ...(raw as SalesDocument), number: String(row.number) },
  }
}

/** The guard: the document this one would repeat (the order's invoice, the refund's credit note). */
function existing(doc: Pick<NewDocument, 'kind' | 'orderId' | 'refundKey'>): { sql: string; args: Arg[] } | null {
  if (doc.kind === 'invoice') return { sql: "SELECT 1 FROM invoices WHERE order_id = ? AND kind = 'invoice'", args: [doc.orderId] }
  return doc.refundKey ? { sql: 'SELECT 1 FROM invoices WHERE refund_key = ?', args: [doc.refundKey] } : null
}

function findExisting(payload: Payload, tx: TransactionId, doc: Pick<NewDocument, 'kind' | 'orderId' | 'refundKey'>): Promise<StoredDocument | null> {
  const where = doc.kind === 'invoice' ? { sql: "order_id = ? AND kind = 'invoice'", args: [doc.orderId] } : { sql: 'refund_key = ?', args: [doc.refundKey ?? ''] }
  return execute(payload, tx, { sql: `SELECT ${COLUMNS} FROM invoices WHERE ${where.sql}`, args: where.args }).then((r) => (r.rows[0] ? rowOf(r.rows[0]) : null))
}

const insertColumns = 'number, kind, order_id, invoice_id, refund_key, issued_at, total_pence, vat_pence, document, created_at, updated_at'
const valuesOf = (doc: NewDocument): Arg[] => [doc.kind, doc.orderId, doc.invoiceId ?? null, doc.refundKey ?? null, doc.issuedAt.toISOString(), doc.document.grossPence, doc.document.vatPence, JSON.stringify(doc.document), doc.issuedAt.toISOString(), doc.issuedAt.toISOString()]

/**
 * Writes the document with the next number of its sequence, once: answers it, or the one already written for the
 * same order (an invoice) or refund key (a credit note), with `created` saying which.
 */
export async function writeDocument(payload: Payload, tx: TransactionId, doc: NewDocument): Promise<{ created: boolean; stored: StoredDocument }> {
  const guard = existing(doc)
  if (isPostgres(payload)) {
    const made = await pgUnit(payload, tx, async (exec) => {
      const [counter] = (await exec({ sql: 'SELECT last_number FROM document_sequences WHERE name = ? FOR UPDATE', args: [doc.kind] })).rows
      if (!counter) throw new Error(`no document sequence named ${doc.kind}`)
      if (guard && (await exec(guard)).rows.length) return null
      const next = Number(counter.last_number) + 1
      await exec({ sql: 'UPDATE document_sequences SET last_number = ? WHERE name = ?', args: [next, doc.kind] })
      crashPoint('document-number-taken')
      const [row] = (await exec({ sql: `INSERT INTO invoices (${insertColumns}) VALUES (?, ?, ?, ?, ?, CAST(? AS timestamptz), ?, ?, CAST(? AS jsonb), CAST(? AS timestamptz), CAST(? AS timestamptz)) RETURNING ${COLUMNS}`, args: [documentNumber(doc.kind, next), ...valuesOf(doc)] })).rows
      return row ? rowOf(row) : null
    })
    if (made) return { created: true, stored: made }
  } else {
    const notYet = guard ? `NOT EXISTS (${guard.sql})` : '1 = 1'
    const guardArgs = guard?.args ?? []
    const stmts: Stmt[] = [
      { sql: `UPDATE document_sequences SET last_number = last_number + 1 WHERE name = ? AND ${notYet}`, args: [doc.kind, ...guardArgs] },
      { sql: `INSERT INTO invoices (${insertColumns}) SELECT printf('%s-%06d', ?, last_number), ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM document_sequences WHERE name = ? AND ${notYet} RETURNING ${COLUMNS}`, args: [DOCUMENT_PREFIX[doc.kind], ...valuesOf(doc), doc.kind, ...guardArgs] },
    ]
    const [, inserted] = await sqliteBatch(payload, stmts)
    const row = inserted?.rows[0]
    if (row) return { created: true, stored: rowOf(row) }
  }
  const found = await findExisting(payload, tx, doc)
  if (!found) throw new Error(`the ${doc.kind} for order ${doc.orderId} was neither written nor found`)
  return { created: false, stored: found }
}

/** The documents of an order, invoice first, then its credit notes in number order. */
export async function documentsOfOrder(payload: Payload, orderId: number, tx: TransactionId = null): Promise<StoredDocument[]> {
  const { rows } = await execute(payload, tx, { sql: `SELECT ${COLUMNS} FROM invoices WHERE order_id = ? ORDER BY CASE WHEN kind = 'invoice' THEN 0 ELSE 1 END, id`, args: [orderId] })
  return rows.map(rowOf)
}

/** One document by its number (null when there is none). */
export async function documentByNumber(payload: Payload, number: string): Promise<StoredDocument | null> {
  const { rows } = await execute(payload, null, { sql: `SELECT ${COLUMNS} FROM invoices WHERE number = ?`, args: [number] })
  return rows[0] ? rowOf(rows[0]) : null
}

/** How far each sequence has counted (tests and the staff screen). */
export async function sequenceAt(payload: Payload, kind: DocumentKind): Promise<number> {
  const { rows } = await execute(payload, null, { sql: 'SELECT last_number FROM document_sequences WHERE name = ?', args: [kind] })
  return Number(rows[0]?.last_number ?? 0)
}
