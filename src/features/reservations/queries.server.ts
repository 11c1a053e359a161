// Server reads for the reservation pages: the reservation a visitor may see (their cookie's signed token,
// the emailed link, or their account) and the dealer's details the pages show.
import 'server-only'
import { cookies, headers } from 'next/headers'
import { payloadClient } from '../../cms/payload-client.server'
import { signedInAccount } from '../../cms/auth/session.server'
import { isReservationNumber } from '../../domain/reservations/reservation-rules'
import type { Reservation } from '../../payload-types'
import { RESERVATION_COOKIE } from './reservation-email.server'
import { reservationIdFromToken } from './reservation-token'
import { reservationPartExchange, type ReservationPartExchange } from './reservation-part-exchange.server'

export interface DealerInfo {
  readonly name: string
  readonly phone: string | null
  readonly email: string | null
  readonly address: string | null
  readonly whatToBring: string | null
  readonly openingHours: readonly string[]
}

export async function dealerInfo(): Promise<DealerInfo> {
  const payload = await payloadClient()
  const s = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  return {
    name: s.dealerName,
    phone: s.phone ?? null,
    email: s.email ?? null,
    address: [s.address?.line1, s.address?.line2, s.address?.town, s.address?.postcode].filter(Boolean).join(', ') || null,
    whatToBring: s.reservations?.whatToBring ?? null,
    openingHours: (s.openingHours ?? []).map((h) => (h.closed ? `${h.day}: closed` : `${h.day}: ${h.opens ?? ''}–${h.closes ?? ''}`)),
  }
}

/** The reservation a signed link names, if the link is genuine and unexpired. */
export async function reservationByToken(token: string | undefined): Promise<Reservation | null> {
  const reservationId = await reservationIdFromToken(token)
  if (reservationId === null) return null
  const payload = await payloadClient()
  return payload.findByID({ collection: 'reservations', id: reservationId, depth: 0, overrideAccess: true, disableErrors: true }) ?? null
}

/** The reservation `number` if this visitor placed it (cookie) or owns it (account), else null. */
export async function visibleReservation(number: string | undefined): Promise<Reservation | null> {
  if (!number || !isReservationNumber(number)) return null
  const payload = await payloadClient()
  const found = await payload.find({ collection: 'reservations', where: { reservationNumber: { equals: number } }, limit: 1, depth: 0, overrideAccess: true })
  const r = found.docs[0]
  if (!r) return null
  const cookieStore = await cookies()
  if ((await reservationIdFromToken(cookieStore.get(RESERVATION_COOKIE)?.value)) === r.id) return r
  const user = await signedInAccount(payload, await headers())
  const owner = typeof r.customer === 'object' ? r.customer?.id : r.customer
  return user && owner != null && Number(user.id) === owner ? r : null
}

/** A signed-in customer's reservations, newest first. */
export async function customerReservations(customerId: number): Promise<Reservation[]> {
  const payload = await payloadClient()
  const found = await payload.find({ collection: 'reservations', where: { customer: { equals: customerId } }, sort: '-createdAt', limit: 20, depth: 0, overrideAccess: true })
  return found.docs
}


/** The part-exchange valuation filed with a reservation, for the customer's pages; null when none. */
export async function reservationPartExchangeFor(reservationId: number): Promise<ReservationPartExchange | null> {
  return reservationPartExchange(await payloadClient(), reservationId)
}
