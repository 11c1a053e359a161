// UK registration marks (VRMs): their shape, and the year of first registration their age identifier gives.
// Current plates (2001 on): AB12 CDE, "12" = March 2012, "62" = September 2012. Prefix plates (1983-2001):
// A123 BCD, the first letter a year from August. Suffix plates (1963-1983): ABC 123D, the last letter likewise.
// Dateless and Northern Ireland plates carry no year, so the customer is asked for it.

export type VrmFormat = 'current' | 'prefix' | 'suffix' | 'dateless'

export interface ParsedVrm {
  /** Upper case, no spaces: how the mark is stored and sent to a provider. */
  readonly vrm: string
  readonly format: VrmFormat
  /** The year of first registration the mark shows, or null when it shows none. */
  readonly year: number | null
}

// I, Q and Z are not used as year letters; prefix and suffix letters run A..Y skipping them.
const YEAR_LETTERS = 'ABCDEFGHJKLMNPRSTVWXY'

/** Prefix letters from August 1983 (A) yearly to S (August 1998), then twice a year from T (March 1999) to Y (March 2001). */
const PREFIX_YEARS: Readonly<Record<string, number>> = Object.fromEntries([
  ...[...'ABCDEFGHJKLMNPRS'].map((letter, index) => [letter, 1983 + index] as const),
  ['T', 1999], ['V', 1999], ['W', 2000], ['X', 2000], ['Y', 2001],
])

/** Removes spaces and upper-cases; null when nothing is left. */
export function normaliseVrmText(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/**
 * The VRM read as a UK registration mark, or null when it is not one. `now` bounds a current plate's age
 * identifier: a plate from the future is not a real one.
 */
export function parseVrm(value: string, now: Date): ParsedVrm | null {
  const vrm = normaliseVrmText(value)
  if (vrm.length < 2 || vrm.length > 8) return null
  const current = /^[A-Z]{2}(\d{2})[A-Z]{3}$/.exec(vrm)
  if (current) {
    const year = currentPlateYear(Number(current[1]))
    if (year === null || year > now.getUTCFullYear()) return null
    return { vrm, format: 'current', year }
  }
  const prefix = /^([A-Z])\d{1,3}[A-Z]{3}$/.exec(vrm)
  if (prefix) {
    const year = PREFIX_YEARS[prefix[1]!]
    return year === undefined ? null : { vrm, format: 'prefix', year }
  }
  const suffix = /^[A-Z]{3}\d{1,3}([A-Z])$/.exec(vrm)
  if (suffix) {
    const index = YEAR_LETTERS.indexOf(suffix[1]!)
    // E (January 1967) and F (August 1967) share a year; from F on, each letter starts in August.
    return index < 0 ? null : { vrm, format: 'suffix', year: index <= 4 ? 1963 + index : 1962 + index }
  }
  // Dateless (1 ABC, ABC 1, AB 1234) and Northern Ireland (ABZ 1234) marks.
  if (/^(\d{1,4}[A-Z]{1,3}|[A-Z]{1,3}\d{1,4})$/.test(vrm)) return { vrm, format: 'dateless', year: null }
  return null
}

/** "02".."50" → 2002..2050 (March); "51".."99" → 2001..2049 (September); "00" and "01" were never issued. */
export function currentPlateYear(identifier: number): number | null {
  if (!Number.isInteger(identifier) || identifier < 2 || identifier > 99) return null
  if (identifier <= 50) return 2000 + identifier
  return 2000 + identifier - 50
}

/**
 * A mark as it is printed on the plate, for showing to people: current plates as "CX17 HHA", prefix "A123 BCD",
 * suffix "ABC 123D", dateless "1 ABC" / "ABC 1"; anything else as stored.
 */
export function displayVrm(value: string): string {
  const vrm = normaliseVrmText(value)
  const parts =
    /^([A-Z]{2}\d{2})([A-Z]{3})$/.exec(vrm) ?? // current
    /^([A-Z]\d{1,3})([A-Z]{3})$/.exec(vrm) ?? // prefix
    /^([A-Z]{3})(\d{1,3}[A-Z])$/.exec(vrm) ?? // suffix
    /^(\d{1,4})([A-Z]{1,3})$/.exec(vrm) ?? // dateless, number first
    /^([A-Z]{1,3})(\d{1,4})$/.exec(vrm) // dateless and Northern Ireland, letters first
  return parts ? `${parts[1]} ${parts[2]}` : vrm
}
