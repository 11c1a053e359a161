// The booking routes as a browser calls them: a good booking is 201 with a signed token, its .ics is served
// only for that token, and every kind of bad input is a clear 4xx that writes nothing (never a 500).
import { describe, expect, it } from 'vitest'
import { todayInUk } from '../../src/domain/booking/availability'
import { addDays } from '../../src/domain/booking/calendar'
import { days, tiers, withBookableWorkshop } from './booking-fixtures'
import { db, payload } from './payload'
import { fileOutbox } from './outbox'

fileOutbox('bookings-api')

const { POST: bookRoute } = await import('../../src/app/api/bookings/services/route')
const { POST: rideRoute } = await import('../../src/app/api/bookings/test-rides/route')
const { POST: manageRoute } = await import('../../src/app/api/bookings/manage/route')
const { GET: calendarRoute } = await import('../../src/app/api/bookings/calendar/route')
const { signBookingToken } = await import('../../src/features/bookings/manage-token.server')

withBookableWorkshop()

function body(extra: Record<string, unknown> = {}) {
  return {
    tierId: tiers['full-service'],
    addOnIds: [],
    day: days[2],
    bike: { make: 'Brompton', model: 'C Line', bikeType: 'folding', eBike: false, notes: '' },
    contact: { firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700 900123' },
    extraWorkLimitPence: 0,
    acceptTerms: true,
    ...extra,
  }
}

function post(route: (r: Request) => Promise<Response>, data: string | object, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return route(new Request('http://shop.test/api/bookings', { method: 'POST', headers, body: typeof data === 'string' ? data : JSON.stringify(data) }))
}

const count = async () => (await payload.count({ collection: 'bookings', overrideAccess: true })).totalDocs

describe(`booking routes on ${db}`, () => {
  it('books: 201 with a signed token; the .ics is text/calendar for that token only', async () => {
    const res = await post(bookRoute, body())
    expect(res.status).toBe(201)
    const json = (await res.json()) as { reference: string; token: string; successUrl: string }
    expect(json.successUrl).toBe(`/bicycle-services-success?token=${json.token}`)
    const ics = await calendarRoute(new Request(`http://shop.test/api/bookings/calendar?token=${json.token}`))
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = await ics.text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toContain(`DTSTART;VALUE=DATE:${days[2]!.replace(/-/g, '')}`)
    expect((await calendarRoute(new Request('http://shop.test/api/bookings/calendar?token=1'))).status).toBe(403)
    expect((await calendarRoute(new Request('http://shop.test/api/bookings/calendar'))).status).toBe(403)
  })

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await count()
    const today = todayInUk(new Date())
    const cases: [Promise<Response>, number, RegExp][] = [
      [post(bookRoute, body(), { 'content-type': 'text/plain' }), 415, /JSON/],
      [post(bookRoute, body(), { 'content-type': 'application/x-www-form-urlencoded' }), 415, /JSON/],
      [post(bookRoute, '{"tierId": 1,'), 400, /not valid JSON/],
      [post(bookRoute, '[]'), 400, /invalid|expected/i],
      [post(bookRoute, body({ totalPence: 1 })), 400, /unexpected field totalPence/],
      [post(bookRoute, body({ bike: { make: 'x', bikeType: 'road', pricePence: 1 } })), 400, /unexpected field pricePence/],
      [post(bookRoute, body({ bike: { make: 'x'.repeat(20_000), bikeType: 'road' } })), 413, /at most/],
      [post(bookRoute, body({ contact: { firstName: 'A'.repeat(500), lastName: 'B', email: 'a@b.co', phone: '07700900123' } })), 400, /80 characters/],
      [post(bookRoute, body({ tierId: 999_999 })), 422, /Choose one of the services/],
      [post(bookRoute, body({ tierId: 'full' })), 400, /Choose from the list/],
      [post(bookRoute, body({ day: addDays(today, -3) })), 422, /already passed/],
      [post(bookRoute, body({ day: addDays(today, 400) })), 422, /up to 60 days ahead/],
      [post(bookRoute, body({ day: '2026-02-30' })), 422, /Choose a day/],
      [post(bookRoute, body({ acceptTerms: false })), 400, /accept the terms/],
      [post(rideRoute, { productId: 1, day: days[0], window: '10:00', licence: 'B', contact: body().contact, acceptTerms: true }), 400, /licence/],
      [post(rideRoute, { productId: 999_999, day: days[0], window: '10:00', licence: 'A', contact: body().contact, acceptTerms: true }), 404, /not available for test rides/],
      [post(manageRoute, { action: 'cancel', token: 'forged.token' }), 403, /not valid/],
      [post(manageRoute, { action: 'explode', token: 'x' }), 400, /action/],
      [post(manageRoute, { action: 'cancel', token: await signBookingToken({ bookingId: 1, purpose: 'manage', expires: 1 }) }), 410, /expired/],
      [post(manageRoute, { action: 'reschedule', token: 'a.b', day: 'soon' }), 400, /Choose a day/],
    ]
    for (const [response, status, message] of cases) {
      const res = await response
      const json = (await res.json()) as { error: string; message: string }
      expect({ status: res.status, message: json.message }).toMatchObject({ status, message: expect.stringMatching(message) })
    }
    // a closed day (Monday in the small workshop's week)
    const monday = Array.from({ length: 7 }, (_, i) => addDays(today, i + 2)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 1)!
    const closed = await post(bookRoute, body({ day: monday }))
    expect(closed.status).toBe(422)
    expect(((await closed.json()) as { nextDays: string[] }).nextDays.length).toBeGreaterThan(0)
    expect(await count()).toBe(before)
  })
})
