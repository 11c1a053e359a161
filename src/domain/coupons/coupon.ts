// Coupons: what a discount is worth, whether a coupon may be used now, and the basket's couponCode state (spec §4, §5, §9).
import { formatPence, type Pence } from '../money'
import { ukLongDate } from '../../lib/text/uk-date'

export const DISCOUNT_TYPES = ['fixed_cart', 'percent', 'fixed_product'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]

/** Spec §5: the exact text the caller logs when a fixed_product coupon reaches evaluation. */
export const UNSUPPORTED_DISCOUNT_TYPE_MESSAGE = 'this discount type is not supported'

/**
 * A coupon as staff define it. `amount` is integer pence for fixed_cart and fixed_product, and a
 * percentage (0 to 100, fractions allowed) for percent, because that is how the shop admin states them.
 * Dates are instants: the caller turns "expires on 3 March" into the moment it stops working.
 */
export interface CouponDefinition {
  readonly code: string
  readonly discountType: DiscountType
  readonly amount: number
  readonly validFrom?: Date | null
  readonly expiresAt?: Date | null
  readonly usageLimit?: number | null
  readonly minimumSpendPence?: Pence | null
}

export type CouponRefusalReason =
  | 'unknown'
  | 'unsupported_discount_type'
  | 'not_yet_valid'
  | 'expired'
  | 'usage_limit_reached'
  | 'minimum_spend_not_met'

export interface CouponRefusal {
  readonly reason: CouponRefusalReason
  /** Safe to show the customer as is. */
  readonly message: string
}

export interface CouponCheck {
  readonly subtotalPence: Pence
  readonly now: Date
  /** How many times the coupon has been used already, across all customers. */
  readonly usedCount: number
}

export type CouponValidation = { readonly ok: true; readonly coupon: CouponDefinition } | ({ readonly ok: false } & CouponRefusal)

/** Codes compare without regard to case or surrounding spaces, the way customers type them. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

function refuse(reason: CouponRefusalReason, message: string): { ok: false } & CouponRefusal {
  return { ok: false, reason, message }
}

/**
 * Whether `code` may be used on a basket with this subtotal at `now`. `definition` is the coupon the
 * shop holds under that code, or undefined when there is none. Checks run from the most to the least
 * fundamental so the customer hears about the problem they can least fix first.
 */
export function validateCoupon(code: string, definition: CouponDefinition | undefined, check: CouponCheck): CouponValidation {
  if (!definition || normaliseCouponCode(definition.code) !== normaliseCouponCode(code) || normaliseCouponCode(code) === '') {
    return refuse('unknown', 'We don’t recognise that coupon code. Please check it and try again.')
  }
  if (definition.discountType === 'fixed_product') {
    return refuse('unsupported_discount_type', 'This coupon can’t be used in the online shop. Please ask us in store.')
  }
  if (definition.validFrom && check.now.getTime() < definition.validFrom.getTime()) {
    return refuse('not_yet_valid', `This coupon can be used from ${ukLongDate(definition.validFrom)}.`)
  }
  if (definition.expiresAt && check.now.getTime() >= definition.expiresAt.getTime()) {
    return refuse('expired', `This coupon expired on ${ukLongDate(definition.expiresAt)}.`)
  }
  if (definition.usageLimit !== null && definition.usageLimit !== undefined && check.usedCount >= definition.usageLimit) {
    return refuse('usage_limit_reached', 'This coupon has already been used the maximum number of times.')
  }
  const minimum = definition.minimumSpendPence ?? 0
  if (check.subtotalPence < minimum) {
    const shortfall = minimum - check.subtotalPence
    return refuse(
      'minimum_spend_not_met',
      `Spend at least ${formatPence(minimum)} to use this coupon: add ${formatPence(shortfall)} more to your basket.`,
    )
  }
  return { ok: true, coupon: definition }
}

export type DiscountEvaluation =
  | { readonly ok: true; readonly discountPence: Pence }
  | { readonly ok: false; readonly reason: 'unsupported_discount_type'; readonly logMessage: typeof UNSUPPORTED_DISCOUNT_TYPE_MESSAGE }

/**
 * The discount a coupon takes off a subtotal, never more than the subtotal so a total cannot go negative.
 * fixed_product is refused rather than treated as zero so the caller knows to log it (spec §5).
 */
export function evaluateDiscount(discountType: DiscountType, amount: number, subtotalPence: Pence): DiscountEvaluation {
  const subtotal = Math.max(0, subtotalPence)
  switch (discountType) {
    case 'fixed_cart':
      return { ok: true, discountPence: clamp(Math.round(amount), 0, subtotal) }
    case 'percent':
      // Half a penny rounds up, as a till would.
      return { ok: true, discountPence: clamp(Math.round((subtotal * clamp(amount, 0, 100)) / 100), 0, subtotal) }
    case 'fixed_product':
      return { ok: false, reason: 'unsupported_discount_type', logMessage: UNSUPPORTED_DISCOUNT_TYPE_MESSAGE }
  }
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min
  return Math.min(max, Math.max(min, value))
}

/*
 * The basket's couponCode (spec §3) keeps the spec's four fields, and a status that tells an entered
 * code from a refused one, since both have valid false. The statuses make the states impossible to mix:
 * only an applied coupon carries a discount.
 */
export type CouponCode =
  | { readonly status: 'entered'; readonly code: string; readonly amount: 0; readonly discount_type: null; readonly valid: false }
  | { readonly status: 'applied'; readonly code: string; readonly amount: number; readonly discount_type: DiscountType; readonly valid: true }
  | ({
      readonly status: 'invalid'
      readonly code: string
      readonly amount: 0
      readonly discount_type: null
      readonly valid: false
    } & CouponRefusal)

/** No coupon on the basket. */
export type CouponCodeState = CouponCode | null

/** Add: the customer has typed a code; nothing is known about it yet. An empty code clears the coupon. */
export function addCoupon(_state: CouponCodeState, code: string): CouponCodeState {
  const normalised = normaliseCouponCode(code)
  if (normalised === '') return null
  return { status: 'entered', code: normalised, amount: 0, discount_type: null, valid: false }
}

/**
 * Submit: check the entered (or already applied) code against the shop's coupon and either apply it
 * or mark it invalid with the reason. With no coupon on the basket there is nothing to submit.
 */
export function submitCoupon(state: CouponCodeState, definition: CouponDefinition | undefined, check: CouponCheck): CouponCodeState {
  if (!state) return null
  const result = validateCoupon(state.code, definition, check)
  if (!result.ok) return markCouponInvalid(state, result)
  return {
    status: 'applied',
    code: state.code,
    amount: result.coupon.amount,
    discount_type: result.coupon.discountType,
    valid: true,
  }
}

/** Mark invalid: e.g. the basket later fell below the minimum spend; the code stays so the customer sees which one. */
export function markCouponInvalid(state: CouponCodeState, refusal: CouponRefusal): CouponCodeState {
  if (!state) return null
  return { status: 'invalid', code: state.code, amount: 0, discount_type: null, valid: false, reason: refusal.reason, message: refusal.message }
}

/** Remove: the basket has no coupon again. */
export function removeCoupon(_state: CouponCodeState): CouponCodeState {
  return null
}

/** The discount a basket's coupon gives now; only an applied coupon gives one. */
export function discountForCouponCode(state: CouponCodeState, subtotalPence: Pence): DiscountEvaluation {
  if (!state || state.status !== 'applied') return { ok: true, discountPence: 0 }
  return evaluateDiscount(state.discount_type, state.amount, subtotalPence)
}
