// Calendar days as ISO strings (YYYY-MM-DD) and the shop's clock in UK time (Europe/London). Day arithmetic
// runs on UTC dates so it never trips over the clocks going forward or back.

export type IsoDay = string
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: unknown): value is IsoDay {
  if (typeof value !== 'string') return false
  const m = DAY_PATTERN.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

function toUtc(day: IsoDay): Date {
  const m = DAY_PATTERN.exec(day)
  if (!m) throw new Error(`Not a day: ${day}`)
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

export function addDays(day: IsoDay, n: number): IsoDay {
  const d = toUtc(day)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000)
}

export function weekdayOf(day: IsoDay): Weekday {
  return WEEKDAYS[(toUtc(day).getUTCDay() + 6) % 7]!
}

const londonParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

function partsInLondon(instant: Date): { day: IsoDay; hour: number; minute: number } {
  const p = Object.fromEntries(londonParts.formatToParts(instant).map((x) => [x.type, x.value]))
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) }
}

/** The day it is in the UK at `instant`. */
export function londonDay(instant: Date): IsoDay {
  return partsInLondon(instant).day
}

/** The instant a UK wall-clock time (hh:mm on `day`) happens: GMT in winter, BST in summer. */
export function londonInstant(day: IsoDay, hhmm = '00:00'): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  const utc = toUtc(day).getTime() + (h * 60 + m) * 60_000
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(utc - offsetHours * 3_600_000)
    const p = partsInLondon(candidate)
    if (p.day === day && p.hour === h && p.minute === m) return candidate
  }
  return new Date(utc) // a time skipped when the clocks go forward: take it as GMT
}

const longDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })

/** "Saturday 14 November 2026" */
export function formatDayLong(day: IsoDay): string {
  return longDay.format(toUtc(day)).replace(',', '')
}

/** "Sat 14 Nov" */
export function formatDayShort(day: IsoDay): string {
  return shortDay.format(toUtc(day)).replace(',', '')
}
