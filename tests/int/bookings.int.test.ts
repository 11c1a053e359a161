// The booking engine on a real database: priced by the shop, never overbooked under concurrency (workshop
// days and test-ride slots), signed links to move and cancel, the staff workflow with who and when, and
// access rules that keep one customer's bookings from another and from visitors.
import { describe, expect, it } from 'vitest'
import { todayInUk } from '../../src/domain/booking/availability'
import { addDays } from '../../src/domain/booking/calendar'
import { contact, days, demoBike, rideInput, serviceInput, tiers, withBookableWorkshop } from './booking-fixtures'
import { db, payload } from './payload'
import { fileOutbox } from './outbox'

const outbox = fileOutbox('bookings')

const { bookService, bookTestRide, cancelBooking, rescheduleBooking, decideExtraWork, bookingToken } = await import('../../src/features/bookings/bookings.server')
const { recomputeCapacity, usageBetween } = await import('../../src/features/bookings/capacity.server')
const { signBookingToken } = await import('../../src/features/bookings/manage-token.server')

withBookableWorkshop(() => outbox.remove())

async function used(day: string, resource = 'workshop'): Promise<number> {
  return (await usageBetween(payload, resource, day, day)).get(day) ?? 0
}

async function bookingsOn(day: string, resource = 'workshop'): Promise<number> {
  return (await payload.count({ collection: 'bookings', overrideAccess: true, where: { day: { equals: day }, resource: { equals: resource }, status: { not_equals: 'cancelled' } } })).totalDocs
}

describe(`workshop bookings on ${db}`, () => {
  it('prices from the shop’s tiers and add-ons, takes the minutes and emails a confirmation with an .ics', async () => {
    const day = days[30]!
    const result = await bookService(payload, serviceInput(tiers['full-service']!, day, { addOnIds: [tiers['tubeless-setup']!, tiers['tubeless-setup']!] }))
    expect(result).toMatchObject({ ok: true, reference: expect.stringMatching(/^SV-/) })
    if (!result.ok) return
    const booking = await payload.findByID({ collection: 'bookings', id: result.bookingId, overrideAccess: true, depth: 0 })
    expect(booking).toMatchObject({ status: 'booked', source: 'online', day, minutes: 210, resource: 'workshop', service: { totalPence: 16_400 } })
    expect(booking.history?.[0]).toMatchObject({ actor: 'customer', to: 'booked' })
    expect(await used(day)).toBe(210)
    const mail = (await outbox.read()).find((m) => m.subject.includes(result.reference))!
    expect(mail.tag).toBe('booking-confirmation')
    expect(mail.text).toMatch(/Reschedule or cancel your booking http.*\/bookings\/manage\?token=/)
    expect(mail.attachments?.[0]).toMatchObject({ filename: expect.stringMatching(/\.ics$/), contentType: expect.stringContaining('text/calendar') })
    expect(mail.attachments?.[0]?.content).toContain(`DTSTART;VALUE=DATE:${day.replace(/-/g, '')}`)
  })

  it('refuses unknown tiers, e-bike tiers for other bikes, past, closed and out-of-window days, writing nothing', async () => {
    const before = (await payload.count({ collection: 'bookings', overrideAccess: true })).totalDocs
    const today = todayInUk(new Date())
    expect(await bookService(payload, serviceInput(999_999, days[0]!))).toMatchObject({ ok: false, status: 422, code: 'unknown_tier' })
    expect(await bookService(payload, serviceInput(tiers['tubeless-setup']!, days[0]!))).toMatchObject({ ok: false, code: 'unknown_tier' })
    expect(await bookService(payload, serviceInput(tiers['e-bike-system-service']!, days[0]!))).toMatchObject({ ok: false, code: 'unknown_tier', message: expect.stringContaining('e-bike') })
    expect(await bookService(payload, serviceInput(tiers['full-service']!, addDays(today, -1)))).toMatchObject({ ok: false, status: 422, code: 'past' })
    expect(await bookService(payload, serviceInput(tiers['full-service']!, today))).toMatchObject({ ok: false, code: 'too_soon' })
    const monday = Array.from({ length: 7 }, (_, i) => addDays(today, i + 2)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 1)!
    expect(await bookService(payload, serviceInput(tiers['full-service']!, monday))).toMatchObject({ ok: false, code: 'closed', nextDays: expect.any(Array) })
    expect(await bookService(payload, serviceInput(tiers['full-service']!, addDays(today, 61)))).toMatchObject({ ok: false, code: 'beyond_window' })
    expect((await payload.count({ collection: 'bookings', overrideAccess: true })).totalDocs).toBe(before)
  })

  it('30 concurrent bookings for a day with room for exactly one more job: one succeeds, 29 told it just filled up, 20 rounds', async () => {
    for (let round = 0; round < 20; round++) {
      const day = days[round]!
      expect((await bookService(payload, serviceInput(tiers['full-service']!, day))).ok).toBe(true) // 180 of 360 left
      const results = await Promise.all(Array.from({ length: 30 }, () => bookService(payload, serviceInput(tiers['full-service']!, day))))
      const won = results.filter((r) => r.ok)
      const lost = results.filter((r) => !r.ok)
      expect(won, `round ${round}`).toHaveLength(1)
      for (const r of lost) {
        expect(r).toMatchObject({ ok: false, status: 409, code: 'day_full', message: expect.stringMatching(/that day has just filled up/i) })
        if (!r.ok) expect(r.nextDays?.length && !r.nextDays.includes(day)).toBeTruthy()
      }
      expect(await used(day), `round ${round}`).toBe(360)
      expect(await bookingsOn(day), `round ${round}`).toBe(2)
    }
    expect(await recomputeCapacity(payload)).toBe(0) // the counters agree with the bookings
  }, 600_000)
})

