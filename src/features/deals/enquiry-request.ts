// What a browser may send to ask about a bike: the bike, the customer's contact details, their question and their
// choice about being contacted. Never a deal id, never a price.
import { contactInput } from '../../lib/text/contact-input'
import { isPlainText, PLAIN_TEXT_MESSAGE } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'

export const enquiryRequest = z
  .object({
    productId: z.number({ message: 'Choose a bike.' }).int('Choose a bike.').positive('Choose a bike.').max(2_147_483_647, 'Choose a bike.'),
    contact: contactInput,
    message: z.string({ message: 'Write your question.' }).trim().min(2, 'Write your question.').max(2000, 'Your question must be 2,000 characters or fewer.').refine(isPlainText, `Your question ${PLAIN_TEXT_MESSAGE}.`),
    consent: z.boolean().default(false),
  })
  .strict()

export type EnquiryRequest = z.output<typeof enquiryRequest>

export const handoverRequest = z
  .object({
    dealId: z.number().int().positive().max(2_147_483_647),
    token: z.string().max(2048).optional(),
    handover: z.enum(['collection', 'delivery'], { message: 'Choose collection or delivery.' }),
  })
  .strict()

/**
 * A checkout the customer may leave unfinished, sent when they agree to be contacted about the bike: the finance
 * checkout's details step, or the basket's checkout with a bike in it. Their deal opens before they apply or pay.
 */
export const dealStartedRequest = z
  .object({
    productId: z.number({ message: 'Choose a bike.' }).int('Choose a bike.').positive('Choose a bike.').max(2_147_483_647, 'Choose a bike.'),
    variantId: z.number().int().positive().max(2_147_483_647).nullish(),
    from: z.enum(['finance', 'checkout'], { message: 'from must be finance or checkout.' }).default('finance'),
    contact: contactInput,
    consent: z.literal(true, { message: 'Only sent when the customer agrees to be contacted.' }),
  })
  .strict()

export type DealStartedRequest = z.output<typeof dealStartedRequest>
