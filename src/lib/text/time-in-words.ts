// When something happened, as staff read it in the admin: "3 minutes ago", "in 2 hours", "yesterday", with the UK
// date and time beside it where the exact moment matters (a backup, a job's last try).

const ukDateTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

const UNITS: readonly [number, string][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [Number.POSITIVE_INFINITY, 'week'],
]

/** "just now", "5 minutes ago", "in 3 hours", "2 days ago", "6 weeks ago". */
export function relativeTime(at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  let amount = Math.abs(seconds)
  for (const [size, unit] of UNITS) {
    if (amount < size) {
      const whole = Math.round(amount)
      const words = `${whole} ${unit}${whole === 1 ? '' : 's'}`
      return seconds < 0 ? `${words} ago` : `in ${words}`
    }
    amount /= size
  }
  return ''
}

/** "Sat 28 Nov, 03:00 (2 hours ago)" in UK time. */
export function timeInWords(at: Date | string | null | undefined, now: Date): string {
  if (at == null || at === '') return '—'
  const when = typeof at === 'string' ? new Date(at) : at
  if (Number.isNaN(when.getTime())) return '—'
  return `${ukDateTime.format(when).replace(',', '')} (${relativeTime(when, now)})`
}
