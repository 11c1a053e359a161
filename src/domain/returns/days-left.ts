// Days from today to a deadline (a return's refund deadline), for staff screens: negative once it has passed.
import { daysBetween, type IsoDay } from '../booking/calendar'

export function daysLeft(deadline: IsoDay, today: IsoDay): number {
  return daysBetween(today, deadline)
}

export function daysLeftText(deadline: IsoDay | null | undefined, today: IsoDay): string {
  if (!deadline) return 'no deadline yet (waiting for the goods or proof of posting)'
  const n = daysLeft(deadline, today)
  return n < 0 ? `${deadline}: ${-n} day${n === -1 ? '' : 's'} overdue` : n === 0 ? `${deadline}: due today` : `${deadline}: ${n} day${n === 1 ? '' : 's'} left`
}
