// A customer's step joins its deal just after the step commits (join-deal.server.ts). A process that died in between
// left a step without a deal: the background pass opens the deals of recent steps that have none, so no deal is lost.
import 'server-only'
import type { Payload } from 'payload'
import { dealKey } from '../../domain/deals/deal-stages'
import { dealIdByKey, joinDeal, type DealStepInput } from './deal-rows.server'

const idOf = (v: unknown): number | null => (v == null ? null : typeof v === 'object' ? Number((v as { id: unknown }).id) : Number(v))

/** Steps made between `since` and a minute before `now` (a step still joining its deal is left to finish). */
export async function openMissingDeals(payload: Payload, now: Date, since: Date): Promise<number> {
  const window = { createdAt: { greater_than: since.toISOString(), less_than: new Date(now.getTime() - 60_000).toISOString() } }
  const [reservations, rides, applications] = await Promise.all([
    payload.find({ collection: 'reservations', where: window, limit: 200, depth: 0, overrideAccess: true, select: { reservationNumber: true, product: true, variant: true, productName: true, firstName: true, lastName: true, email: true, phone: true, customer: true, createdAt: true } }),
    payload.find({ collection: 'bookings', where: { and: [window, { kind: { equals: 'test_ride' } }] }, limit: 200, depth: 0, overrideAccess: true, select: { reference: true, testRide: true, firstName: true, lastName: true, email: true, phone: true, customer: true, createdAt: true } }),
    payload.find({ collection: 'orders', where: { and: [window, { kind: { equals: 'finance' } }] }, limit: 200, depth: 0, overrideAccess: true, select: { orderNumber: true, lines: true, firstName: true, lastName: true, email: true, phone: true, customer: true, createdAt: true } }),
  ])
  const steps: DealStepInput[] = []
  for (const r of reservations.docs) steps.push({ step: 'reservation', reference: r.reservationNumber, firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone, customerId: idOf(r.customer), productId: idOf(r.product)!, variantId: idOf(r.variant), productName: r.productName, now: new Date(r.createdAt) })
  for (const b of rides.docs) {
    const productId = idOf(b.testRide?.product)
    if (productId && b.email) steps.push({ step: 'test_ride', reference: b.reference ?? `booking ${b.id}`, firstName: b.firstName ?? '', lastName: b.lastName ?? '', email: b.email, phone: b.phone, customerId: idOf(b.customer), productId, productName: b.testRide?.bikeName ?? 'Bike', now: new Date(b.createdAt) })
  }
  for (const o of applications.docs) {
    const bike = o.lines?.[0]
    const productId = idOf(bike?.product)
    if (productId) steps.push({ step: 'finance_application', reference: o.orderNumber, firstName: o.firstName, lastName: o.lastName, email: o.email, phone: o.phone, customerId: idOf(o.customer), productId, variantId: idOf(bike?.variant), productName: bike?.name ?? 'Bike', now: new Date(o.createdAt) })
  }
  let opened = 0
  for (const step of steps) {
    if ((await dealIdByKey(payload, dealKey(step.email, step.productId))) !== null) continue
    await joinDeal(payload, step)
    opened += 1
  }
  return opened
}
