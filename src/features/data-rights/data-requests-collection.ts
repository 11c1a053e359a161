// Every request a customer makes about their own data (a copy, or erasure), whether from their account or written
// in to staff: who it was about, who made it and how, when, and what came of it. Staff read and record them; nobody
// edits or deletes one (erasure reduces its subject to an account number, erasure-policy.ts).
// No 'server-only' here: the Payload config loads this outside Next; the server code is loaded on first use.
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionConfig, Endpoint } from 'payload'
import { nobody } from '../../cms/access/nobody'
import { isStaffUser } from '../../cms/access/roles'
import { staffOnly } from '../../cms/access/staff-only'
import { DATA_REQUEST_CHANNELS, DATA_REQUEST_KINDS, DATA_REQUEST_STATUS_LABELS, DATA_REQUEST_STATUSES } from '../../domain/data-rights/data-request-lifecycle'
import { ERASE_CUSTOMER_DATA } from '../jobs/task-names'
import { SHOP_WRITES_REQUEST } from './shop-writes-request'

/** A request staff record: the subject's account number and address are copied from the chosen account, the staff member and time stamped. */
const stampNewRequest: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || req.context[SHOP_WRITES_REQUEST]) return data
  const customerId = Number(typeof data.customer === 'object' && data.customer ? data.customer.id : data.customer)
  const subject = Number.isInteger(customerId) ? await req.payload.findByID({ collection: 'users', id: customerId, depth: 0, overrideAccess: true, disableErrors: true, req }) : null
  if (!subject) throw new Error('Choose the customer account the request is about.')
  if (subject.role !== 'customer') throw new Error('Only customer accounts are handled here: staff accounts are changed by an admin.')
  return { ...data, accountNumber: subject.id, subjectEmail: subject.email, requestedBy: req.user ? Number(req.user.id) : null, status: 'received', requestedAt: new Date().toISOString(), outcome: null }
}

/** An erasure is queued in the same transaction as its request, so neither exists without the other. */
const queueErasure: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || doc.kind !== 'erasure') return doc
  await req.payload.jobs.queue({ task: ERASE_CUSTOMER_DATA as never, input: { requestId: Number(doc.id) } as never, req, overrideAccess: true })
  return doc
}

/** Staff download the customer's data for a request made by letter, email or phone: GET /api/data-requests/:id/export (?format=html for the readable page). */
const staffExport: Endpoint = {
  path: '/:id/export',
  method: 'get',
  handler: async (req) => {
    if (!req.user || !isStaffUser(req.user)) return Response.json({ error: 'Only staff can download a customer\u2019s data here.' }, { status: 403 })
    const { staffExportResponse } = await import('./staff-export.server')
    const format = new URL(req.url ?? '', 'http://shop.invalid').searchParams.get('format') === 'html' ? 'html' : 'json'
    return staffExportResponse(req.payload, String(req.routeParams?.id ?? ''), req.user, format)
  },
}

export const DataRequests: CollectionConfig = {
  slug: 'data-requests',
  labels: { singular: 'Data request', plural: 'Data requests' },
  admin: {
    group: 'Customers',
    useAsTitle: 'subjectEmail',
    defaultColumns: ['kind', 'accountNumber', 'subjectEmail', 'status', 'channel', 'requestedAt', 'completedAt'],
    description:
      'A customer\u2019s request for a copy of their data, or for its erasure (UK GDPR: answer within a month). Record one for a customer who writes in: an erasure then runs in the background; for a copy, open the saved request and download it from /api/data-requests/<id>/export.',
  },
  access: { read: staffOnly, create: staffOnly, update: nobody, delete: nobody },
  hooks: { beforeChange: [stampNewRequest], afterChange: [queueErasure] },
  endpoints: [staffExport],
  fields: [
    { name: 'kind', type: 'select', required: true, options: DATA_REQUEST_KINDS.map((k) => ({ label: k === 'export' ? 'A copy of their data' : 'Erasure', value: k })) },
    { name: 'customer', type: 'relationship', relationTo: 'users', index: true, admin: { description: 'The customer account the request is about.' } },
    { name: 'channel', type: 'select', required: true, defaultValue: 'email', options: DATA_REQUEST_CHANNELS.map((c) => ({ label: c, value: c })) },
    { name: 'identityCheck', type: 'textarea', maxLength: 500, admin: { description: 'How you made sure the request comes from the account\u2019s owner (for example: replied from the account\u2019s address, or an order number and postcode).' } },
    { name: 'accountNumber', type: 'number', index: true, admin: { readOnly: true, description: 'The account\u2019s number; kept after erasure, when the account is gone.' } },
    { name: 'subjectEmail', type: 'text', maxLength: 254, admin: { readOnly: true } },
    { name: 'requestedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true, description: 'The staff member who recorded it; empty when the customer asked from their account.' } },
    { name: 'status', type: 'select', required: true, defaultValue: 'received', index: true, options: DATA_REQUEST_STATUSES.map((s) => ({ label: DATA_REQUEST_STATUS_LABELS[s], value: s })), admin: { readOnly: true } },
    { name: 'requestedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'completedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'outcome', type: 'textarea', maxLength: 4000, admin: { readOnly: true } },
  ],
}
