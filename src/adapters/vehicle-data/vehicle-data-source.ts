// One interface each for the two government vehicle services a used bike is stocked from: the DVLA Vehicle Enquiry
// Service (what the bike is, whether it is taxed and has an MOT) and the DVSA MOT history service (each test, its
// odometer reading and advisories). Each has a built-in offline source (demo registrations, the default) and an HTTP
// adapter for the real service, chosen by environment variables in features/used-bikes (ADR 060).

/** What DVLA holds about a vehicle, as the shop keeps it. Dates are ISO (YYYY-MM-DD). */
export interface VehicleRecord {
  /** Upper case, no spaces. */
  readonly registration: string
  readonly make: string
  readonly colour: string | null
  readonly engineCc: number | null
  readonly yearOfManufacture: number | null
  readonly fuelType: string | null
  /** "Taxed", "Untaxed", "SORN", "Not Taxed for on Road Use". */
  readonly taxStatus: string | null
  readonly taxDueDate: string | null
  /** "Valid", "Not valid", "No details held by DVLA", "No results returned". */
  readonly motStatus: string | null
  readonly motExpiryDate: string | null
}

export type MotDefectType = 'ADVISORY' | 'MINOR' | 'MAJOR' | 'DANGEROUS' | 'FAIL' | 'PRS' | 'USER ENTERED'

export interface MotTest {
  /** ISO date the test was completed. */
  readonly date: string
  readonly result: 'PASSED' | 'FAILED'
  /** Miles (a reading in kilometres is converted); null when the odometer was unreadable or absent. */
  readonly odometerMiles: number | null
  readonly expiryDate: string | null
  /** Advisories and defects as the tester wrote them. */
  readonly defects: readonly { readonly type: MotDefectType; readonly text: string }[]
}

export interface MotHistory {
  readonly registration: string
  /** Newest first, as the service lists them. */
  readonly tests: readonly MotTest[]
}

/**
 * Why a lookup gave nothing: the registration is not a UK mark, the service has no such vehicle, the service is
 * limiting the shop's calls, or it could not be reached in time or answered something else. Each carries a sentence
 * for the staff member or customer who typed the registration.
 */
export type LookupFailureReason = 'invalid' | 'not-found' | 'rate-limited' | 'unavailable'
export interface LookupFailure {
  readonly ok: false
  readonly reason: LookupFailureReason
  readonly message: string
  /** For the log: what the service answered. */
  readonly detail?: string
}

export type VehicleAnswer = { readonly ok: true; readonly vehicle: VehicleRecord } | LookupFailure
export type MotHistoryAnswer = { readonly ok: true; readonly history: MotHistory } | LookupFailure

export interface VehicleEnquirySource {
  readonly name: string
  /** `registration` is already normalised (upper case, no spaces) and checked as a UK mark. */
  vehicle(registration: string): Promise<VehicleAnswer>
}

export interface MotHistorySource {
  readonly name: string
  history(registration: string): Promise<MotHistoryAnswer>
}

/** The sentences every source uses, so the same failure reads the same wherever it shows. */
export const LOOKUP_MESSAGES = {
  notFound: (service: string, registration: string) => `${service} has no record of the registration ${registration}. Check it and try again, or fill the details in by hand.`,
  rateLimited: (service: string) => `${service} is answering too many lookups just now. Try again in a minute, or fill the details in by hand.`,
  timeout: (service: string) => `${service} did not answer in time. Try again, or fill the details in by hand.`,
  unavailable: (service: string) => `${service} could not be reached just now. Try again later, or fill the details in by hand.`,
} as const

export const DVLA = 'DVLA'
export const DVSA = 'The DVSA MOT history service'

/** A failure from a fetch that threw: a timeout (AbortSignal.timeout) or no connection. */
export function fetchFailure(service: string, error: unknown): LookupFailure {
  const name = error instanceof Error ? error.name : ''
  const detail = error instanceof Error ? error.message : String(error)
  if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, reason: 'unavailable', message: LOOKUP_MESSAGES.timeout(service), detail }
  return { ok: false, reason: 'unavailable', message: LOOKUP_MESSAGES.unavailable(service), detail }
}

/** The answer to a status that is not a vehicle: 404 unknown, 429 rate limit, anything else unavailable. */
export function statusFailure(service: string, status: number, registration: string): LookupFailure {
  if (status === 404) return { ok: false, reason: 'not-found', message: LOOKUP_MESSAGES.notFound(service, registration) }
  if (status === 429) return { ok: false, reason: 'rate-limited', message: LOOKUP_MESSAGES.rateLimited(service), detail: 'answered 429' }
  return { ok: false, reason: 'unavailable', message: LOOKUP_MESSAGES.unavailable(service), detail: `answered ${status}` }
}
