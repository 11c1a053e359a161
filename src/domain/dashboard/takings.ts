// The dashboard's takings: today, this week (from Monday) and this month so far in UK time, each against the period
// before it up to the same point (yesterday by this hour, last week by this weekday and hour, last month by this day
// and hour), and the daily takings of the last 8 weeks. The database answers money per UTC hour; this file alone
// turns hours into the shop's days, so the clocks going forward or back move no sale into the wrong day.
import { addDays, londonDay, londonInstant, weekdayOf, WEEKDAYS, type IsoDay } from '../booking/calendar'
import type { Pence } from '../money'

export const CHART_DAYS = 56

/** Money taken in one UTC hour: `hour` is the hour's start as an ISO instant. */
export interface HourTakings {
  readonly hour: string
  readonly pence: Pence
}

export type PeriodKey = 'today' | 'week' | 'month'

export interface Period {
  readonly key: PeriodKey
  readonly label: string
  readonly previousLabel: string
  readonly from: Date
  readonly to: Date
  readonly previousFrom: Date
  readonly previousTo: Date
}

export interface PeriodTakings extends Period {
  readonly pence: Pence
  readonly previousPence: Pence
}

function monthStart(day: IsoDay, monthsBack: number): IsoDay {
  const [y, m] = day.split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 - monthsBack, 1))
  return d.toISOString().slice(0, 10)
}

/** The three periods at `now`, each with the stretch of the one before that compares with it. */
export function takingsPeriods(now: Date): Period[] {
  const today = londonDay(now)
  const monday = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)))
  const thisMonth = monthStart(today, 0)
  const lastMonth = monthStart(today, 1)
  const period = (key: PeriodKey, label: string, previousLabel: string, from: IsoDay, previousFrom: IsoDay, previousEnd: IsoDay): Period => {
    const start = londonInstant(from)
    const previousStart = londonInstant(previousFrom)
    // The same time into the previous period, but never past its end (31 March against a 28-day February).
    const previousTo = new Date(Math.min(previousStart.getTime() + (now.getTime() - start.getTime()), londonInstant(previousEnd).getTime()))
    return { key, label, previousLabel, from: start, to: now, previousFrom: previousStart, previousTo }
  }
  return [
    period('today', 'Today', 'yesterday by this time', today, addDays(today, -1), today),
    period('week', 'This week', 'last week by this time', monday, addDays(monday, -7), monday),
    period('month', 'This month', 'last month by this time', thisMonth, lastMonth, thisMonth),
  ]
}

/** The earliest instant the dashboard's takings need: the chart's first day or last month's first day. */
export function takingsSince(now: Date): Date {
  const chartStart = londonInstant(addDays(londonDay(now), -(CHART_DAYS - 1)))
  const lastMonth = takingsPeriods(now).find((p) => p.key === 'month')!.previousFrom
  return chartStart < lastMonth ? chartStart : lastMonth
}

const within = (at: number, from: Date, to: Date) => at >= from.getTime() && at < to.getTime()

/** Each period's takings and its comparison's from the hourly takings (an hour counts when it starts inside). */
export function periodTakings(now: Date, hours: readonly HourTakings[]): PeriodTakings[] {
  return takingsPeriods(now).map((p) => {
    let pence = 0
    let previousPence = 0
    for (const h of hours) {
      const at = Date.parse(h.hour)
      if (within(at, p.from, p.to)) pence += h.pence
      if (within(at, p.previousFrom, p.previousTo)) previousPence += h.pence
    }
    return { ...p, pence, previousPence }
  })
}

export interface DayTakings {
  readonly day: IsoDay
  readonly pence: Pence
}

/** The last CHART_DAYS UK days, oldest first, each with its takings (0 when nothing was taken). */
export function dailyTakings(now: Date, hours: readonly HourTakings[]): DayTakings[] {
  const today = londonDay(now)
  const days = new Map<IsoDay, number>()
  for (let i = CHART_DAYS - 1; i >= 0; i--) days.set(addDays(today, -i), 0)
  for (const h of hours) {
    const day = londonDay(new Date(h.hour))
    if (days.has(day)) days.set(day, days.get(day)! + h.pence)
  }
  return [...days].map(([day, pence]) => ({ day, pence }))
}

/** "up 12%", "down 40%", "level", or "new" when nothing was taken before. */
export function changeInWords(pence: Pence, previousPence: Pence): string {
  if (previousPence === 0) return pence === 0 ? 'level' : 'new'
  const percent = Math.round(((pence - previousPence) / previousPence) * 100)
  if (percent === 0) return 'level'
  return percent > 0 ? `up ${percent}%` : `down ${-percent}%`
}
