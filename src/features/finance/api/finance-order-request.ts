// The bodies of spec §7 calls 5 and 6 (a finance order, and the order reference of its accessories), as zod
// schemas: the contract the finance service's calls and the storefront's own application are validated against.
import { z } from '../../../lib/zod'

/** A catalogue record's id in a finance call. */
export const id = z.number({ message: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(2_147_483_647, 'is not a known id')

/** Spec §7 call 5's body. The address fields are the spec's names; the rules are the checkout form's. */
export const financeOrderRequest = z
  .object({
    quoteId: z.string({ message: 'quoteId is required' }).trim().min(1, 'quoteId is required').max(100, 'quoteId is too long'),
    email: z.string({ message: 'email is required' }),
    phone: z.string({ message: 'phone is required' }),
    firstName: z.string({ message: 'firstName is required' }),
    lastName: z.string({ message: 'lastName is required' }),
    shippingMethod: z.enum(['free', 'flat_rate', 'dealer_delivery'], { message: 'shippingMethod must be free, flat_rate or dealer_delivery' }),
    shippingAddress: z
      .object({
        address1: z.string({ message: 'shippingAddress.address1 is required' }),
        address2: z.string().max(120).nullish(),
        city: z.string({ message: 'shippingAddress.city is required' }),
        postcode: z.string({ message: 'shippingAddress.postcode is required' }),
        country: z.string().trim().toUpperCase().refine((c): boolean => c === 'GB' || c === 'UK' || c === 'UNITED KINGDOM', 'we finance UK customers only (country GB)').optional().default('GB'),
      })
      .strict(),
    productId: id,
    variantId: id.nullish(),
  })
  .strict()

export type FinanceOrderRequest = z.infer<typeof financeOrderRequest>

/** Spec §7 call 6's body. */
export const orderReferenceRequest = z
  .object({
    email: z.string({ message: 'email is required' }).trim().toLowerCase().pipe(z.email({ message: 'email must be an email address' })),
    phone: z.string({ message: 'phone is required' }).trim().min(1, 'phone is required').max(30, 'phone is too long'),
    externalSystemName: z.string({ message: 'externalSystemName is required' }).trim().min(1, 'externalSystemName is required').max(80, 'externalSystemName is too long'),
    externalOrderId: z.union([z.string().trim().min(1).max(80), z.number().int().positive()], { message: 'externalOrderId is required' }).transform(String),
    items: z.array(z.object({ productId: id, variantId: id.nullish() }).strict()).min(1, 'items must name at least one product').max(50, 'at most 50 items'),
  })
  .strict()

export type OrderReferenceRequest = z.infer<typeof orderReferenceRequest>
