// The booking services: book a workshop job or a test ride (priced and checked by the shop, capacity taken
// by the database's conditional update), and the customer's own changes through a signed link: reschedule,
// cancel, approve or decline extra work. Routes and server actions call these; they never trust a price.
import 'server-only'
import { randomBytes } from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { checkFit, canCustomerChange, daysThatFit, dayProblem, fullMessage, todayInUk, type BookingRules } from '../../domain/booking/availability'
import { addDays, londonInstant, type IsoDay } from '../../domain/booking/calendar'
import { buildIcs } from '../../domain/booking/ics'
import { customerMayChange, type JobStatus } from '../../domain/booking/job-status'
import { checkLicence, type RiderLicence } from '../../domain/booking/licence'
import { quoteService, type ServiceOption } from '../../domain/booking/service-pricing'
import { generateOrderNumber } from '../../domain/orders/order-number'
import { emailSender } from '../../adapters/email/email.server'
import { env } from '../../config/env'
import type { Booking, Product } from '../../payload-types'
import type { DealerDetails } from '../../domain/emails/email-brand'
import type { EmailContent } from '../../domain/emails/email-content'
import { emailBrand } from '../emails/email-brand.server'
import { renderEmail } from '../emails/render-email'
import { cancelledEmail, confirmationEmail, rescheduledEmail } from './booking-emails'
import { bookingSettingsFrom, capacityOf, rideResource, WORKSHOP_RESOURCE, type BookingSettings } from './booking-settings'
import { toBookingView, type BookingView } from './booking-view'
import { returnCapacity, takeCapacity, usageBetween, usageByPrefix } from './capacity.server'
import { isDayFull } from './errors'
import { joinDealQuietly } from '../deals/join-deal.server'
import { signBookingToken, TOKEN_PROBLEM, tokenProblemCode, verifyBookingToken, type TokenPurpose } from './manage-token.server'

export type Refusal = { readonly ok: false; readonly status: 400 | 403 | 404 | 409 | 410 | 422; readonly code: string; readonly message: string; readonly field?: string; readonly nextDays?: readonly IsoDay[] }

export interface Contact {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
}

export interface ServiceBookingInput {
  readonly tierId: number
  readonly addOnIds: readonly number[]
  readonly day: string
  readonly bike: { readonly make: string; readonly model: string; readonly bikeType: string; readonly eBike: boolean; readonly notes: string }
  readonly contact: Contact
  readonly extraWorkLimitPence: number
  readonly acceptTerms: true
}

export interface TestRideInput {
  readonly productId: number
  readonly day: string
  readonly window: string
  readonly licence: RiderLicence
  readonly contact: Contact
  readonly acceptTerms: true
}

export type Booked = { readonly ok: true; readonly bookingId: number; readonly reference: string; readonly token: string }

// ------------------------------------------------------------------ reading settings and options

export async function loadBookingSettings(payload: Payload, req?: Partial<PayloadRequest>): Promise<BookingSettings> {
  return bookingSettingsFrom(await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req }))
}

export async function loadServiceOptions(payload: Payload, req?: Partial<PayloadRequest>): Promise<ServiceOption[]> {
  const found = await payload.find({ collection: 'service-options', depth: 0, limit: 100, pagination: false, overrideAccess: true, sort: 'position', req })
  return found.docs.map((o) => ({ id: o.id, name: o.name, kind: o.kind, pricePence: o.pricePence, workshopMinutes: o.workshopMinutes, eBikeOnly: o.eBikeOnly ?? false, active: o.active ?? true }))
}

/** Capacity used per day of the workshop over the whole booking window. */
export async function workshopUsage(payload: Payload, rules: BookingRules, today: IsoDay): Promise<(day: IsoDay) => number> {
  const used = await usageBetween(payload, WORKSHOP_RESOURCE, today, addDays(today, rules.horizonDays))
  return (day) => used.get(day) ?? 0
}

export interface RideSlot {
  readonly day: IsoDay
  readonly window: string
}

/** The free test-ride slots of one bike, earliest first. */
export async function freeRideSlots(payload: Payload, settings: BookingSettings, productId: number, today: IsoDay, limit = Infinity): Promise<RideSlot[]> {
  const rules = settings.testRides
  const taken = new Set((await usageByPrefix(payload, `ride:${productId}:`, today, addDays(today, rules.horizonDays))).filter((r) => r.used >= 1).map((r) => `${r.resource}|${r.day}`))
  const out: RideSlot[] = []
  for (const day of daysThatFit(rules, today, () => 0, 1)) {
    for (const w of rules.windows) {
      if (out.length >= limit) return out
      if (!taken.has(`${rideResource(productId, w.starts)}|${day}`)) out.push({ day, window: w.starts })
    }
  }
  return out
}

