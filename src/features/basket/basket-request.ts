// What a browser may send about its basket: product and variant ids with counts, a coupon code, a delivery method.
// Never a price or a stock figure: unknown keys are refused (strict), so a price sent by a browser is a 400.
import { z } from '../../lib/zod'

export const MAX_BASKET_LINES = 50
export const MAX_LINE_COUNT = 99

const id = z.number({ message: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(2_147_483_647, 'is not a known id')

export const basketLineInput = z
  .object({
    productId: id,
    variantId: id.nullish(),
    count: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_LINE_COUNT, `must be at most ${MAX_LINE_COUNT}`),
  })
  .strict()

export type BasketLineInput = z.infer<typeof basketLineInput>

export const basketLinesInput = z.array(basketLineInput).min(1, 'the basket is empty').max(MAX_BASKET_LINES, `a basket holds at most ${MAX_BASKET_LINES} lines`)

export const couponCodeInput = z.string().trim().min(1, 'enter a coupon code').max(40, 'is too long to be a coupon code')

export const deliveryMethodInput = z.enum(['free', 'flat_rate', 'dealer_delivery'], { message: 'must be free, flat_rate or dealer_delivery' })

export const basketPricingRequest = z
  .object({
    lines: basketLinesInput,
    couponCode: couponCodeInput.nullish(),
    deliveryMethod: deliveryMethodInput.nullish(),
  })
  .strict()

export type BasketPricingRequest = z.infer<typeof basketPricingRequest>
