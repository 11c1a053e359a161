// A date as a person in the UK reads it, "14 December 2026", on the UK's calendar whatever the zone of the server or
// the browser: an instant just after midnight in London is still the day before in UTC, and a customer abroad would
// otherwise see their own day.

// Made on first use: this module is in browser code too, and building a time-zone formatter there costs a page's main
// thread about 20 ms at load (measured in a Chromium profile) for text few pages show.
let longFormat: Intl.DateTimeFormat | undefined

/** "14 December 2026", the UK's day of `at`. */
export function ukLongDate(at: Date | string | number): string {
  longFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })
  return longFormat.format(new Date(at))
}