// ------------------------------------------------------------------ links

function tokenExpiry(day: IsoDay): number {
  // A link works until 60 days after the booked day: long enough to approve extra work and see the history.
  return Math.floor(londonInstant(addDays(day, 60)).getTime() / 1000)
}

/** A booking's link token. `payload` stays in the signature for its callers; the codec's key is the Payload secret. */
export function bookingToken(_payload: Payload, booking: Pick<Booking, 'id' | 'day'>, purpose: TokenPurpose = 'manage'): Promise<string> {
  return signBookingToken({ bookingId: booking.id, purpose, expires: tokenExpiry(booking.day) })
}

export async function bookingLinks(payload: Payload, booking: Pick<Booking, 'id' | 'day'>) {
  const site = env().SITE_URL.replace(/\/$/, '')
  const token = await bookingToken(payload, booking)
  return {
    token,
    manage: `${site}/bookings/manage?token=${token}`,
    calendar: `${site}/api/bookings/calendar?token=${token}`,
    extraWork: `${site}/bookings/manage?token=${await bookingToken(payload, booking, 'extra-work')}`,
  }
}

export function bookingIcs(booking: Booking, settings: BookingSettings, manageUrl?: string): string {
  const view = toBookingView(booking)
  const base = { uid: `booking-${booking.id}@wheelhouse`, stamp: new Date(booking.updatedAt), location: settings.address, url: manageUrl, cancelled: booking.status === 'cancelled', sequence: booking.history?.length ?? 0 }
  if (view.kind === 'test_ride' && booking.window) {
    const window = settings.testRides.windows.find((w) => w.starts === booking.window)
    const start = londonInstant(booking.day, booking.window)
    return buildIcs({ ...base, start, end: new Date(start.getTime() + (window?.minutes ?? 60) * 60_000), summary: `Test ride: ${view.bike} (${view.reference})`, description: `Bring your photocard driving licence. Reference ${view.reference}.` })
  }
  return buildIcs({ ...base, day: booking.day, summary: `Bike drop-off: ${view.title} (${view.reference})`, description: `Drop off ${settings.workshop.dropOffTimes}. What to bring: ${settings.workshop.whatToBring}` })
}

