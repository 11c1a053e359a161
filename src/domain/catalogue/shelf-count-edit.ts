// A shelf count staff type in the admin is a change to the count they saw, not a count to write over what was sold
// or taken in since: the admin's form sends back the number it loaded, perhaps minutes ago, and the checkout and the
// stock feed move the count with their own statements meanwhile.

/**
 * The shelf count to write when an update sends `sent`, the form having loaded `seen`, and the count being `current`
 * now: the count now plus what staff changed, never below nothing. Without `seen` (an API client), `sent` is the
 * count. `undefined` when nothing usable was sent (the field's validation answers a bad value).
 */
export function shelfCountAfterEdit(current: number, sent: unknown, seen: unknown): number | undefined {
  if (!isCount(sent)) return undefined
  if (!isCount(seen)) return sent
  return Math.max(0, current + (sent - seen))
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
