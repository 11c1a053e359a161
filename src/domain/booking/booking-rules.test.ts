import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildIcs, escapeIcsText, foldLine } from './ics'
import { checkStatusChange, extraWorkPreAuthorised, holdsCapacity, JOB_STATUSES } from './job-status'
import { checkLicence, requiredCategory, RIDER_LICENCES } from './licence'
import { quoteService, type ServiceOption } from './service-pricing'

const options: ServiceOption[] = [
  { id: 1, name: 'Safety check', kind: 'tier', pricePence: 2500, workshopMinutes: 30, eBikeOnly: false, active: true },
  { id: 2, name: 'Full service', kind: 'tier', pricePence: 12900, workshopMinutes: 180, eBikeOnly: false, active: true },
  { id: 3, name: 'E-bike system service', kind: 'tier', pricePence: 9900, workshopMinutes: 120, eBikeOnly: true, active: true },
  { id: 4, name: 'Tubeless set-up', kind: 'add-on', pricePence: 3000, workshopMinutes: 30, eBikeOnly: false, active: true },
  { id: 5, name: 'Old add-on', kind: 'add-on', pricePence: 1000, workshopMinutes: 10, eBikeOnly: false, active: false },
]

describe('service pricing', () => {
  it('prices the tier and add-ons from the shop’s own list, once each', () => {
    expect(quoteService(options, 2, [4, 4], false)).toMatchObject({ ok: true, totalPence: 15900, minutes: 210 })
    expect(quoteService(options, 4, [], false)).toMatchObject({ ok: false, field: 'tier' })
    expect(quoteService(options, 99, [], false)).toMatchObject({ ok: false, field: 'tier' })
    expect(quoteService(options, 3, [], false)).toMatchObject({ ok: false, field: 'tier', message: expect.stringContaining('e-bike') })
    expect(quoteService(options, 3, [], true)).toMatchObject({ ok: true, totalPence: 9900 })
    expect(quoteService(options, 1, [5], false)).toMatchObject({ ok: false, field: 'addOns' })
  })

  it('property: the total is the sum of integer line prices', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2), fc.subarray([4]), (tier, addOns) => {
        const q = quoteService(options, tier, addOns, false)
        expect(q.ok && Number.isSafeInteger(q.totalPence) && q.totalPence === q.lines.reduce((s, l) => s + l.pricePence, 0)).toBe(true)
      }),
    )
  })
})

describe('licence check', () => {
  const ktm390 = { name: 'KTM 390 Duke', engineCc: 399, powerKw: 33, weightKg: 165 }
  const superDuke = { name: 'KTM 1390 Super Duke R', engineCc: 1350, powerKw: 140, weightKg: 200 }
  const cb125 = { name: 'Honda CB125F', engineCc: 124, powerKw: 8, weightKg: 117 }
  const kisbee = { name: 'Peugeot Kisbee 50', engineCc: 50, powerKw: 2.2, weightKg: 90 }

  it('knows which category each bike needs', () => {
    expect(requiredCategory(kisbee).category).toBe('AM')
    expect(requiredCategory(cb125).category).toBe('A1')
    expect(requiredCategory(ktm390).category).toBe('A2')
    expect(requiredCategory(superDuke).category).toBe('A')
    expect(requiredCategory({ name: 'Restricted', engineCc: 900, powerKw: 35, weightKg: 200, restrictedFromKw: 85 }).category).toBe('A')
    expect(requiredCategory({ name: 'Restricted', engineCc: 650, powerKw: 35, weightKg: 200, restrictedFromKw: 70 }).category).toBe('A2')
    expect(requiredCategory({ name: 'Light', engineCc: 300, powerKw: 30, weightKg: 140 }).category).toBe('A') // 0.21 kW/kg
  })

  it('accepts an A2 licence on an A2 bike and refuses it on a litre bike with the reason', () => {
    expect(checkLicence('A2', ktm390, { allowCbtOn125: false })).toMatchObject({ ok: true })
    const refused = checkLicence('A2', superDuke, { allowCbtOn125: false })
    expect(refused).toMatchObject({ ok: false, category: 'A', reason: expect.stringContaining('140 kW is over the A2 limit of 35 kW') })
  })

  it('accepts CBT only on 125 cc learner bikes and only when the dealer allows it', () => {
    expect(checkLicence('CBT', cb125, { allowCbtOn125: false }).ok).toBe(false)
    expect(checkLicence('CBT', cb125, { allowCbtOn125: true }).ok).toBe(true)
    expect(checkLicence('CBT', ktm390, { allowCbtOn125: true }).ok).toBe(false)
  })

  it('property: a higher licence covers everything a lower one does', () => {
    const order = ['AM', 'A1', 'A2', 'A'] as const
    fc.assert(
      fc.property(fc.integer({ min: 49, max: 1900 }), fc.double({ min: 1, max: 160, noNaN: true }), fc.integer({ min: 60, max: 350 }), (engineCc, powerKw, weightKg) => {
        const bike = { name: 'Bike', engineCc, powerKw, weightKg }
        const oks = order.map((l) => checkLicence(l, bike, { allowCbtOn125: false }).ok)
        for (let i = 1; i < oks.length; i++) if (oks[i - 1]) expect(oks[i]).toBe(true)
        expect(oks[3]).toBe(true)
        expect(RIDER_LICENCES).toContain('CBT')
      }),
    )
  })
})

