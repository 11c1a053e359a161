// A reservation's emails and the no-account link in them (see, complete or cancel a reservation).
import 'server-only'
import type { Payload } from 'payload'
import type { EmailSender } from '../../adapters/email/email-sender'
import { emailSender } from '../../adapters/email/email.server'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { namedSecret } from '../../config/secrets.server'
import { SEND_RESERVATION_EMAIL } from '../jobs/task-names'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { notify } from '../records/notices.server'
import { reservationEmail, type ReservationEmailKind } from './reservation-email'
import { signReservationToken } from './reservation-token'

/** HttpOnly cookie holding the manage token of the reservation this browser placed (its result page). */
export const RESERVATION_COOKIE = 'wh_reservation'

/** The key of the reservation links signed before the shop's one link codec; kept for backups and old links. */
export function reservationTokenKey(): string {
  return namedSecret('reservationTokenKey', env().RESERVATION_TOKEN_SECRET)
}

/** The no-account link token to see, complete or cancel a reservation. */
export function manageToken(reservationId: number, now = new Date()): Promise<string> {
  return signReservationToken(reservationId, now)
}

/** Builds and sends a reservation's email (the job handler of SEND_RESERVATION_EMAIL). */
export async function sendReservationEmailNow(payload: Payload, reservationId: number, kind: ReservationEmailKind, deps: { email?: EmailSender } = {}): Promise<void> {
  const r = await payload.findByID({ collection: 'reservations', id: reservationId, depth: 0, overrideAccess: true })
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const brand = await emailBrand(payload)
  const manage = new URL(paths.manageReservation(await manageToken(r.id)), brand.siteUrl).toString()
  const mail = await renderEmail(reservationEmail(kind, { ...r, holdExpiresAt: r.stock?.holdExpiresAt }, brand, { manage, whatToBring: settings.reservations?.whatToBring }), brand)
  await (deps.email ?? emailSender()).send({ to: r.email, subject: mail.subject, text: mail.text, html: mail.html, tag: `reservation-${kind}` })
}

/** Sends a reservation's email through the durable job queue (or here and now, with an email sender given). */
export async function queueReservationEmail(payload: Payload, reservationId: number, kind: ReservationEmailKind, deps: { email?: EmailSender } = {}): Promise<void> {
  await notify(payload, SEND_RESERVATION_EMAIL, { reservationId, kind }, deps.email ? () => sendReservationEmailNow(payload, reservationId, kind, deps) : null)
}
