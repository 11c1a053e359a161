// The bodies of the returns endpoints (the customer's cancellation, staff steps), shared by the forms and the
// server. Strict: an amount of money sent by a customer is refused, never used; staff send a deduction only.
import { isPlainText } from '../../lib/text/plain-text'
import { z } from '../../lib/zod'
import { contactSchema } from '../checkout/checkout-form'
import { isOrderNumber } from '../../domain/orders/order-number'

const lineChoice = z.object({ lineId: z.string().min(1).max(40).refine(isPlainText, 'Choose an item from the order.'), count: z.number().int().min(1).max(999) }).strict()
const reason = z.string().trim().min(1, 'Tell us why, in a few words.').max(1000).refine(isPlainText, 'Write the reason as plain text.')

export const cancelLinesRequest = z
  .object({
    orderNumber: z.string().trim().toUpperCase().max(20).refine(isOrderNumber, 'Give the order number from your confirmation email.'),
    /** A guest proves the order is theirs with the email address it was placed with (as the order lookup asks). */
    email: contactSchema.shape.email.optional(),
    lines: z.array(lineChoice).min(1, 'Choose at least one item to cancel.').max(50),
    reason,
    returnMethod: z.enum(['post', 'dealer']).default('post'),
  })
  .strict()

export type CancelLinesRequest = z.infer<typeof cancelLinesRequest>

/** Staff recording a cancellation a customer made by any clear statement (a call, a letter, an email). */
export const staffRecordRequest = cancelLinesRequest.omit({ email: true }).extend({ statedBy: z.string().trim().min(1).max(80).refine(isPlainText, 'Say how the customer told you (phone, email, letter).') }).strict()

export const refundStepRequest = z
  .object({
    deductionPence: z.number().int().min(0).max(100_000_000).default(0),
    deductionReason: z.string().trim().max(300).refine(isPlainText, 'Write the reason as plain text.').default(''),
  })
  .strict()
  .refine((b) => b.deductionPence === 0 || b.deductionReason.length > 0, { message: 'A deduction says why the goods lost value.', path: ['deductionReason'] })

export const rejectStepRequest = z.object({ reason }).strict()

/** The choices of an order's cancel-or-return form: its number, and a guest's email address. */
export const choicesRequest = cancelLinesRequest.pick({ orderNumber: true, email: true }).strict()

/** Staff recording a fault a customer reported on an item (the remedy follows from the delivery day). */
export const faultClaimRequest = z
  .object({ orderNumber: cancelLinesRequest.shape.orderNumber, lineId: lineChoice.shape.lineId, count: z.number().int().min(1).max(999).default(1), description: reason })
  .strict()

/** A customer reporting a fault on an item of their order: signed in, or a guest with the order's email address. */
export const customerFaultRequest = faultClaimRequest.extend({ email: cancelLinesRequest.shape.email }).strict()

export type CustomerFaultRequest = z.infer<typeof customerFaultRequest>

/** A customer exchanging one unit of an item for another size or colour of the same product (signed in, or a guest with the order's email). */
export const customerExchangeRequest = z
  .object({
    orderNumber: cancelLinesRequest.shape.orderNumber,
    email: cancelLinesRequest.shape.email,
    lineId: lineChoice.shape.lineId,
    toVariantId: z.number({ message: 'Choose the size or colour you want instead.' }).int().positive().max(2_147_483_647),
    reason,
    returnMethod: z.enum(['post', 'dealer']).default('post'),
  })
  .strict()

export type CustomerExchangeRequest = z.infer<typeof customerExchangeRequest>
