// Answering a data request: a copy of the customer's data now, or an erasure request recorded with its job. Each
// request is recorded in data-requests, whoever made it (the customer from their account, or staff for a customer
// who wrote in).
import 'server-only'
import type { Payload, PayloadRequest } from 'payload'
import { exportDocument, type ExportDocument } from '../../domain/data-rights/export-document'
import type { DataRequestChannel, DataRequestKind, DataRequestStatus } from '../../domain/data-rights/data-request-lifecycle'
import { customerRecords, subjectOf } from './customer-records.server'
import { SHOP_WRITES_REQUEST } from './shop-writes-request'

export interface NewRequest {
  readonly kind: DataRequestKind
  readonly customerId: number
  readonly email: string
  readonly channel: DataRequestChannel
  readonly status: DataRequestStatus
  readonly requestedBy?: number | null
  readonly outcome?: string
}

/** Records a request the shop makes itself (the hooks that stamp a staff-recorded one stand aside). */
export async function recordRequest(payload: Payload, request: NewRequest, now = new Date(), req?: Partial<PayloadRequest>): Promise<number> {
  const done = request.status === 'completed' || request.status === 'refused'
  const doc = await payload.create({
    collection: 'data-requests',
    data: { kind: request.kind, customer: request.customerId, accountNumber: request.customerId, subjectEmail: request.email, channel: request.channel, status: request.status, requestedBy: request.requestedBy ?? null, requestedAt: now.toISOString(), completedAt: done ? now.toISOString() : null, outcome: request.outcome ?? null },
    overrideAccess: true,
    context: { [SHOP_WRITES_REQUEST]: true },
    req,
  })
  return Number(doc.id)
}

/** The copy of a customer account's data, or null when there is no such customer account. */
export async function customerExport(payload: Payload, customerId: number, now = new Date()): Promise<ExportDocument | null> {
  const subject = await subjectOf(payload, customerId)
  if (!subject || subject.role !== 'customer') return null
  return exportDocument(subject, await customerRecords(payload, subject), now)
}

export function exportSummaryLine(doc: ExportDocument): string {
  return `Copy made: ${Object.entries(doc.collections).map(([slug, records]) => `${slug} ${records.length}`).join(', ')}.`
}

/** A copy as a download: JSON, or the readable page. */
export function exportResponse(doc: ExportDocument, format: 'json' | 'html', html: (doc: ExportDocument) => string): Response {
  const day = doc.generatedAt.slice(0, 10)
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }
  if (format === 'html') return new Response(html(doc), { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } })
  return new Response(JSON.stringify(doc, null, 2), { headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="wheelhouse-data-${doc.subject.accountId}-${day}.json"` } })
}
