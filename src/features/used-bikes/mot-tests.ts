// The MOT tests a product stores (a JSON column the admin's lookup fills), read back defensively: anything that is
// not a test is dropped rather than trusted, since staff could paste into the column through the API.
import type { MotTest } from '../../adapters/vehicle-data/vehicle-data-source'

const ISO = /^\d{4}-\d{2}-\d{2}$/

export function motTestsOf(value: unknown): MotTest[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((raw): MotTest[] => {
    if (!raw || typeof raw !== 'object') return []
    const t = raw as Record<string, unknown>
    if (typeof t.date !== 'string' || !ISO.test(t.date) || (t.result !== 'PASSED' && t.result !== 'FAILED')) return []
    const miles = typeof t.odometerMiles === 'number' && Number.isFinite(t.odometerMiles) && t.odometerMiles >= 0 ? Math.round(t.odometerMiles) : null
    const defects = Array.isArray(t.defects) ? t.defects.flatMap((d) => (d && typeof d === 'object' && typeof (d as { text?: unknown }).text === 'string' && typeof (d as { type?: unknown }).type === 'string' ? [{ type: (d as MotTest['defects'][number]).type, text: String((d as { text: string }).text).slice(0, 500) }] : [])) : []
    return [{ date: t.date, result: t.result, odometerMiles: miles, expiryDate: typeof t.expiryDate === 'string' && ISO.test(t.expiryDate) ? t.expiryDate : null, defects }]
  })
}

/** What may be stored: at most this many tests (a bike's whole life), each as motTestsOf reads it. */
export const MAX_STORED_TESTS = 60
export function motTestsProblem(value: unknown): string | true {
  if (value === null || value === undefined) return true
  if (!Array.isArray(value)) return 'The MOT history must be a list of tests.'
  if (value.length > MAX_STORED_TESTS) return `At most ${MAX_STORED_TESTS} MOT tests are kept.`
  return motTestsOf(value).length === value.length ? true : 'Each MOT test needs a date (YYYY-MM-DD), a result (PASSED or FAILED), an odometer reading in miles and its defects.'
}