/** Sends a booking's email drawn from the shop's template (`content` gets the dealer's details from the site settings); never throws. */
export async function sendBookingEmail(payload: Payload, booking: Booking, content: (dealer: DealerDetails) => EmailContent, tag: string, withCalendar: boolean): Promise<void> {
  if (!booking.email) return
  try {
    const settings = withCalendar ? await loadBookingSettings(payload) : null
    const brand = await emailBrand(payload)
    const mail = await renderEmail(content(brand), brand)
    await emailSender().send({
      to: booking.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      tag,
      attachments: settings ? [{ filename: `wheelhouse-${booking.reference ?? booking.id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(booking, settings, (await bookingLinks(payload, booking)).manage) }] : undefined,
    })
  } catch (error) {
    payload.logger.error({ err: error, booking: booking.reference }, `could not send the ${tag} email`)
  }
}

export async function sendConfirmation(payload: Payload, booking: Booking): Promise<void> {
  const settings = await loadBookingSettings(payload)
  const links = await bookingLinks(payload, booking)
  const words = { dropOffTimes: settings.workshop.dropOffTimes, whatToBring: settings.workshop.whatToBring, excessText: `The damage excess is £${(settings.testRides.excessPence / 100).toFixed(0)}.` }
  await sendBookingEmail(payload, booking, (dealer) => confirmationEmail(toBookingView(booking), dealer, words, links), booking.kind === 'test_ride' ? 'test-ride-confirmation' : 'booking-confirmation', true)
}

// ------------------------------------------------------------------ booking

export function newReference(kind: 'service' | 'test_ride'): string {
  return generateOrderNumber(randomBytes).replace(/^WH-/, kind === 'test_ride' ? 'TR-' : 'SV-')
}

function problem(status: Refusal['status'], code: string, message: string, extra: Partial<Refusal> = {}): Refusal {
  return { ok: false, status, code, message, ...extra }
}

/** Creates the booking; the collection's hook takes the capacity in the same write and refuses a full day. */
async function createBooking(payload: Payload, data: Record<string, unknown>): Promise<Booking | 'full'> {
  try {
    return await payload.create({ collection: 'bookings', overrideAccess: true, depth: 0, context: { bookingEngine: 'online' }, data: data as never })
  } catch (error) {
    if (isDayFull(error)) return 'full'
    throw error
  }
}

export async function bookService(payload: Payload, input: ServiceBookingInput, options: { customerId?: number | null; now?: Date } = {}): Promise<Booked | Refusal> {
  const now = options.now ?? new Date()
  const today = todayInUk(now)
  const settings = await loadBookingSettings(payload)
  const rules = settings.workshop
  const quote = quoteService(await loadServiceOptions(payload), input.tierId, input.addOnIds, input.bike.eBike)
  if (!quote.ok) return problem(422, quote.field === 'tier' ? 'unknown_tier' : 'unknown_add_on', quote.message, { field: quote.field })
  const fit = checkFit(rules, today, input.day, quote.minutes, await workshopUsage(payload, rules, today))
  if (!fit.ok) return problem(fit.code === 'full' ? 409 : 422, fit.code === 'full' ? 'day_full' : fit.code, fit.message, { field: 'day', nextDays: fit.nextDays })

  const booking = await createBooking(payload, {
    reference: newReference('service'),
    kind: 'service',
    status: 'booked',
    source: 'online',
    day: input.day,
    resource: WORKSHOP_RESOURCE,
    minutes: quote.minutes,
    customer: options.customerId ?? undefined,
    ...input.contact,
    service: {
      tier: input.tierId,
      addOns: [...new Set(input.addOnIds)],
      lines: quote.lines.map((l) => ({ name: l.name, pricePence: l.pricePence, minutes: l.minutes })),
      totalPence: quote.totalPence,
      bike: { make: input.bike.make, model: input.bike.model, bikeType: input.bike.bikeType || undefined, eBike: input.bike.eBike, notes: input.bike.notes },
      extraWorkLimitPence: input.extraWorkLimitPence,
    },
    termsAcceptedAt: now.toISOString(),
    history: [{ at: now.toISOString(), by: options.customerId ?? undefined, actor: 'customer', to: 'booked', note: `Booked online for ${input.day}.` }],
  })
  if (booking === 'full') {
    const nextDays = daysThatFit(rules, today, await workshopUsage(payload, rules, today), quote.minutes, 3)
    return problem(409, 'day_full', fullMessage(), { field: 'day', nextDays })
  }
  await sendConfirmation(payload, booking)
  return { ok: true, bookingId: booking.id, reference: booking.reference!, token: await bookingToken(payload, booking) }
}

/** The facts the licence check needs, when the bike can be test-ridden at all. */
export function testRideBikeOf(product: Product): { name: string; engineCc: number; powerKw: number; weightKg: number; restrictedFromKw: number | null } | null {
  const a = product.attributes
  const rideable = (product.kind === 'motorcycle' || product.kind === 'scooter') && product.condition === 'new' && product.status === 'active'
  if (!rideable || !a?.engineCc || !a.powerKw || !a.weightKg) return null
  return { name: product.name, engineCc: a.engineCc, powerKw: a.powerKw, weightKg: a.weightKg, restrictedFromKw: a.restrictedFromKw ?? null }
}

export async function bookTestRide(payload: Payload, input: TestRideInput, options: { customerId?: number | null; now?: Date } = {}): Promise<Booked | Refusal> {
  const now = options.now ?? new Date()
  const today = todayInUk(now)
  const settings = await loadBookingSettings(payload)
  const product = await payload.findByID({ collection: 'products', id: input.productId, depth: 0, overrideAccess: true, disableErrors: true })
  const bike = product ? testRideBikeOf(product) : null
  if (!product || !bike) return problem(404, 'not_test_rideable', 'That bike is not available for test rides.', { field: 'product' })
  const licence = checkLicence(input.licence, bike, { allowCbtOn125: settings.testRides.allowCbtOn125 })
  if (!licence.ok) return problem(422, 'licence_not_enough', licence.reason, { field: 'licence' })
  if (!settings.testRides.windows.some((w) => w.starts === input.window)) return problem(422, 'unknown_window', 'Choose one of the times listed.', { field: 'window' })
  const dayCheck = dayProblem(settings.testRides, today, input.day)
  const next = async () => (await freeRideSlots(payload, settings, product.id, today, 3)).map((s) => `${s.day} ${s.window}`)
  if (dayCheck) return problem(422, dayCheck.code, dayCheck.message, { field: 'day', nextDays: await next() })
  const resource = rideResource(product.id, input.window)

  const booking = await createBooking(payload, {
    reference: newReference('test_ride'),
    kind: 'test_ride',
    status: 'booked',
    source: 'online',
    day: input.day,
    window: input.window,
    resource,
    minutes: 1,
    customer: options.customerId ?? undefined,
    ...input.contact,
    testRide: { product: product.id, bikeName: product.name, licence: input.licence, categoryNeeded: licence.category },
    termsAcceptedAt: now.toISOString(),
    history: [{ at: now.toISOString(), by: options.customerId ?? undefined, actor: 'customer', to: 'booked', note: `Test ride booked online for ${input.day} ${input.window}.` }],
  })
  if (booking === 'full') return problem(409, 'slot_taken', 'Sorry, that time has just been booked for this bike: please choose another time.', { field: 'day', nextDays: await next() })
  await sendConfirmation(payload, booking)
  await joinDealQuietly(payload, { step: 'test_ride', reference: booking.reference!, ...input.contact, customerId: options.customerId ?? null, productId: product.id, productName: product.name, now })
  return { ok: true, bookingId: booking.id, reference: booking.reference!, token: await bookingToken(payload, booking) }
}

// ------------------------------------------------------------------ the customer's own changes, by signed link

export async function bookingFromToken(payload: Payload, token: unknown, purpose: TokenPurpose = 'manage', now = new Date()): Promise<{ ok: true; booking: Booking } | Refusal> {
  const check = await verifyBookingToken(purpose, token, { now })
  if (!check.ok) return problem(check.reason === 'expired' ? 410 : 403, tokenProblemCode(check.reason), TOKEN_PROBLEM[check.reason])
  const booking = await payload.findByID({ collection: 'bookings', id: check.claims.bookingId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!booking) return problem(404, 'not_found', 'We cannot find that booking any more. Please call us.')
  return { ok: true, booking }
}

/** What a booking's confirmation page shows, from the token in its link: the booking, the shop's booking settings, and the booking's manage token. */
export async function bookingConfirmation(payload: Payload, token: unknown): Promise<{ ok: true; booking: BookingView; settings: BookingSettings; token: string } | Refusal> {
  const found = await bookingFromToken(payload, token)
  if (!found.ok) return found
  const booking = toBookingView(found.booking)
  const settings = await loadBookingSettings(payload)
  const links = await bookingLinks(payload, found.booking)
  return { ok: true, booking, settings, token: links.token }
}

function rulesFor(settings: BookingSettings, booking: Booking): BookingRules {
  return booking.kind === 'test_ride' ? settings.testRides : settings.workshop
}

function changeRefusal(settings: BookingSettings, booking: Booking, now: Date): Refusal | null {
  if (!customerMayChange(booking.status as JobStatus)) {
    return problem(409, 'not_changeable', booking.status === 'cancelled' ? 'This booking is already cancelled.' : 'This booking has started, so it can no longer be changed online. Please call us.')
  }
  if (!canCustomerChange(rulesFor(settings, booking), now, booking.day)) {
    return problem(409, 'too_late', `Bookings can be changed online until ${rulesFor(settings, booking).changeCutoffHours} hours before the day. Please call us.`)
  }
  return null
}

async function claimStatus(payload: Payload, booking: Booking, from: JobStatus, to: JobStatus): Promise<boolean> {
  // Loaded on a status change only: the claim's SQL module is server-only and most booking reads never change one.
  const { claimBookingStatus } = await import('./claim-status.server')
  return claimBookingStatus(payload, null, booking.id, [from], to)
}

export async function cancelBooking(payload: Payload, token: unknown, now = new Date()): Promise<{ ok: true; booking: Booking } | Refusal> {
  const found = await bookingFromToken(payload, token, 'manage', now)
  if (!found.ok) return found
  const booking = found.booking
  const settings = await loadBookingSettings(payload)
  const refusal = changeRefusal(settings, booking, now)
  if (refusal) return refusal
  // The one request that moves booked → cancelled gives the capacity back; a repeated click does nothing.
  // Loaded on a cancellation only, as claimStatus above.
  const { cancelHoldingBooking } = await import('./claim-status.server')
  if (!(await cancelHoldingBooking(payload, null, booking, ['booked'], booking.day))) return problem(409, 'not_changeable', 'This booking has just been changed. Reload the page to see it.')
  const updated = await payload.update({
    collection: 'bookings',
    id: booking.id,
    overrideAccess: true,
    depth: 0,
    context: { bookingEngine: 'customer' },
    data: { status: 'cancelled', history: [...(booking.history ?? []), { at: now.toISOString(), actor: 'customer (email link)', from: 'booked', to: 'cancelled', note: 'Cancelled by the customer.' }] },
  })
  const manage = (await bookingLinks(payload, updated)).manage
  await sendBookingEmail(payload, updated, (dealer) => cancelledEmail(toBookingView(updated), dealer, manage), 'booking-cancelled', false)
  return { ok: true, booking: updated }
}

export async function rescheduleBooking(payload: Payload, token: unknown, newDay: string, newWindow: string | null, now = new Date()): Promise<{ ok: true; booking: Booking } | Refusal> {
  const found = await bookingFromToken(payload, token, 'manage', now)
  if (!found.ok) return found
  const booking = found.booking
  const settings = await loadBookingSettings(payload)
  const refusal = changeRefusal(settings, booking, now)
  if (refusal) return refusal
  const today = todayInUk(now)
  const rules = rulesFor(settings, booking)
  const window = booking.kind === 'test_ride' ? (newWindow ?? booking.window ?? '') : null
  if (booking.kind === 'test_ride' && !settings.testRides.windows.some((w) => w.starts === window)) return problem(422, 'unknown_window', 'Choose one of the times listed.', { field: 'window' })
  if (newDay === booking.day && window === (booking.window ?? null)) return { ok: true, booking }
  const productId = typeof booking.testRide?.product === 'object' ? booking.testRide?.product?.id : booking.testRide?.product
  const resource = booking.kind === 'test_ride' ? rideResource(Number(productId), window!) : WORKSHOP_RESOURCE
  const minutes = booking.minutes ?? 0
  const usage = booking.kind === 'test_ride' ? () => 0 : await workshopUsage(payload, rules, today)
  const fit = checkFit(rules, today, newDay, minutes, usage)
  if (!fit.ok) return problem(fit.code === 'full' ? 409 : 422, fit.code === 'full' ? 'day_full' : fit.code, fit.message, { field: 'day', nextDays: fit.nextDays })
  if (!(await takeCapacity(payload, null, resource, newDay, minutes, capacityOf(settings, resource)))) {
    if (booking.kind === 'test_ride') {
      const nextDays = (await freeRideSlots(payload, settings, Number(productId), today, 3)).map((s) => `${s.day} ${s.window}`)
      return problem(409, 'slot_taken', 'Sorry, that time is already booked for this bike: please choose another time.', { field: 'day', nextDays })
    }
    return problem(409, 'day_full', fullMessage(), { field: 'day', nextDays: daysThatFit(rules, today, await workshopUsage(payload, rules, today), minutes, 3) })
  }
  let updated: Booking
  try {
    updated = await payload.update({
      collection: 'bookings',
      id: booking.id,
      overrideAccess: true,
      depth: 0,
      context: { bookingEngine: 'customer' },
      data: { day: newDay, window: window ?? undefined, resource, history: [...(booking.history ?? []), { at: now.toISOString(), actor: 'customer (email link)', from: booking.day, to: newDay, note: `Moved by the customer from ${booking.day} to ${newDay}${window ? ` ${window}` : ''}.` }] },
    })
  } catch (error) {
    await returnCapacity(payload, null, resource, newDay, minutes)
    throw error
  }
  if (booking.resource) await returnCapacity(payload, null, booking.resource, booking.day, minutes)
  const links = await bookingLinks(payload, updated)
  await sendBookingEmail(payload, updated, (dealer) => rescheduledEmail(toBookingView(updated), dealer, links), 'booking-rescheduled', true)
  return { ok: true, booking: updated }
}

export async function decideExtraWork(payload: Payload, token: unknown, decision: 'approved' | 'declined', now = new Date()): Promise<{ ok: true; booking: Booking } | Refusal> {
  // The quote email carries an extra-work link; the manage link works too (both are the customer's).
  let found = await bookingFromToken(payload, token, 'extra-work', now)
  if (!found.ok && found.code === 'token_wrong_purpose') found = await bookingFromToken(payload, token, 'manage', now)
  if (!found.ok) return found
  const booking = found.booking
  if (booking.status !== 'awaiting_approval' || booking.service?.extraWork?.decision !== 'pending') return problem(409, 'nothing_to_decide', 'There is no extra work waiting for your decision on this booking.')
  if (!(await claimStatus(payload, booking, 'awaiting_approval', 'in_progress'))) return problem(409, 'nothing_to_decide', 'This quote has just been answered.')
  const updated = await payload.update({
    collection: 'bookings',
    id: booking.id,
    overrideAccess: true,
    depth: 0,
    context: { bookingEngine: 'customer' },
    data: {
      status: 'in_progress',
      service: { ...booking.service, extraWork: { ...booking.service?.extraWork, decision, decidedAt: now.toISOString() } },
      history: [...(booking.history ?? []), { at: now.toISOString(), actor: 'customer (email link)', from: 'awaiting_approval', to: 'in_progress', note: `Extra work ${decision} by the customer.` }],
    },
  })
  return { ok: true, booking: updated }
}
