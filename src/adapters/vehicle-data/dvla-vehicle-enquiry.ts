// The DVLA Vehicle Enquiry Service over HTTP: POST {"registrationNumber": "AB12CDE"} with the x-api-key header to
// DVLA_VES_URL (the live service by default), and read back the documented vehicle: make, colour, engineCapacity,
// yearOfManufacture, fuelType, taxStatus, taxDueDate, motStatus, motExpiryDate (dates as YYYY-MM-DD). An unknown
// registration is a 404, a malformed one a 400, too many calls a 429: each becomes a sentence, never an exception.
import { DVLA, fetchFailure, statusFailure, type VehicleAnswer, type VehicleEnquirySource, type VehicleRecord } from './vehicle-data-source'

export const DVLA_VES_LIVE_URL = 'https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles'

export interface DvlaVehicleEnquiryOptions {
  readonly apiKey: string
  readonly url?: string
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const text = (v: unknown, max = 60): string | null => (typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : null)
const date = (v: unknown): string | null => (typeof v === 'string' && ISO_DATE.test(v) ? v : null)
const whole = (v: unknown, min: number, max: number): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null)

/** The documented answer read defensively: a field of the wrong type is treated as absent; no make, no vehicle. */
export function vehicleFromDvla(registration: string, body: unknown): VehicleRecord | null {
  if (!body || typeof body !== 'object') return null
  const v = body as Record<string, unknown>
  const make = text(v.make)
  if (!make) return null
  return {
    registration,
    make,
    colour: text(v.colour),
    engineCc: whole(v.engineCapacity, 1, 10_000),
    yearOfManufacture: whole(v.yearOfManufacture, 1885, 2100),
    fuelType: text(v.fuelType),
    taxStatus: text(v.taxStatus),
    taxDueDate: date(v.taxDueDate),
    motStatus: text(v.motStatus),
    motExpiryDate: date(v.motExpiryDate),
  }
}

export function dvlaVehicleEnquiry(options: DvlaVehicleEnquiryOptions): VehicleEnquirySource {
  const doFetch = options.fetch ?? fetch
  return {
    name: 'dvla-ves',
    async vehicle(registration): Promise<VehicleAnswer> {
      let response: Response
      try {
        response = await doFetch(options.url ?? DVLA_VES_LIVE_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': options.apiKey },
          body: JSON.stringify({ registrationNumber: registration }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
        })
      } catch (error) {
        return fetchFailure(DVLA, error)
      }
      if (response.status === 400) return { ok: false, reason: 'invalid', message: `DVLA does not accept ${registration} as a registration number. Check it and try again.`, detail: 'answered 400' }
      if (!response.ok) return statusFailure(DVLA, response.status, registration)
      let body: unknown
      try {
        body = await response.json()
      } catch (error) {
        return { ...fetchFailure(DVLA, error), detail: `answered ${response.status} without JSON` }
      }
      const vehicle = vehicleFromDvla(registration, body)
      return vehicle ? { ok: true, vehicle } : { ...statusFailure(DVLA, 502, registration), detail: 'answered something that is not a vehicle' }
    },
  }
}
