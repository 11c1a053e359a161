// The booking engine's rules as the dealer set them in admin › Settings (with working defaults for a shop
// whose settings were never saved): the workshop's capacity and days, the test-ride windows.
import type { BookingRules, Closure } from '../../domain/booking/availability'
import { workshopCapacityMinutes } from '../../domain/booking/availability'
import { WEEKDAYS, type Weekday } from '../../domain/booking/calendar'
import { dropOffTimesText } from '../../domain/booking/drop-off'
import type { SiteSetting } from '../../payload-types'

export interface RideWindow {
  readonly starts: string
  readonly minutes: number
}

export interface BookingSettings {
  readonly dealerName: string
  readonly address: string
  readonly phone: string
  readonly workshop: BookingRules & { readonly collectionDays: number; readonly dropOffTimes: string; readonly whatToBring: string; readonly terms: string }
  readonly testRides: BookingRules & { readonly windows: readonly RideWindow[]; readonly allowCbtOn125: boolean; readonly excessPence: number; readonly terms: string }
}

const DEFAULT_DAYS: Weekday[] = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const DEFAULT_WINDOWS: RideWindow[] = [{ starts: '10:00', minutes: 60 }, { starts: '12:00', minutes: 60 }, { starts: '14:00', minutes: 60 }, { starts: '16:00', minutes: 60 }]

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const days = (v: unknown): Weekday[] => (Array.isArray(v) ? v.filter((d): d is Weekday => WEEKDAYS.includes(d as Weekday)) : DEFAULT_DAYS)

type Settings = Partial<SiteSetting> | null | undefined

export function bookingSettingsFrom(settings: Settings): BookingSettings {
  const s = (settings ?? {}) as Partial<SiteSetting>
  const closures: Closure[] = (s.closures ?? []).map((c) => ({ day: c.day, reason: c.reason ?? null }))
  const w = s.workshop ?? ({} as Partial<NonNullable<SiteSetting['workshop']>>)
  const t = s.testRides ?? ({} as Partial<NonNullable<SiteSetting['testRides']>>)
  const windows = (t.windows ?? []).filter((x) => /^([01]\d|2[0-3]):[0-5]\d$/.test(x.starts)).map((x) => ({ starts: x.starts, minutes: num(x.minutes, 60) }))
  const a = s.address
  return {
    dealerName: s.dealerName ?? 'Wheelhouse',
    address: [s.dealerName ?? 'Wheelhouse', a?.line1, a?.line2, a?.town, a?.postcode].filter(Boolean).join(', '),
    phone: s.phone ?? '',
    workshop: {
      openWeekdays: w.openDays == null ? DEFAULT_DAYS : days(w.openDays),
      closures,
      dailyCapacity: workshopCapacityMinutes(num(w.mechanics, 2), num(w.hoursPerMechanic, 8), num(w.productivePercent, 80)),
      leadDays: num(w.leadDays, 1),
      horizonDays: num(w.horizonDays, 60),
      changeCutoffHours: num(w.changeCutoffHours, 24),
      collectionDays: num(w.collectionDays, 5),
      // Never earlier than the shop opens on a workshop day.
      dropOffTimes: dropOffTimesText(w.dropOffTimes ?? 'between 9:00 and 10:00', s.openingHours ?? [], w.openDays == null ? DEFAULT_DAYS : days(w.openDays)),
      whatToBring: w.whatToBring ?? 'Your bike, keys for any locks, and for e-bikes the charger and battery key.',
      terms: w.terms ?? 'We quote any extra work and do it only with your approval or within the limit you pre-authorise. Payment is due on collection.',
    },
    testRides: {
      openWeekdays: t.openDays == null ? DEFAULT_DAYS : days(t.openDays),
      closures,
      dailyCapacity: 1,
      leadDays: num(t.leadDays, 1),
      horizonDays: num(t.horizonDays, 30),
      changeCutoffHours: num(t.changeCutoffHours, 2),
      windows: windows.length ? windows : DEFAULT_WINDOWS,
      allowCbtOn125: t.allowCbtOn125 ?? false,
      excessPence: num(t.excessPence, 50_000),
      terms: t.terms ?? 'Bring your photocard driving licence on the day: no licence, no ride. You pay the damage excess if the bike is damaged while you ride it.',
    },
  }
}

export const WORKSHOP_RESOURCE = 'workshop'

/** One demo bike in one time window: capacity 1. */
export function rideResource(productId: number, window: string): string {
  return `ride:${productId}:${window}`
}

export function capacityOf(settings: BookingSettings, resource: string): number {
  return resource === WORKSHOP_RESOURCE ? settings.workshop.dailyCapacity : 1
}
