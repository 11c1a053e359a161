// "Value my bike": checks the registration, asks the configured valuation source, and keeps the valuation
// the shop issued so a finance quote can name it by id; the figure quoted is always read back from here, never taken
// from the browser. No 'server-only' import: integration tests load it outside Next.
import type { Payload } from 'payload'
import { z } from '../../lib/zod'
import { env } from '../../config/env'
import { BIKE_CONDITIONS, appliedValuePence } from '../../domain/part-exchange/trade-in'
import { parseVrm } from '../../domain/part-exchange/vrm'
import { valuationDay, valuationExpired, valuationExpiresAt } from '../../domain/part-exchange/valuation-hold'
import { partExchangeNet } from '../../domain/finance/part-exchange'
import { builtInValuationSource } from '../../adapters/valuation/built-in-valuation-source'
import { httpValuationSource } from '../../adapters/valuation/http-valuation-source'
import type { ValuationSource } from '../../adapters/valuation/valuation-source'
import { vehicleEnquiryFor } from '../../adapters/vehicle-data/configured'
import type { VehicleEnquirySource } from '../../adapters/vehicle-data/vehicle-data-source'
import type { PartExchangeValuation } from '../../payload-types'
import { numberText } from '../../lib/text/number-text'

const MAX_MILEAGE = 500_000
const MAX_OUTSTANDING_PENCE = 10_000_000