describe(`test rides on ${db}`, () => {
  it('checks the licence against the bike: A2 on an A2 bike yes, on a litre bike no, with the reason', async () => {
    const a2Bike = await demoBike(payload, { name: 'KTM 390 Duke', engineCc: 399, powerKw: 33, weightKg: 165 })
    const litre = await demoBike(payload, { name: 'KTM 1390 Super Duke R', engineCc: 1350, powerKw: 140, weightKg: 200 })
    expect(await bookTestRide(payload, rideInput(a2Bike, days[1]!))).toMatchObject({ ok: true, reference: expect.stringMatching(/^TR-/) })
    const refused = await bookTestRide(payload, rideInput(litre, days[1]!))
    expect(refused).toMatchObject({ ok: false, status: 422, code: 'licence_not_enough', message: expect.stringMatching(/needs a category A licence.*140 kW is over the A2 limit of 35 kW/) })
    expect(await bookTestRide(payload, rideInput(litre, days[1]!, '10:00', { licence: 'CBT' }))).toMatchObject({ ok: false, message: expect.stringContaining('CBT') })
    expect(await bookTestRide(payload, rideInput(a2Bike, days[1]!, '11:11'))).toMatchObject({ ok: false, code: 'unknown_window' })
  })

  it('moves a test ride to a free time and cancels it by its link; a taken time is refused', async () => {
    const bike = await demoBike(payload, { name: 'CF Moto 450MT', engineCc: 449, powerKw: 32, weightKg: 175 })
    const first = await bookTestRide(payload, rideInput(bike, days[5]!, '10:00'))
    const second = await bookTestRide(payload, rideInput(bike, days[5]!, '14:00'))
    if (!first.ok || !second.ok) throw new Error('booking failed')
    expect(await rescheduleBooking(payload, first.token, days[5]!, '14:00')).toMatchObject({ ok: false, status: 409, code: 'slot_taken', message: expect.stringContaining('already booked') })
    expect(await rescheduleBooking(payload, first.token, days[6]!, '14:00')).toMatchObject({ ok: true, booking: { day: days[6], window: '14:00', resource: `ride:${bike}:14:00` } })
    expect([await used(days[5]!, `ride:${bike}:10:00`), await used(days[6]!, `ride:${bike}:14:00`)]).toEqual([0, 1])
    expect(await cancelBooking(payload, first.token)).toMatchObject({ ok: true })
    expect(await used(days[6]!, `ride:${bike}:14:00`)).toBe(0)
  })

  it('30 concurrent test rides for one bike and window: exactly one, 20 rounds', async () => {
    const bike = await demoBike(payload, { name: 'Honda CB500F', engineCc: 471, powerKw: 35, weightKg: 189 })
    for (let round = 0; round < 20; round++) {
      const day = days[round]!
      const results = await Promise.all(Array.from({ length: 30 }, () => bookTestRide(payload, rideInput(bike, day, '14:00'))))
      expect(results.filter((r) => r.ok), `round ${round}`).toHaveLength(1)
      expect(results.filter((r) => !r.ok && r.status === 409 && r.code === 'slot_taken')).toHaveLength(29)
      expect(await bookingsOn(day, `ride:${bike}:14:00`)).toBe(1)
    }
  }, 600_000)
})

