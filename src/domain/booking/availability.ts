// The booking engine: which days can take a job, and whether a booking still fits. Every resource (the
// workshop, one demo bike in one time window) has a daily capacity in minutes (or units, capacity 1 for a
// demo bike); the same rules answer the calendar, the form's check and the staff day view.
import { addDays, daysBetween, isIsoDay, londonDay, londonInstant, weekdayOf, type IsoDay, type Weekday } from './calendar'

export interface Closure {
  readonly day: IsoDay
  readonly reason?: string | null
}

export interface BookingRules {
  /** Weekdays the resource works. */
  readonly openWeekdays: readonly Weekday[]
  /** Bank holidays, staff holidays and other closed days. */
  readonly closures: readonly Closure[]
  /** Minutes (or units) the resource can take per open day. */
  readonly dailyCapacity: number
  /** Whole days between today and the earliest bookable day (1: tomorrow at the earliest). */
  readonly leadDays: number
  /** The latest bookable day is today plus this many days. */
  readonly horizonDays: number
  /** Customers may cancel or move a booking until this many hours before the day starts (UK time). */
  readonly changeCutoffHours: number
}

export type DayProblemCode = 'invalid_day' | 'past' | 'too_soon' | 'beyond_window' | 'closed' | 'full'

export interface DayProblem {
  readonly code: DayProblemCode
  readonly message: string
}

/** Workshop minutes per day: mechanics × hours × the productive share (e.g. 80%), rounded down. */
export function workshopCapacityMinutes(mechanics: number, hoursPerMechanic: number, productivePercent: number): number {
  const m = Math.max(0, Math.floor(mechanics))
  const h = Math.max(0, hoursPerMechanic)
  const p = Math.min(100, Math.max(0, productivePercent))
  return Math.floor((m * h * 60 * p) / 100)
}

export function closureOn(rules: BookingRules, day: IsoDay): Closure | undefined {
  return rules.closures.find((c) => c.day === day)
}

export function isOpen(rules: BookingRules, day: IsoDay): boolean {
  return rules.openWeekdays.includes(weekdayOf(day)) && !closureOn(rules, day)
}

export function firstBookableDay(rules: BookingRules, today: IsoDay): IsoDay {
  return addDays(today, Math.max(0, rules.leadDays))
}

export function lastBookableDay(rules: BookingRules, today: IsoDay): IsoDay {
  return addDays(today, Math.max(0, rules.horizonDays))
}

/**
 * Why `day` cannot be booked at all (whatever is already booked), or null. Staff booking phone and walk-in
 * customers are not held to the lead time (`ignoreLeadTime`) but still to open days and the window.
 */
export function dayProblem(rules: BookingRules, today: IsoDay, day: unknown, options: { ignoreLeadTime?: boolean } = {}): DayProblem | null {
  if (!isIsoDay(day)) return { code: 'invalid_day', message: 'Choose a day from the calendar.' }
  if (daysBetween(today, day) < 0) return { code: 'past', message: 'That day has already passed: choose a later day.' }
  if (!options.ignoreLeadTime && daysBetween(firstBookableDay(rules, today), day) < 0) {
    return { code: 'too_soon', message: rules.leadDays === 1 ? 'We need at least a day’s notice: the earliest day is tomorrow.' : `We need ${rules.leadDays} days’ notice: choose a later day.` }
  }
  if (daysBetween(day, lastBookableDay(rules, today)) < 0) return { code: 'beyond_window', message: `We take bookings up to ${rules.horizonDays} days ahead: choose an earlier day.` }
  const closure = closureOn(rules, day)
  if (closure) return { code: 'closed', message: `We are closed that day${closure.reason ? ` (${closure.reason})` : ''}: choose another day.` }
  if (!rules.openWeekdays.includes(weekdayOf(day))) return { code: 'closed', message: `We do not take bookings on ${weekdayOf(day)}s: choose another day.` }
  return null
}

/** Whether a job of `minutes` still fits a day that has `used` of `capacity`: the rule the database's conditional update enforces. */
export function fits(used: number, minutes: number, capacity: number): boolean {
  return minutes > 0 && used + minutes <= capacity
}

export type UsageOf = (day: IsoDay) => number

export interface OpenDay {
  readonly day: IsoDay
  readonly remaining: number
}

/** Every day from the first to the last bookable one that is open, with what is left of its capacity. */
export function openDays(rules: BookingRules, today: IsoDay, usage: UsageOf): OpenDay[] {
  const out: OpenDay[] = []
  const last = lastBookableDay(rules, today)
  for (let day = firstBookableDay(rules, today); daysBetween(day, last) >= 0; day = addDays(day, 1)) {
    if (isOpen(rules, day)) out.push({ day, remaining: Math.max(0, rules.dailyCapacity - usage(day)) })
  }
  return out
}

/** The days that can take a job of `minutes`, earliest first (at most `limit`). */
export function daysThatFit(rules: BookingRules, today: IsoDay, usage: UsageOf, minutes: number, limit = Infinity): IsoDay[] {
  const out: IsoDay[] = []
  for (const d of openDays(rules, today, usage)) {
    if (out.length >= limit) break
    if (fits(rules.dailyCapacity - d.remaining, minutes, rules.dailyCapacity)) out.push(d.day)
  }
  return out
}

export type FitCheck = { readonly ok: true } | ({ readonly ok: false; readonly nextDays: readonly IsoDay[] } & DayProblem)

/** Does a job of `minutes` on `day` still fit: the day is bookable and its capacity has room. */
export function checkFit(rules: BookingRules, today: IsoDay, day: unknown, minutes: number, usage: UsageOf, options: { ignoreLeadTime?: boolean } = {}): FitCheck {
  const problem = dayProblem(rules, today, day, options)
  const next = () => daysThatFit(rules, today, usage, minutes, 3)
  if (problem) return { ok: false, ...problem, nextDays: next() }
  if (!fits(usage(day as IsoDay), minutes, rules.dailyCapacity)) {
    return { ok: false, code: 'full', message: fullMessage(minutes > rules.dailyCapacity), nextDays: next() }
  }
  return { ok: true }
}

export function fullMessage(neverFits = false): string {
  return neverFits ? 'That job is longer than a whole day of our workshop: please call us to arrange it.' : 'Sorry, that day has just filled up: please choose another day.'
}

/**
 * Whether the customer may still cancel or move a booking for `day`: until `changeCutoffHours` before the
 * day starts in the UK.
 */
export function canCustomerChange(rules: BookingRules, now: Date, day: IsoDay): boolean {
  const deadline = londonInstant(day).getTime() - rules.changeCutoffHours * 3_600_000
  return now.getTime() < deadline
}

export function todayInUk(now: Date): IsoDay {
  return londonDay(now)
}
