// A finance application for a reserved bike (ADR 011): the reservation named by its signed link (the same
// token the card completion uses), checked against the bike being quoted or applied for.
import 'server-only'
import type { Payload } from 'payload'
import { reservationIdFromToken } from './reservation-token'

export type ReservationForFinance =
  | { readonly ok: true; readonly reservationId: number; readonly reservationNumber: string; readonly depositPence: number; readonly active: boolean }
  | { readonly ok: false; readonly status: 403 | 409 | 422; readonly message: string }

export type ReservationForFinanceFn = (payload: Payload, token: string, bike: { readonly productId: number; readonly variantId?: number | null }) => Promise<ReservationForFinance>

/**
 * The reservation a genuine, unexpired link names, if it is for exactly this bike and active (or already
 * converted: a repeated application then answers the order it became, and any other is refused by placeOrder).
 */
export const reservationForFinance: ReservationForFinanceFn = async (payload, token, bike) => {
  const reservationId = await reservationIdFromToken(token)
  if (reservationId === null) return { ok: false, status: 403, message: 'This reservation link is not valid or has expired. Use the link in your reservation email.' }
  const r = await payload.findByID({ collection: 'reservations', id: reservationId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!r || (r.status !== 'active' && r.status !== 'converted')) return { ok: false, status: 409, message: 'This reservation is no longer active, so finance cannot be arranged against it online. Please call us.' }
  const productId = typeof r.product === 'object' ? r.product.id : r.product
  const variantId = r.variant == null ? null : typeof r.variant === 'object' ? r.variant.id : r.variant
  if (productId !== bike.productId || variantId !== (bike.variantId ?? null)) return { ok: false, status: 422, message: 'This reservation is for another bike.' }
  return { ok: true, reservationId: r.id, reservationNumber: r.reservationNumber, depositPence: r.depositPence, active: r.status === 'active' }
}
