// Server reads for the booking pages: what the calendar can offer, the bike for a test ride, a customer's bookings.
import 'server-only'
import type { Payload } from 'payload'
import { openDays, todayInUk } from '../../domain/booking/availability'
import { formatDayShort, weekdayOf } from '../../domain/booking/calendar'
import { requiredCategory } from '../../domain/booking/licence'
import type { Booking } from '../../payload-types'
import { freeRideSlots, loadBookingSettings, loadServiceOptions, testRideBikeOf, workshopUsage } from './bookings.server'
import { toBookingView, type BookingView } from './booking-view'
import type { DayChoice, TierChoice } from './components/service-booking-form'

export async function servicePageData(payload: Payload, now = new Date()) {
  const settings = await loadBookingSettings(payload)
  const options = (await loadServiceOptions(payload)).filter((o) => o.active)
  const describe = async () => {
    const docs = await payload.find({ collection: 'service-options', depth: 0, limit: 100, pagination: false, overrideAccess: true, where: { active: { equals: true } }, sort: 'position' })
    return new Map(docs.docs.map((d) => [d.id, d.description ?? '']))
  }
  const descriptions = await describe()
  const choice = (o: (typeof options)[number]): TierChoice => ({ id: o.id, name: o.name, description: descriptions.get(o.id) ?? '', pricePence: o.pricePence, minutes: o.workshopMinutes, eBikeOnly: o.eBikeOnly })
  const tiers = options.filter((o) => o.kind === 'tier').map(choice)
  const addOns = options.filter((o) => o.kind === 'add-on').map(choice)
  const today = todayInUk(now)
  const smallest = Math.min(...tiers.map((t) => t.minutes), Infinity)
  const usage = await workshopUsage(payload, settings.workshop, today)
  const days: DayChoice[] = openDays(settings.workshop, today, usage)
    .filter((d) => d.remaining >= smallest)
    .map((d) => ({ day: d.day, weekday: weekdayOf(d.day).slice(0, 3), label: formatDayShort(d.day).replace(/^\w+ /, ''), remaining: d.remaining }))
  return { settings, tiers, addOns, days }
}

/** Reschedule choices for a booking: free days (workshop) or free day-and-time slots (test ride). */
export async function rescheduleOptions(payload: Payload, booking: Booking, now = new Date()): Promise<{ value: string; label: string }[]> {
  const settings = await loadBookingSettings(payload)
  const today = todayInUk(now)
  if (booking.kind === 'test_ride') {
    const productId = typeof booking.testRide?.product === 'object' ? booking.testRide?.product?.id : booking.testRide?.product
    if (!productId) return []
    return (await freeRideSlots(payload, settings, productId, today, 40)).map((s) => ({ value: `${s.day} ${s.window}`, label: `${formatDayShort(s.day)} at ${s.window}` }))
  }
  const usage = await workshopUsage(payload, settings.workshop, today)
  return openDays(settings.workshop, today, usage)
    .filter((d) => d.day !== booking.day && d.remaining >= (booking.minutes ?? 0))
    .map((d) => ({ value: d.day, label: formatDayShort(d.day) }))
}

export async function testRidePageData(payload: Payload, slug: string, now = new Date()) {
  const found = await payload.find({ collection: 'products', where: { slug: { equals: slug } }, depth: 1, limit: 1, overrideAccess: true })
  const product = found.docs[0]
  const bike = product ? testRideBikeOf(product) : null
  if (!product || !bike) return null
  const settings = await loadBookingSettings(payload)
  const slots = await freeRideSlots(payload, settings, product.id, todayInUk(now))
  const byDay = new Map<string, string[]>()
  for (const s of slots) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s.window])
  return {
    product,
    bike,
    categoryNeeded: requiredCategory(bike).category,
    settings,
    slots: [...byDay.entries()].slice(0, 14).map(([day, windows]) => ({ day, label: formatDayShort(day), windows })),
  }
}

export async function customerBookings(payload: Payload, user: { id: number | string; collection: 'users' }): Promise<BookingView[]> {
  const found = await payload.find({ collection: 'bookings', overrideAccess: false, user: user as never, depth: 0, limit: 50, sort: '-day' })
  return found.docs.map(toBookingView)
}
