// Who may download an order's invoice and credit notes (ADR 049): staff; the signed-in customer whose order it is;
// the browser that placed it (its order cookie); a guest who found it by number and email (a signed link valid
// for an hour). Anyone else gets the same "not found" as for a number that does not exist.
import 'server-only'
import type { Payload } from 'payload'
import { readToken, signToken } from '../../cms/auth/signed-tokens'
import { isStaffUser } from '../../cms/access/roles'
import { documentByNumber, documentsOfOrder, type StoredDocument } from '../invoices/document-rows.server'
import { orderForVisitor } from './order-access.server'

const DOCUMENT_NUMBER = /^(INV|CN)-\d{6,9}$/
const LINK_SECONDS = 60 * 60

export interface DocumentVisitor {
  readonly user?: { readonly id: number | string; readonly collection?: string; readonly role?: unknown } | null
  readonly cookieValue?: string
  /** A guest lookup's signed link (`?access=`). */
  readonly access?: string | null
  readonly now?: Date
}

export function isDocumentNumber(value: unknown): value is string {
  return typeof value === 'string' && DOCUMENT_NUMBER.test(value)
}

/** The signed link a guest lookup gives for its order's documents (valid for an hour). */
export function documentsAccessToken(orderId: number, now: Date = new Date()): string {
  return signToken('order-documents', { order: orderId, exp: Math.floor(now.getTime() / 1000) + LINK_SECONDS })
}

function tokenGrants(token: string | null | undefined, orderId: number, now: Date): boolean {
  if (!token) return false
  const claims = readToken('order-documents', token)
  return Boolean(claims && claims.order === orderId && typeof claims.exp === 'number' && claims.exp * 1000 > now.getTime())
}

/** The document `number` if this visitor may download it, else null (never a hint whether it exists). */
export async function documentForVisitor(payload: Payload, number: string, visitor: DocumentVisitor): Promise<StoredDocument | null> {
  if (!isDocumentNumber(number)) return null
  const doc = await documentByNumber(payload, number)
  if (!doc) return null
  if (isStaffUser(visitor.user as never)) return doc
  if (tokenGrants(visitor.access, doc.orderId, visitor.now ?? new Date())) return doc
  const order = await payload.findByID({ collection: 'orders', id: doc.orderId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!order) return null
  const userId = visitor.user && visitor.user.collection === 'users' ? Number(visitor.user.id) : null
  return (await orderForVisitor(payload, order.orderNumber, { cookieValue: visitor.cookieValue, userId })) ? doc : null
}

/** An order's documents as its page lists them: number, kind and amount. */
export async function orderDocumentList(payload: Payload, orderId: number): Promise<{ number: string; kind: StoredDocument['kind']; grossPence: number }[]> {
  return (await documentsOfOrder(payload, orderId)).map((d) => ({ number: d.number, kind: d.kind, grossPence: d.document.grossPence }))
}

/**
 * The answer to a download: the PDF (private, never cached), or 404 with the same words whether the document does
 * not exist or is someone else's.
 */
export async function documentDownload(payload: Payload, number: string, visitor: DocumentVisitor): Promise<Response> {
  const doc = await documentForVisitor(payload, number.toUpperCase(), visitor)
  if (!doc) return Response.json({ error: 'not_found', message: 'No invoice or credit note with that number is available to you.' }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  const { documentPdf } = await import('../invoices/document-pdf.server')
  const bytes = await documentPdf(doc.document)
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${doc.number}.pdf"`, 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