describe(`changes by signed link on ${db}`, () => {
  it('reschedules (capacity moves) and cancels (capacity returns) without an account; forged and expired links change nothing', async () => {
    const [from, to] = [days[35]!, days[36]!]
    const booked = await bookService(payload, serviceInput(tiers['standard-service']!, from))
    if (!booked.ok) throw new Error(booked.message)
    const forged = booked.token.slice(0, -2) + (booked.token.endsWith('AA') ? 'BB' : 'AA')
    expect(await cancelBooking(payload, forged)).toMatchObject({ ok: false, status: 403, code: 'token_forged' })
    expect(await cancelBooking(payload, String(booked.bookingId))).toMatchObject({ ok: false, code: 'token_malformed' })
    const expired = await signBookingToken({ bookingId: booked.bookingId, purpose: 'manage', expires: Math.floor(Date.now() / 1000) - 1 })
    expect(await cancelBooking(payload, expired)).toMatchObject({ ok: false, status: 410, code: 'token_expired' })
    expect(await used(from)).toBe(90)

    expect(await rescheduleBooking(payload, booked.token, to, null)).toMatchObject({ ok: true, booking: { day: to } })
    expect([await used(from), await used(to)]).toEqual([0, 90])
    const cancels = await Promise.all([cancelBooking(payload, booked.token), cancelBooking(payload, booked.token)])
    expect(cancels.filter((c) => c.ok)).toHaveLength(1)
    expect(await used(to)).toBe(0)
    const booking = await payload.findByID({ collection: 'bookings', id: booked.bookingId, overrideAccess: true })
    expect(booking.status).toBe('cancelled')
    expect(booking.history?.map((h) => h.to)).toEqual(['booked', to, 'cancelled'])
  })

  it('a cancel by link while staff save a note stays cancelled, its capacity given back once', async () => {
    // Payload's update writes back the status it read: a cancel claimed between its read and its write would be
    // undone (the booking confirmed again without its capacity) unless the save locks the row before it reads.
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `desk-${Date.now()}@wheelhouse.local`, password: 'staff password 1234', role: 'staff', firstName: 'Dee', lastName: 'Desk' } as never })
    for (let round = 0; round < 6; round++) {
      const day = days[20 + round]!
      const booked = await bookService(payload, serviceInput(tiers['standard-service']!, day))
      if (!booked.ok) throw new Error(booked.message)
      const [cancelled] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round * 3)).then(() => cancelBooking(payload, booked.token)),
        payload.update({ collection: 'bookings', id: booked.bookingId, overrideAccess: false, user: staff, depth: 0, data: { staffNotes: `Rang about round ${round}` } as never }),
      ])
      expect(cancelled).toMatchObject({ ok: true })
      const booking = await payload.findByID({ collection: 'bookings', id: booked.bookingId, overrideAccess: true })
      expect(booking).toMatchObject({ status: 'cancelled', staffNotes: `Rang about round ${round}` })
      expect(await used(day)).toBe(0)
    }
    expect(await recomputeCapacity(payload)).toBe(0)
  }, 120_000)
})