describe('job workflow', () => {
  it('allows the workshop path and refuses skipping steps', () => {
    expect(checkStatusChange('service', 'booked', 'checked_in').ok).toBe(true)
    expect(checkStatusChange('service', 'in_progress', 'awaiting_approval').ok).toBe(true)
    expect(checkStatusChange('service', 'awaiting_approval', 'ready_for_collection').ok).toBe(true)
    expect(checkStatusChange('service', 'ready_for_collection', 'collected').ok).toBe(true)
    expect(checkStatusChange('service', 'booked', 'collected')).toMatchObject({ ok: false, message: expect.stringContaining('Checked in') })
    expect(checkStatusChange('service', 'collected', 'booked')).toMatchObject({ ok: false, message: expect.stringContaining('final') })
    expect(checkStatusChange('test_ride', 'booked', 'checked_in').ok).toBe(false)
    expect(JOB_STATUSES.filter(holdsCapacity)).not.toContain('cancelled')
    expect(extraWorkPreAuthorised(4000, 5000)).toBe(true)
    expect(extraWorkPreAuthorised(6000, 5000)).toBe(false)
    expect(extraWorkPreAuthorised(100, 0)).toBe(false)
  })
})

describe('iCalendar', () => {
  it('writes an all-day RFC 5545 event with CRLF lines, UID, DTSTAMP and escaped text', () => {
    const ics = buildIcs({ uid: 'booking-7@wheelhouse.local', stamp: new Date('2026-12-01T10:00:00Z'), day: '2026-12-05', summary: 'Bike drop-off: Full service, Wheelhouse', description: 'Bring keys; lights\nand charger', location: '1 Dealer Way, Leeds' })
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics).toContain('\r\nUID:booking-7@wheelhouse.local\r\n')
    expect(ics).toContain('\r\nDTSTAMP:20261201T100000Z\r\n')
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261205\r\nDTEND;VALUE=DATE:20261206\r\n')
    expect(ics).toContain('SUMMARY:Bike drop-off: Full service\\, Wheelhouse')
    expect(ics).toContain('DESCRIPTION:Bring keys\\; lights\\nand charger')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('property: folded lines are at most 75 octets and unfold to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (s) => {
        const line = `DESCRIPTION:${escapeIcsText(s)}`
        const folded = foldLine(line)
        for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
        expect(folded.replace(/\r\n /g, '')).toBe(line)
      }),
    )
  })
})
