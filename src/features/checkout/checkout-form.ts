// The checkout form's rules, shared by the browser (instant messages) and the server (the only check that counts).
import { z } from '../../lib/zod'
import { withPersonNameRule } from '../../lib/text/person-name'
import { normaliseUkPostcode } from '../../domain/delivery/delivery'
import { CANCELLATION_DAYS } from '../../domain/consumer-rights'
import { basketLinesInput, couponCodeInput, deliveryMethodInput } from '../basket/basket-request'
import { CYCLE_SCHEMES, normaliseCertificateCode, type CycleScheme } from '../../domain/payments/cycle-to-work'

/** UK phone numbers: 01/02/03 landlines, 07 mobiles, 08 non-geographic, with or without +44; spaces, dashes and brackets allowed. */
export function normaliseUkPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '')
  const national = compact.startsWith('+44') ? `0${compact.slice(3).replace(/^0/, '')}` : compact.startsWith('0044') ? `0${compact.slice(4).replace(/^0/, '')}` : compact
  return /^0[1-9]\d{8,9}$/.test(national) ? national : null
}

const name = (label: string) =>
  withPersonNameRule(
    z
      .string({ message: `Enter your ${label}` })
      .trim()
      .min(1, `Enter your ${label}`)
      .max(80, `Your ${label} must be 80 characters or fewer`),
    label,
  )

/** What contact and address take, named when a request sends a field they do not know. */
export const CUSTOMER_FIELDS = { contact: 'firstName, lastName, email and phone', address: 'line1, line2, town, county and postcode' } as const

export const contactSchema = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email: z
    .string({ message: 'Enter your email address' })
    .trim()
    .max(254, 'Your email address is too long')
    .pipe(z.email({ message: 'Enter an email address like name@example.co.uk' }))
    .transform((v) => v.toLowerCase()),
  phone: z
    .string({ message: 'Enter your phone number' })
    .trim()
    .max(30, 'Enter a UK phone number like 07700 900123')
    .refine((v) => normaliseUkPhone(v) !== null, 'Enter a UK phone number like 07700 900123')
    .transform((v) => normaliseUkPhone(v) ?? v),
})
  // Unknown keys are refused and named, not dropped: a misspelt field must not vanish silently.
  .strict()

export const addressSchema = z.object({
  line1: z.string({ message: 'Enter the first line of your address' }).trim().min(1, 'Enter the first line of your address').max(120, 'Address lines must be 120 characters or fewer'),
  line2: z.string().trim().max(120, 'Address lines must be 120 characters or fewer').optional().default(''),
  town: z.string({ message: 'Enter your town or city' }).trim().min(1, 'Enter your town or city').max(80, 'Town must be 80 characters or fewer'),
  county: z.string().trim().max(80, 'County must be 80 characters or fewer').optional().default(''),
  postcode: z
    .string({ message: 'Enter your postcode' })
    .trim()
    .max(10, 'Enter a UK postcode like SW1A 1AA')
    .refine((v) => normaliseUkPostcode(v) !== null, 'Enter a UK postcode like SW1A 1AA')
    .transform((v) => normaliseUkPostcode(v) ?? v),
})
  .strict()

/** The form fields the customer fills in. */
export const checkoutFormSchema = z
  .object({
    contact: contactSchema,
    address: addressSchema,
    acceptTerms: z.literal(true, { message: `Please confirm you have read the terms and your ${CANCELLATION_DAYS}-day cancellation right` }),
  })
  .strict()

export type CheckoutForm = z.infer<typeof checkoutFormSchema>

/** A certificate number or redemption code as printed: letters and digits (spaces and dashes ignored), 4 to 24 of them. */
const certificateCode = (label: string) =>
  z
    .string({ message: `Enter the ${label} as printed on your certificate` })
    .max(60, `Enter the ${label} as printed on your certificate: 4 to 24 letters and digits`)
    .transform((value, ctx) => {
      const code = normaliseCertificateCode(value)
      if (code === null) {
        ctx.issues.push({ code: 'custom', message: `Enter the ${label} as printed on your certificate: 4 to 24 letters and digits`, input: value })
        return z.NEVER
      }
      return code
    })

/** The Cycle to Work certificate a customer pays with (ADR 053): its value is what the certificate says, in pence. */
export const certificateInput = z
  .object({
    scheme: z.enum(CYCLE_SCHEMES.map((s) => s.value) as [CycleScheme, ...CycleScheme[]], { message: `Choose the scheme: ${CYCLE_SCHEMES.map((s) => s.label).join(', ')}` }),
    number: certificateCode('certificate number'),
    redemptionCode: certificateCode('redemption code'),
    valuePence: z.number({ message: 'Enter the certificate’s value in pounds, as printed on it' }).int('Enter the certificate’s value in pounds and pence').min(100, 'A certificate is worth at least £1').max(1_000_000, 'A certificate is worth at most £10,000'),
  })
  .strict()

/** POST /api/checkout/orders: the form plus the basket as ids and counts and an idempotency key. */
export const placeOrderRequest = checkoutFormSchema
  .extend({
    checkoutKey: z.uuid({ message: 'checkoutKey must be a UUID made once per checkout attempt' }),
    lines: basketLinesInput,
    couponCode: couponCodeInput.nullish(),
    deliveryMethod: deliveryMethodInput,
    /** Card (the default), Klarna's Pay in 3, or a Cycle to Work certificate with any balance by card; the server checks each suits the basket. */
    paymentMethod: z.enum(['card', 'klarna', 'cycle_to_work'], { message: 'paymentMethod must be card, klarna or cycle_to_work' }).optional(),
    /** With paymentMethod cycle_to_work: the certificate, redeemed in full in this order. */
    certificate: certificateInput.optional(),
    /** Completing a reservation: the signed link token from its email or page (checked on the server). */
    reservationToken: z.string().min(1).max(2048).optional(),
  })
  .strict()

export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>
