// One calendar event as an RFC 5545 iCalendar file: CRLF line ends, lines folded at 75 octets, text escaped,
// all-day events as DTSTART;VALUE=DATE and timed ones in UTC.
import { addDays, type IsoDay } from './calendar'

export interface CalendarEvent {
  /** Globally unique and stable for the booking, so a re-sent file updates the same event. */
  readonly uid: string
  readonly stamp: Date
  readonly summary: string
  readonly description?: string
  readonly location?: string
  readonly url?: string
  /** Either an all-day event on `day`, or `start` to `end`. */
  readonly day?: IsoDay
  readonly start?: Date
  readonly end?: Date
  /** A cancelled booking sends STATUS:CANCELLED with a higher sequence. */
  readonly cancelled?: boolean
  readonly sequence?: number
}

export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n')
}

/** Folds one content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = encoder.encode(ch).length
    const limit = out.length === 0 ? 75 : 74 // continuation lines start with one space
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

const encoder = new TextEncoder()

function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

function dateValue(day: IsoDay): string {
  return day.replace(/-/g, '')
}

export function buildIcs(event: CalendarEvent): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Wheelhouse//Bookings//EN', 'CALSCALE:GREGORIAN', `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`, 'BEGIN:VEVENT']
  lines.push(`UID:${event.uid}`, `DTSTAMP:${utcStamp(event.stamp)}`, `SEQUENCE:${event.sequence ?? 0}`)
  if (event.day) {
    lines.push(`DTSTART;VALUE=DATE:${dateValue(event.day)}`, `DTEND;VALUE=DATE:${dateValue(addDays(event.day, 1))}`, 'TRANSP:TRANSPARENT')
  } else if (event.start && event.end) {
    lines.push(`DTSTART:${utcStamp(event.start)}`, `DTEND:${utcStamp(event.end)}`)
  } else {
    throw new Error('A calendar event needs a day or a start and an end')
  }
  lines.push(`SUMMARY:${escapeIcsText(event.summary)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`)
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`)
  if (event.url) lines.push(`URL:${event.url}`)
  lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT', 'END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