export const valuationRequest = z
  .object({
    registration: z.string({ message: 'registration is required' }).trim().min(2, 'Enter your bike’s registration number').max(12, 'registration is too long'),
    mileage: z.number({ message: 'mileage must be a number' }).int('mileage must be whole miles').min(0, 'mileage cannot be negative').max(MAX_MILEAGE, `mileage must be at most ${numberText(MAX_MILEAGE)}`),
    condition: z.enum(BIKE_CONDITIONS, { message: `condition must be one of ${BIKE_CONDITIONS.join(', ')}` }),
    outstandingFinancePence: z.number({ message: 'outstandingFinancePence must be a number' }).int('outstandingFinancePence must be whole pence').min(0, 'outstandingFinancePence cannot be negative').max(MAX_OUTSTANDING_PENCE, 'outstandingFinancePence is too large').optional().default(0),
    make: z.string().trim().max(60, 'make is too long').regex(/^[\p{L}\p{N} .&'-]*$/u, 'make has characters we do not expect').optional(),
    year: z.number().int('year must be a whole year').min(1900, 'year must be 1900 or later').max(2100, 'year is not a real year').optional(),
    // The condition questions: kept with the valuation for the inspection, optional so a shorter form may leave them out.
    fullServiceHistory: z.boolean({ message: 'fullServiceHistory must be true or false' }).optional(),
    keys: z.number({ message: 'keys must be a number' }).int('keys must be a whole number').min(0, 'keys cannot be negative').max(9, 'keys must be at most 9').optional(),
    logbookPresent: z.boolean({ message: 'logbookPresent must be true or false' }).optional(),
    damage: z.boolean({ message: 'damage must be true or false' }).optional(),
    damageDescription: z.string({ message: 'damageDescription must be text' }).trim().max(500, 'damageDescription must be at most 500 characters').optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.damage === true && !value.damageDescription) context.addIssue({ code: 'custom', path: ['damageDescription'], message: 'Describe the damage in a few words' })
  })

export type ValuationRequestInput = z.input<typeof valuationRequest>

/** What the customer is shown and the browser keeps: the id names the stored valuation, the figures are for display. */
export interface IssuedValuation {
  readonly valuationId: string
  readonly vrm: string
  readonly make: string
  readonly year: number
  readonly mileage: number
  readonly lowPence: number
  readonly highPence: number
  /** The figure applied to a quote (the bottom of the range). */
  readonly valuePence: number
  readonly outstandingFinancePence: number
  /** Value less outstanding finance; negative when more is owed than the bike is worth. */
  readonly netPence: number
  readonly expiresAt: string
}

export type ValuationOutcome =
  | { readonly ok: true; readonly valuation: IssuedValuation }
  | { readonly ok: false; readonly status: 422 | 502; readonly code: string; readonly message: string; readonly fields?: Readonly<Record<string, string>> }

export interface ValuationOptions {
  readonly source?: ValuationSource
  readonly now?: Date
  /** DVLA's Vehicle Enquiry Service (the configured one unless given) */
  readonly vehicles?: VehicleEnquirySource
  /** Counts one lookup against the dealer's DVLA quota (the route's per-network vehicle-lookup limit); false: not now. */
  readonly mayLookUpVehicle?: () => Promise<boolean>
}

/** DVLA writes makes in capitals: "HONDA" reads "Honda"; a short one (KTM, BMW) stays as it is. */
export function makeAsWritten(make: string): string {
  return make
    .trim()
    .split(/([ -])/)
    .map((w) => (w.length <= 3 ? w : `${w[0]}${w.slice(1).toLowerCase()}`))
    .join('')
}

/**
 * The make and year DVLA holds for a registration whose make the customer left out (ADR 060), or why it could not say:
 * an unknown registration, DVLA's rate limit, a timeout, or the network's own lookups used up. Never throws: the
 * customer can always type the details instead.
 */
async function dvlaFacts(payload: Payload, vrm: string, options: ValuationOptions): Promise<{ make: string | null; year: number | null; note: string | null }> {
  if (options.mayLookUpVehicle && !(await options.mayLookUpVehicle())) return { make: null, year: null, note: 'We cannot look more registrations up for your network just now.' }
  try {
    const vehicles = options.vehicles ?? vehicleEnquiryFor(env())
    const found = await vehicles.vehicle(vrm)
    if (found.ok) return { make: makeAsWritten(found.vehicle.make), year: found.vehicle.yearOfManufacture, note: null }
    if (found.reason !== 'not-found') payload.logger.warn({ msg: 'part-exchange vehicle lookup failed', source: vehicles.name, detail: found.detail })
    return { make: null, year: null, note: found.message }
  } catch (error) {
    payload.logger.warn({ msg: 'part-exchange vehicle lookup failed', error: error instanceof Error ? error.message : String(error) })
    return { make: null, year: null, note: null }
  }
}

export function configuredValuationSource(): ValuationSource {
  const e = env()
  return e.VALUATION_URL ? httpValuationSource({ url: e.VALUATION_URL, apiKey: e.VALUATION_API_KEY }) : builtInValuationSource()
}

let uidCounter = 0
function newValuationUid(): string {
  return globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `v-${Date.now()}-${++uidCounter}`
}

export function issuedValuation(doc: PartExchangeValuation): IssuedValuation {
  const outstanding = doc.outstandingFinancePence ?? 0
  return {
    valuationId: doc.valuationUid,
    vrm: doc.vrm,
    make: doc.make,
    year: doc.year,
    mileage: doc.mileage,
    lowPence: doc.lowPence,
    highPence: doc.highPence,
    valuePence: doc.valuePence,
    outstandingFinancePence: outstanding,
    netPence: partExchangeNet({ valuePence: doc.valuePence, settlementPence: outstanding }).netPence,
    expiresAt: new Date(doc.expiresAt).toISOString(),
  }
}

/** Values the bike and stores the valuation. Nothing is stored when the registration or the source refuses. */
export async function valueBike(
  payload: Payload,
  input: z.output<typeof valuationRequest>,
  options: ValuationOptions = {},
): Promise<ValuationOutcome> {
  const now = options.now ?? new Date()
  const plate = parseVrm(input.registration, now)
  if (!plate) return { ok: false, status: 422, code: 'invalid_registration', message: 'That is not a UK registration number. Check it and try again.', fields: { registration: 'Enter a UK registration number, for example CX17 HHA.' } }
  const source = options.source ?? configuredValuationSource()
  const dvla = input.make ? null : await dvlaFacts(payload, plate.vrm, options)
  const answer = await source.value({ vrm: plate.vrm, mileage: input.mileage, condition: input.condition, make: input.make || dvla?.make || null, year: input.year ?? dvla?.year ?? null })
  if (!answer.ok) {
    if (answer.reason === 'unavailable') {
      payload.logger.error({ msg: 'part-exchange valuation failed', source: source.name, error: answer.error })
      return { ok: false, status: 502, code: 'valuation_unavailable', message: 'Our valuation service is not answering. Please try again in a minute.' }
    }
    if (answer.reason === 'needs') {
      const fields = Object.fromEntries(answer.fields.map((f) => [f, f === 'make' ? 'Enter the make of your bike, for example Honda.' : 'Enter the year your bike was first registered.']))
      return { ok: false, status: 422, code: 'more_details_needed', message: dvla?.note ? `${dvla.note} ${answer.message}` : answer.message, fields }
    }
    return { ok: false, status: 422, code: 'not_valued', message: answer.message }
  }
  const v = answer.valuation
  const doc = await payload.create({
    collection: 'part-exchange-valuations',
    overrideAccess: true,
    depth: 0,
    data: {
      valuationUid: newValuationUid(),
      vrm: v.vrm,
      make: v.make.slice(0, 60),
      year: v.year,
      mileage: input.mileage,
      condition: input.condition,
      source: source.name,
      lowPence: v.lowPence,
      highPence: v.highPence,
      valuePence: appliedValuePence(v),
      outstandingFinancePence: input.outstandingFinancePence,
      answers: {
        fullServiceHistory: input.fullServiceHistory ?? null,
        keys: input.keys ?? null,
        logbookPresent: input.logbookPresent ?? null,
        damage: input.damage ?? null,
        damageDescription: input.damage ? (input.damageDescription ?? null) : null,
      },
      expiresAt: valuationExpiresAt(now).toISOString(),
    },
  })
  return { ok: true, valuation: issuedValuation(doc) }
}

/** The valuation the shop issued under this id, while it may still be applied; null otherwise. */
export async function storedValuation(payload: Payload, valuationId: string, now: Date = new Date()): Promise<PartExchangeValuation | null> {
  const found = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: valuationId } }, limit: 1, depth: 0, overrideAccess: true })
  const doc = found.docs[0]
  if (!doc || valuationExpired(doc.expiresAt, now)) return null
  return doc
}

/** Why a valuation cannot be used now, in the customer's words, or null when it can: for a quote or an application. */
export async function valuationRefusal(payload: Payload, valuationDbId: number, now: Date = new Date()): Promise<string | null> {
  const doc = await payload.findByID({ collection: 'part-exchange-valuations', id: valuationDbId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!doc) return 'The valuation of your bike was not found: value your bike again and get a new quote.'
  // Filed with an application while it was held: asking again for that application answers it as before.
  if (doc.order !== null && doc.order !== undefined) return null
  if (valuationExpired(doc.expiresAt, now)) return `The valuation of your bike expired on ${valuationDay(doc.expiresAt)}: value your bike again and get a new quote.`
  return null
}

/** Files the valuation with the finance application, and with the reservation that application completes. */
export async function fileValuationWith(payload: Payload, valuationDbId: number, links: { readonly orderId: number; readonly reservationId?: number | null }): Promise<void> {
  await payload.update({
    collection: 'part-exchange-valuations',
    id: valuationDbId,
    overrideAccess: true,
    depth: 0,
    data: { order: links.orderId, ...(links.reservationId ? { reservation: links.reservationId } : {}) },
  })
}
