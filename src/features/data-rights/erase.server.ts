// The erasure job: each collection's records of the customer dealt with as the erasure policy declares (deleted,
// anonymised, or kept because they hold no one), then the account deleted, last, so a run killed half-way finds
// everything again from the account and finishes it. Running it twice changes nothing the second time.
import 'server-only'
import type { CollectionSlug, Payload } from 'payload'
import { erasurePatch } from '../../domain/data-rights/anonymise'
import { canMoveDataRequest, type DataRequestStatus } from '../../domain/data-rights/data-request-lifecycle'
import { ERASURE_POLICY } from '../../domain/data-rights/erasure-policy'
import { openBusiness } from '../../domain/data-rights/open-business'
import { cancelReservation } from '../reservations/reservation-lifecycle.server'
import { ACCOUNT_COLLECTION, customerRecords, subjectOf, type Subject } from './customer-records.server'
import { writeRowDirectly } from '../../cms/database-internals'

async function settle(payload: Payload, requestId: number, status: DataRequestStatus, outcome: string): Promise<void> {
  const request = await payload.findByID({ collection: 'data-requests', id: requestId, depth: 0, overrideAccess: true })
  if (!canMoveDataRequest(request.status as DataRequestStatus, status)) return
  const done = status === 'completed' || status === 'refused'
  await writeRowDirectly(payload, 'data-requests', requestId, { status, outcome, ...(done ? { completedAt: new Date().toISOString() } : {}) })
}

/** What stands in the way of erasing this customer now, as sentences; empty when it may go ahead. */
export async function erasureBlockers(payload: Payload, subject: Subject): Promise<string[]> {
  const find = (collection: 'orders' | 'bookings') => payload.find({ collection, where: { customer: { equals: subject.id } }, depth: 0, pagination: false, overrideAccess: true })
  const [orders, bookings] = await Promise.all([find('orders'), find('bookings')])
  return openBusiness({ orders: orders.docs as never, bookings: bookings.docs as never })
}

/** Unpaid and active reservations are cancelled: an unpaid one's payment is closed, an active one's deposit refunded and its bike put back. */
async function endReservations(payload: Payload, customerId: number): Promise<string[]> {
  const open = await payload.find({ collection: 'reservations', where: { and: [{ customer: { equals: customerId } }, { status: { in: ['awaiting_payment', 'active'] } }] }, depth: 0, pagination: false, overrideAccess: true })
  const notes: string[] = []
  for (const r of open.docs) {
    const result = await cancelReservation(payload, Number(r.id))
    // A payment still being processed: the job fails this try and the runner tries again later.
    if (!result.ok) throw new Error(`reservation ${r.reservationNumber}: ${result.message}`)
    notes.push(`reservation ${r.reservationNumber} cancelled${result.refunded ? ', deposit refunded' : ''}`)
  }
  return notes
}

const paidFor = (doc: Record<string, unknown>) => Boolean((doc.payment as { paidAt?: unknown } | undefined)?.paidAt)

/** Runs (or finishes) the erasure a data request asks for. Answers the outcome recorded. */
export async function runErasure(payload: Payload, requestId: number): Promise<string> {
  const request = await payload.findByID({ collection: 'data-requests', id: requestId, depth: 0, overrideAccess: true })
  if (request.kind !== 'erasure') throw new Error(`data request ${requestId} is not an erasure`)
  if (request.status === 'completed' || request.status === 'refused') return request.outcome ?? request.status
  const subject = request.accountNumber == null ? null : await subjectOf(payload, Number(request.accountNumber))
  if (!subject) {
    // A run that deleted the account and died before recording it: the account goes last, so all else was done.
    const outcome = 'Erased (the account was already deleted).'
    await settle(payload, requestId, 'completed', outcome)
    return outcome
  }
  if (subject.role !== 'customer') {
    await settle(payload, requestId, 'refused', 'Refused: staff accounts are not erased this way; an admin removes them.')
    return 'refused'
  }
  const blockers = await erasureBlockers(payload, subject)
  if (blockers.length > 0) {
    const outcome = `Refused for now: ${blockers.join(' ')}`
    await settle(payload, requestId, 'refused', outcome)
    return outcome
  }
  await settle(payload, requestId, 'running', 'Erasing.')
  const notes = await endReservations(payload, subject.id)
  const records = await customerRecords(payload, subject, { full: true })
  const counts: string[] = []
  for (const [slug, docs] of records) {
    const policy = ERASURE_POLICY[slug]
    if (!policy) throw new Error(`no erasure policy for the collection ${slug}: add one to domain/data-rights/erasure-policy.ts`)
    if (slug === ACCOUNT_COLLECTION || docs.length === 0) continue
    if (policy.action === 'delete') {
      await payload.delete({ collection: slug as CollectionSlug, where: { id: { in: docs.map((d) => d.id as number) } }, overrideAccess: true })
      counts.push(`${slug}: ${docs.length} deleted`)
    } else if (policy.action === 'anonymise') {
      for (const doc of docs) {
        const patch = erasurePatch(doc, policy, subject, paidFor(doc))
        if (Object.keys(patch).length === 0) continue
        // Straight to the database: the record's own hooks guard what people may change, and this is not a change of
        // its business state. The adapter writes the row whole, so it is given the whole record with the patch on it.
        await writeRowDirectly(payload, slug as CollectionSlug, doc.id as number, { ...doc, ...patch })
      }
      counts.push(`${slug}: ${docs.length} anonymised`)
    } else if (policy.action === 'keep') counts.push(`${slug}: ${docs.length} kept (no personal data)`)
  }
  // Another run of the same request may have got here first: the account is then already gone, which is the aim.
  await payload.delete({ collection: ACCOUNT_COLLECTION, where: { id: { equals: subject.id } }, overrideAccess: true })
  const outcome = `Erased. ${[...notes, ...counts, 'account deleted'].join('; ')}.`
  await settle(payload, requestId, 'completed', outcome)
  return outcome
}
