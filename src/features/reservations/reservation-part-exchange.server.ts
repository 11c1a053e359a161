// A reservation's part-exchange: the valuation the customer was given ("Value my bike") is filed with the reservation
// for staff, who inspect the bike when the customer comes in. Only a valuation the shop issued and still holds is
// filed; one unknown or expired is left out and the reservation goes ahead without it, since the bike is held and the
// deposit asked for either way.
import 'server-only'
import type { Payload } from 'payload'
import { valuationExpired } from '../../domain/part-exchange/valuation-hold'

/** What the customer sees of the part-exchange filed with their reservation. */
export interface ReservationPartExchange {
  readonly vrm: string
  readonly make: string
  readonly year: number
  readonly valuePence: number
  readonly lowPence: number
  readonly highPence: number
  readonly outstandingFinancePence: number
  readonly expiresAt: string
}

/** Files the valuation `valuationUid` with the reservation when the shop still holds it; true when it did. */
export async function fileValuationWithReservation(payload: Payload, reservationId: number, valuationUid: string, now: Date = new Date()): Promise<boolean> {
  const found = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valuationUid } }, limit: 1, depth: 0, overrideAccess: true })
  const valuation = found.docs[0]
  if (!valuation || valuationExpired(valuation.expiresAt, now)) return false
  await payload.update({ collection: 'part-exchange-valuations', id: valuation.id, data: { reservation: reservationId }, depth: 0, overrideAccess: true })
  return true
}

/** The part-exchange filed with a reservation (the latest when there are several), or null. */
export async function reservationPartExchange(payload: Payload, reservationId: number): Promise<ReservationPartExchange | null> {
  const found = await payload.find({ collection: 'part-exchange-valuations', where: { reservation: { equals: reservationId } }, sort: '-createdAt', limit: 1, depth: 0, overrideAccess: true })
  const v = found.docs[0]
  if (!v) return null
  return { vrm: v.vrm, make: v.make, year: v.year, valuePence: v.valuePence, lowPence: v.lowPence, highPence: v.highPence, outstandingFinancePence: v.outstandingFinancePence ?? 0, expiresAt: new Date(v.expiresAt).toISOString() }
}
