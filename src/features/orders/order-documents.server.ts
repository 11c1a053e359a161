// Who may download an order's invoice and credit notes (ADR 049): staff; the signed-in customer whose order it is;
// the browser that placed it (its order cookie); a guest who found it by number and email (a signed link valid
// for an hour). Anyone else gets the same "not found" as for a number that does not exist.
import 'server-only'
import type { Payload } from 'payload'
import { linkedId, signLink } from '../../cms/auth/signed-links'
import { isStaffUser } from '../../cms/access/roles'
import { documentByNumber, documentsOfOrder, type StoredDocument } from '../invoices/document-rows.server'
import { orderForVisitor } from './order-access.server'

const DOCUMENT_NUMBER = /^(INV|CN)-\d{6,9}$/

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
export function documentsAccessToken(orderId: number, now: Date = new Date()): Promise<string> {
  return signLink('order-documents', orderId, { now })
}

async function tokenGrants(token: string | null | undefined, orderId: number, now: Date): Promise<boolean> {
  if (!token) return false
  return (await linkedId('order-documents', token, { now })) === orderId
}

/** The document `number` if this visitor may download it, else null (never a hint whether it exists). */
export async function documentForVisitor(payload: Payload, number: string, visitor: DocumentVisitor): Promise<StoredDocument | null> {
  if (!isDocumentNumber(number)) return null
  const doc = await documentByNumber(payload, number)
  if (!doc) return null
  if (isStaffUser(visitor.user as never)) return doc
  if (await tokenGrants(visitor.access, doc.orderId, visitor.now ?? new Date())) return doc
  const order = await payload.findByID({ collection: 'orders', id: doc.orderId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!order) return null
  const userId = visitor.user && visitor.user.collection === 'users' ? Number(visitor.user.id) : null
  return (await orderForVisitor(payload, order.orderNumber, { cookieValue: visitor.cookieValue, userId })) ? doc : null
}

/**
 * An order's documents as its page lists them, each with its download link: a signed-in customer's own session
 * opens it; a guest lookup's link carries a signed access for an hour (`guest`).
 */
export async function orderDocumentLinks(payload: Payload, orderId: number, options: { readonly guest?: boolean; readonly now?: Date } = {}): Promise<{ number: string; label: string; href: string }[]> {
  const query = options.guest ? `?access=${await documentsAccessToken(orderId, options.now)}` : ''
  return (await documentsOfOrder(payload, orderId)).map((d) => ({ number: d.number, label: d.kind === 'invoice' ? 'Invoice' : 'Credit note', href: `/api/documents/${d.number}${query}` }))
}

/**
 * The answer to a download of the document named by the URL's last path segment: the PDF (private, never cached), or 404 with the same words whether the document does
 * not exist or is someone else's.
 */
export async function documentDownload(payload: Payload, pathSegment: string, visitor: DocumentVisitor): Promise<Response> {
  const headers = { 'Cache-Control': 'private, no-store' }
  let number = ''
  try {
    number = decodeURIComponent(pathSegment.slice(0, 120)).toUpperCase()
  } catch {
    // A malformed escape (%E0%A4%A) is not a number: refused below like any other.
  }
  if (!isDocumentNumber(number)) return Response.json({ error: 'invalid_request', message: 'That is not an invoice or credit note number (INV-000123 or CN-000123).' }, { status: 400, headers })
  if (visitor.access != null && (visitor.access.length > 1024 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(visitor.access))) return Response.json({ error: 'invalid_request', message: 'The download link is not valid. Look the order up again for a new one.' }, { status: 400, headers })
  const doc = await documentForVisitor(payload, number, visitor)
  if (!doc) return Response.json({ error: 'not_found', message: 'No invoice or credit note with that number is available to you.' }, { status: 404, headers })
  const { documentPdf } = await import('../invoices/document-pdf.server')
  const bytes = await documentPdf(doc.document)
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${doc.number}.pdf"`, 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
