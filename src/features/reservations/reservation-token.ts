// The link that lets a customer see, complete or cancel a reservation without an account (and the cookie of the
// browser that placed it), on the shop's one signed-link codec (cms/auth/signed-links.ts, ADR 058).
import { linkedId, signLink } from '../../cms/auth/signed-links'

/** A reservation's link token, lasting the codec's reservation lifetime from `now`. */
export function signReservationToken(reservationId: number, now = new Date()): Promise<string> {
  return signLink('reservation-manage', reservationId, { now })
}

/** The reservation a genuine, unexpired link names, else null (never says why). */
export function reservationIdFromToken(token: unknown, now = new Date()): Promise<number | null> {
  return linkedId('reservation-manage', token, { now })
}
