// POST /api/used-bikes/lookup { registration }: staff stocking a used bike get DVLA's record of it, its MOT history
// and any lower mileage reading in one answer, which the admin's lookup button writes into the product's fields.
// Staff only, rate-limited (each lookup is a call to a government service on the dealer's key). Every failure of a
// service is a sentence with a 4xx or 502 status: an unknown registration, DVLA's rate limit, a timeout.
import type { Payload } from 'payload'
import { isStaffUser } from '../../cms/access/roles'
import { signedInUser } from '../../cms/auth/session.server'
import { env } from '../../config/env'
import { motHistoryFor, vehicleEnquiryFor } from '../../adapters/vehicle-data/configured'
import type { LookupFailure, MotHistorySource, VehicleEnquirySource } from '../../adapters/vehicle-data/vehicle-data-source'
import { parseVrm } from '../../domain/part-exchange/vrm'
import { mileageDrops } from '../../domain/vehicles/mileage'
import { json, refuse } from '../../lib/http/respond'
import { z } from '../../lib/zod'

export const lookupRequest = z.object({ registration: z.string({ message: 'registration is required' }).trim().min(2, 'Enter the bike’s registration number').max(12, 'registration is too long') }).strict()

export interface LookupSources {
  readonly vehicles?: VehicleEnquirySource
  readonly motHistory?: MotHistorySource
  readonly now?: Date
}

const STATUS: Record<LookupFailure['reason'], number> = { invalid: 422, 'not-found': 404, 'rate-limited': 429, unavailable: 502 }
const CODE: Record<LookupFailure['reason'], string> = { invalid: 'invalid_registration', 'not-found': 'not_found', 'rate-limited': 'rate_limited', unavailable: 'upstream_unavailable' }

function failure(payload: Payload, source: string, f: LookupFailure): Response {
  if (f.reason === 'unavailable' || f.reason === 'rate-limited') payload.logger.warn({ msg: 'vehicle lookup failed', source, detail: f.detail })
  return refuse(STATUS[f.reason], CODE[f.reason], f.message, {}, f.reason === 'rate-limited' ? { 'retry-after': '60' } : {})
}

/** Staff only: the answer to anyone else says so and looks nothing up. */
export async function staffOnlyLookup(payload: Payload, request: Request): Promise<Response | null> {
  const user = await signedInUser(payload, request.headers)
  if (!user) return refuse(401, 'unauthorised', 'Sign in to the admin as staff to look up a registration.')
  if (!isStaffUser(user)) return refuse(403, 'forbidden', 'Only staff may look up a registration.')
  return null
}

export async function lookUpRegistration(payload: Payload, registration: string, sources: LookupSources = {}): Promise<Response> {
  const plate = parseVrm(registration, sources.now ?? new Date())
  if (!plate) return refuse(422, 'invalid_registration', 'That is not a UK registration number. Check it and try again.', { fields: { registration: 'Enter a UK registration number, for example WH19 MOT.' } })
  const vehicles = sources.vehicles ?? vehicleEnquiryFor(env())
  const mot = sources.motHistory ?? motHistoryFor(env())
  const [vehicle, history] = await Promise.all([vehicles.vehicle(plate.vrm), mot.history(plate.vrm)])
  if (!vehicle.ok) return failure(payload, vehicles.name, vehicle)
  if (!history.ok && history.reason !== 'not-found') payload.logger.warn({ msg: 'MOT history lookup failed', source: mot.name, detail: history.detail })
  const brands = await payload.find({ collection: 'brands', where: { name: { like: vehicle.vehicle.make } }, limit: 5, depth: 0, overrideAccess: true })
  const brand = brands.docs.find((b) => b.name.trim().toLowerCase() === vehicle.vehicle.make.toLowerCase())
  return json({
    registration: plate.vrm,
    vehicle: vehicle.vehicle,
    brandId: brand ? brand.id : null,
    motTests: history.ok ? history.history.tests : null,
    // A bike too new for an MOT has none; a service that failed is named, and the DVLA fields still fill in.
    motMessage: history.ok ? (history.history.tests.length === 0 ? 'No MOT tests yet: the bike is too new for one.' : null) : history.reason === 'not-found' ? 'No MOT history is held for this registration.' : history.message,
    mileageDrops: history.ok ? mileageDrops(history.history.tests) : [],
    lookedUpAt: new Date().toISOString(),
  })
}
