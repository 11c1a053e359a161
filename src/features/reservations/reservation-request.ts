// The reservation endpoints' request bodies, shared by the browser form (instant messages) and the server.
// Strict: a deposit or price sent by the browser is refused, never used.
import { z } from '../../lib/zod'
import { contactSchema } from '../checkout/checkout-form'

export const reserveRequest = z
  .object({
    reservationKey: z.uuid({ message: 'reservationKey must be a UUID made once per reservation attempt' }),
    productId: z.number().int().positive().max(2_147_483_647),
    variantId: z.number().int().positive().max(2_147_483_647).nullish(),
    contact: contactSchema,
    acceptTerms: z.literal(true, { message: 'Please confirm you have read how the reservation and its refund work' }),
    /** A part-exchange valuation the browser keeps ("Value my bike"), to file with the reservation while it is held. */
    valuationId: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, 'valuationId is not a valuation id').optional(),
  })
  .strict()

export type ReserveRequest = z.infer<typeof reserveRequest>

export const cancelRequest = z.object({ token: z.string().min(1).max(2048) }).strict()