describe(`staff workflow on ${db}`, () => {
  it('books a phone customer into the same capacity, then runs the job: quote, customer approval, ready, collected', async () => {
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `mechanic-${Date.now()}@wheelhouse.local`, password: 'staff password 1234', role: 'staff', firstName: 'Sam', lastName: 'Spanner' } as never })
    const day = days[37]!
    const phone = await payload.create({
      collection: 'bookings',
      overrideAccess: false,
      user: staff,
      depth: 0,
      data: { kind: 'service', source: 'phone', day, ...contact, service: { tier: tiers['full-service'], extraWorkLimitPence: 1000, lines: [{ name: 'Free service', pricePence: 0, minutes: 1 }], totalPence: 1 } } as never,
    })
    expect(phone).toMatchObject({ status: 'booked', minutes: 180, service: { totalPence: 12_900 }, reference: expect.stringMatching(/^SV-/) })
    expect(phone.history?.[0]).toMatchObject({ by: staff.id, actor: staff.email, to: 'booked' })
    expect(await used(day)).toBe(180)

    const update = (data: object) => payload.update({ collection: 'bookings', id: phone.id, overrideAccess: false, user: staff, depth: 0, data: data as never })
    await expect(update({ status: 'collected' })).rejects.toThrow(/cannot go from Booked to Collected/)
    await update({ status: 'checked_in' })
    await update({ status: 'in_progress' })
    await expect(update({ status: 'awaiting_approval' })).rejects.toThrow(/Describe the extra work/)
    const quoted = await update({ status: 'awaiting_approval', service: { ...phone.service, extraWork: { description: 'Worn chain and cassette', quotePence: 6_500 } } })
    expect(quoted).toMatchObject({ status: 'awaiting_approval', service: { extraWork: { decision: 'pending' } } })
    const mail = (await outbox.read()).filter((m) => m.tag === 'extra-work-quote').pop()!
    const link = /Approve or decline the extra work (\S+)/.exec(mail.text)![1]!
    const token = new URL(link).searchParams.get('token')
    expect(await decideExtraWork(payload, token, 'approved')).toMatchObject({ ok: true, booking: { status: 'in_progress', service: { extraWork: { decision: 'approved' } } } })
    expect(await decideExtraWork(payload, token, 'declined')).toMatchObject({ ok: false, code: 'nothing_to_decide' })
    const ready = await update({ status: 'ready_for_collection' })
    expect(ready.service?.collectBy).toBe(addDays(todayInUk(new Date()), 5))
    expect((await outbox.read()).some((m) => m.tag === 'ready-for-collection' && m.subject.includes(phone.reference!))).toBe(true)
    const done = await update({ status: 'collected' })
    expect(done.history?.map((h) => h.to)).toEqual(['booked', 'checked_in', 'in_progress', 'awaiting_approval', 'in_progress', 'ready_for_collection', 'collected'])
    expect(done.history?.slice(1).every((h) => h.at && (h.by === staff.id || h.actor?.includes('customer')))).toBe(true)

    // quotes within the pre-authorised limit go ahead without asking
    const second = await payload.create({ collection: 'bookings', overrideAccess: false, user: staff, data: { kind: 'service', source: 'walk_in', day, ...contact, service: { tier: tiers['safety-check'], extraWorkLimitPence: 5_000 } } as never })
    await payload.update({ collection: 'bookings', id: second.id, overrideAccess: false, user: staff, data: { status: 'checked_in' } as never })
    const auto = await payload.update({ collection: 'bookings', id: second.id, overrideAccess: false, user: staff, data: { status: 'awaiting_approval', service: { ...second.service, extraWork: { description: 'Brake pads', quotePence: 3_000 } } } as never })
    expect(auto).toMatchObject({ status: 'in_progress', service: { extraWork: { decision: 'pre_authorised' } } })
    await payload.update({ collection: 'bookings', id: second.id, overrideAccess: false, user: staff, data: { status: 'ready_for_collection' } as never })
    expect(await used(day)).toBe(210)

    // staff cancelling a booked job gives its capacity back, once; staff moving a job moves its capacity
    const third = await payload.create({ collection: 'bookings', overrideAccess: false, user: staff, depth: 0, data: { kind: 'service', source: 'walk_in', day, ...contact, service: { tier: tiers['standard-service'] } } as never })
    expect(await used(day)).toBe(300)
    const moved = await payload.update({ collection: 'bookings', id: third.id, overrideAccess: false, user: staff, depth: 0, data: { day: days[39] } as never })
    expect(moved.history?.at(-1)).toMatchObject({ from: day, to: days[39], by: staff.id })
    expect([await used(day), await used(days[39]!)]).toEqual([210, 90])
    await payload.update({ collection: 'bookings', id: third.id, overrideAccess: false, user: staff, data: { status: 'cancelled' } as never })
    expect(await used(days[39]!)).toBe(0)
    await expect(payload.update({ collection: 'bookings', id: third.id, overrideAccess: false, user: staff, data: { status: 'booked' } as never })).rejects.toThrow(/Cancelled is final/)
    expect(await used(days[39]!)).toBe(0)
    expect(await recomputeCapacity(payload)).toBe(0)
  })
})

describe(`who can see bookings on ${db}`, () => {
  it('a customer sees only their own bookings; visitors none; nobody but staff creates or edits them through the API', async () => {
    const mk = (n: string) => payload.create({ collection: 'users', overrideAccess: true, data: { email: `${n}-${Date.now()}@example.co.uk`, password: 'customer password 1234', role: 'customer', firstName: n, lastName: 'Rider' } as never })
    const [alice, bob] = [await mk('alice'), await mk('bob')]
    const mine = await bookService(payload, serviceInput(tiers['safety-check']!, days[38]!), { customerId: alice.id })
    if (!mine.ok) throw new Error(mine.message)
    const aliceSees = await payload.find({ collection: 'bookings', overrideAccess: false, user: alice })
    expect(aliceSees.docs.map((d) => d.id)).toEqual([mine.bookingId])
    expect(aliceSees.docs[0]).not.toHaveProperty('staffNotes')
    expect((await payload.find({ collection: 'bookings', overrideAccess: false, user: bob })).totalDocs).toBe(0)
    await expect(payload.find({ collection: 'bookings', overrideAccess: false })).rejects.toThrow(/not allowed/)
    await expect(payload.findByID({ collection: 'bookings', id: mine.bookingId, overrideAccess: false, user: bob })).rejects.toThrow()
    await expect(payload.update({ collection: 'bookings', id: mine.bookingId, overrideAccess: false, user: alice, data: { status: 'cancelled' } as never })).rejects.toThrow()
    await expect(payload.create({ collection: 'bookings', overrideAccess: false, user: alice, data: { kind: 'service', day: days[38], ...contact } as never })).rejects.toThrow()
    await expect(payload.find({ collection: 'booking-days', overrideAccess: false, user: alice })).rejects.toThrow(/not allowed/)
    expect(bookingToken(payload, { id: mine.bookingId, day: days[38]! })).not.toContain(String(mine.bookingId) + '.')
  })
})
