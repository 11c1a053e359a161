// What a browser may send to book, move or cancel: ids, a day, the bike and contact details. Never a price
// (unknown keys are refused: strict), never a booking id without its signed token. Shared by the JSON routes
// and the no-JavaScript forms' server actions.
import { RIDER_LICENCES } from '../../domain/booking/licence'
import { BIKE_TYPES } from '../../domain/booking/service-pricing'
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'
import { contactInput } from '../../lib/text/contact-input'

export { contactInput }

const id = z.number({ message: 'Choose from the list.' }).int('Choose from the list.').positive('Choose from the list.').max(2_147_483_647, 'Choose from the list.')
const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be ${max} characters or fewer.`).refine(isPlainText, `${label} ${PLAIN_TEXT_MESSAGE}.`)

export const dayInput = z.string({ message: 'Choose a day from the calendar.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day from the calendar.')
const acceptTerms = z.literal(true, { message: 'Please read and accept the terms.' })

export const serviceBookingRequest = z
  .object({
    tierId: id,
    addOnIds: z.array(id).max(20, 'Choose at most 20 extras.').default([]),
    day: dayInput,
    bike: z
      .object({
        make: text(60, 'The make').min(1, 'Enter the make of the bike.'),
        model: text(80, 'The model').default(''),
        bikeType: z.enum(BIKE_TYPES, { message: 'Choose the type of bike.' }),
        eBike: z.boolean().default(false),
        notes: text(1000, 'Notes').default(''),
      })
      .strict(),
    contact: contactInput,
    extraWorkLimitPence: z.number({ message: 'Enter an amount in pounds.' }).int('Enter a whole number of pence.').min(0, 'The limit cannot be negative.').max(100_000, 'The most we pre-authorise is £1,000.').default(0),
    acceptTerms,
  })
  .strict()

export const testRideRequest = z
  .object({
    productId: id,
    day: dayInput,
    window: z.string({ message: 'Choose a time.' }).regex(/^\d{2}:\d{2}$/, 'Choose a time.'),
    licence: z.enum(RIDER_LICENCES, { message: 'Choose your licence.' }),
    contact: contactInput,
    acceptTerms,
  })
  .strict()

export const manageRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel'), token: z.string().max(400) }).strict(),
  z.object({ action: z.literal('reschedule'), token: z.string().max(400), day: dayInput, window: z.string().regex(/^\d{2}:\d{2}$/).nullish() }).strict(),
  z.object({ action: z.enum(['approve', 'decline']), token: z.string().max(400) }).strict(),
], { message: 'action must be cancel, reschedule, approve or decline' })

/** The first problem of each field, keyed by its dotted path ("contact.email"). */
/** Pounds typed in a form ("50", "£50.00") into pence; NaN when it is not an amount. */
export function poundsToPence(value: string): number {
  const v = value.replace(/[£,\s]/g, '')
  if (v === '') return 0
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return Number.NaN
  return Math.round(Number(v) * 100)
}

/** The largest booking request body the API reads. */
export const MAX_BOOKING_BYTES = 16 * 1024
