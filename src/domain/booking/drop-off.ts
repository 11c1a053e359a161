// When customers may bring a bike to the workshop: the dealer's stated window, never starting before the shop opens.
import type { Weekday } from './calendar'

export interface OpeningDay {
  readonly day: Weekday
  readonly opens?: string | null
  readonly closed?: boolean | null
}

const TIME = /\b([01]?\d|2[0-3])[:.]([0-5]\d)\b/

const minutes = (hhmm: string): number | null => {
  const m = TIME.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}
const clock = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`

/**
 * The drop-off times as the customer reads them ("between 9:00 and 10:00"). The dealer writes the window as text;
 * when it starts before the shop opens on a workshop day (the seeded "between 8:30 and 10:00" against a 9:00
 * opening), the start moves to the opening time, taking the latest opening of the workshop's days so the window
 * holds on every one of them. Text without a time, or a shop with no opening hours set, is left as written.
 */
export function dropOffTimesText(stated: string, opening: readonly OpeningDay[], workshopDays: readonly Weekday[]): string {
  const opens = opening
    .filter((d) => workshopDays.includes(d.day) && !d.closed && d.opens)
    .map((d) => minutes(d.opens!))
    .filter((m): m is number => m !== null)
  if (opens.length === 0) return stated
  const open = Math.max(...opens)
  const match = TIME.exec(stated)
  if (!match) return stated
  const start = Number(match[1]) * 60 + Number(match[2])
  if (start >= open) return stated
  return `${stated.slice(0, match.index)}${clock(open)}${stated.slice(match.index + match[0].length)}`
}
