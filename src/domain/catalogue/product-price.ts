// The one price a customer sees and pays for a product: its base price plus every charge the shop makes
// compulsory (ADR 023). Cards, the product page, structured data, search, the basket, checkout, payment,
// reservations, finance and the stored order all take their figure from `productPrice`.
import { formatPence, vatIncluded, type Pence } from '../money'

/**
 * How a charge's VAT is accounted for. `product-rate`: VAT at the product's own rate is contained in it (a
 * pre-delivery inspection is a service the dealer supplies). `outside-scope`: no VAT is contained in it
 * (a registration fee or road tax paid to DVLA for the customer, a disbursement).
 */
export type ChargeVat = 'product-rate' | 'outside-scope'

/** A charge every buyer of the product must pay; it is part of the headline price, never added after it. */
export interface MandatoryCharge {
  readonly label: string
  /** Per unit, VAT-inclusive where VAT applies. */
  readonly pence: Pence
  readonly vat: ChargeVat
  /** The VAT rate contained in `pence`: the product's rate, or 0 outside the scope of VAT. */
  readonly vatRatePercent: number
}

/** Something the customer may choose to add; never in the headline price. */
export interface OptionalExtra {
  readonly label: string
  readonly pence: Pence
}

export interface ProductPriceInput {
  /** The product's (or chosen variant's) own price in pence, VAT included; null when the price is on application. */
  readonly basePricePence: Pence | null | undefined
  readonly vatRatePercent: number
  /** The charges staff set on the product (the CMS's extra fee); any charge set is compulsory. */
  readonly charges?: readonly { readonly label?: string | null; readonly pence?: Pence | null; readonly vat?: ChargeVat }[] | null
  readonly optionalExtras?: readonly OptionalExtra[]
}

export interface ProductPrice {
  readonly basePence: Pence
  readonly vatRatePercent: number
  readonly charges: readonly MandatoryCharge[]
  /** The headline price: base plus every mandatory charge. The only figure shown as "the price". */
  readonly totalPence: Pence
  /** VAT contained in one unit at the headline price, each part at its own rate. */
  readonly vatPence: Pence
  readonly optionalExtras: readonly OptionalExtra[]
}

/** The label a charge gets when staff left it empty. */
export const DEFAULT_CHARGE_LABEL = 'Additional charge'

function isWholePence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

/**
 * Whether a stored or typed figure is a price the shop can sell at: whole pence above zero. Nothing in the
 * catalogue is given away, and dealer systems write 0 for a price they do not know, so £0 is never a price:
 * such a product is "price on application" (no price), never bought for nothing.
 */
export function isSellingPrice(value: unknown): value is Pence {
  return isWholePence(value) && value > 0
}

/** Why a price refuses 0, as staff and a feed's refused rows read it. */
export const ZERO_PRICE_MESSAGE = 'a price of 0 would sell it for nothing; leave the price empty when it is on application'

/**
 * The headline price and its parts, or null when the product has no price (it cannot be bought online), a
 * price of 0 included (see isSellingPrice).
 * A charge of 0 or less, or one that is not whole pence, is no charge.
 */
export function productPrice(input: ProductPriceInput): ProductPrice | null {
  const base = input.basePricePence
  if (!isSellingPrice(base)) return null
  const charges = mandatoryCharges(input)
  const totalPence = charges.reduce((sum, c) => sum + c.pence, base)
  const price = { basePence: base, vatRatePercent: input.vatRatePercent, charges, totalPence, optionalExtras: (input.optionalExtras ?? []).filter((e) => isWholePence(e.pence) && e.pence > 0) }
  return { ...price, vatPence: pricedVatPence(price, 1, 0) }
}

/** The compulsory charges staff set, as every price contains them (whether or not the product has a price yet). */
export function mandatoryCharges(input: Pick<ProductPriceInput, 'charges' | 'vatRatePercent'>): MandatoryCharge[] {
  return (input.charges ?? [])
    .filter((c): c is { label?: string | null; pence: Pence; vat?: ChargeVat } => isWholePence(c.pence) && c.pence > 0)
    .map((c) => {
      const vat = c.vat ?? 'product-rate'
      return { label: c.label?.trim() || DEFAULT_CHARGE_LABEL, pence: c.pence, vat, vatRatePercent: vat === 'outside-scope' ? 0 : input.vatRatePercent }
    })
}

/** The headline figure alone, for surfaces that show one number (cards, feeds, sort keys); null without a price. */
export function headlinePricePence(input: ProductPriceInput): Pence | null {
  return productPrice(input)?.totalPence ?? null
}

/**
 * The was-price to show struck through beside a headline price, or null for none. Staff enter it as a price the
 * product was actually offered at, as customers saw it (compulsory charges included), so it is shown exactly as
 * entered: adding today's charges to it would make a price the product was never offered at (entering £8,749 once
 * showed "was £8,999"), which is a misleading reference price (DMCC Act 2024, Sch 20; CMA's pricing guidance).
 * It is shown only above the headline price, where it is a saving; never when the product has no price.
 */
export function wasPricePence(enteredPence: number | null | undefined, headlinePence: Pence | null): Pence | null {
  if (!isWholePence(enteredPence) || enteredPence <= 0 || headlinePence === null) return null
  return enteredPence > headlinePence ? enteredPence : null
}

/** The charges as the product's extra fee stores them today: one fee, VAT at the product's rate (ADR 023). */
export function chargesFromExtraFee(fee: { readonly feeValue?: number | null; readonly label?: string | null } | null | undefined): ProductPriceInput['charges'] {
  return fee?.feeValue ? [{ label: fee.label, pence: fee.feeValue, vat: 'product-rate' }] : []
}

/** The parts that carry VAT at each rate, per unit: the base and product-rate charges, then each outside-scope charge. */
export interface VatPart {
  readonly pence: Pence
  readonly vatRatePercent: number
}

export function vatParts(price: Pick<ProductPrice, 'basePence' | 'vatRatePercent' | 'charges'>): VatPart[] {
  const atProductRate = price.charges.filter((c) => c.vatRatePercent === price.vatRatePercent).reduce((sum, c) => sum + c.pence, price.basePence)
  return [{ pence: atProductRate, vatRatePercent: price.vatRatePercent }, ...price.charges.filter((c) => c.vatRatePercent !== price.vatRatePercent).map((c) => ({ pence: c.pence, vatRatePercent: c.vatRatePercent }))]
}

/**
 * VAT contained in `count` units after `discountPence` off the line. A discount comes off the VATable part
 * first: a fee paid on to DVLA is passed on at cost, so a discount can only be on what the shop supplies.
 */
export function pricedVatPence(price: Pick<ProductPrice, 'basePence' | 'vatRatePercent' | 'charges'>, count: number, discountPence: Pence): Pence {
  let discountLeft = Math.max(0, discountPence)
  const parts = vatParts(price)
    .map((p) => ({ gross: p.pence * count, rate: p.vatRatePercent }))
    .sort((a, b) => b.rate - a.rate)
  let vat = 0
  for (const part of parts) {
    const off = Math.min(discountLeft, part.gross)
    discountLeft -= off
    vat += vatIncluded(part.gross - off, part.rate)
  }
  return vat
}

/**
 * The sentence under a headline price that has charges in it, e.g. "Includes £250 on-the-road charges:
 * pre-delivery inspection, registration and first year’s road tax." Null when nothing is included.
 */
export function includedChargesText(price: Pick<ProductPrice, 'charges'>): string | null {
  if (price.charges.length === 0) return null
  const parts = price.charges.map((c) => `${formatPence(c.pence)} ${lowerFirst(c.label)}`)
  return `Includes ${parts.join(' and ')}.`
}

function lowerFirst(text: string): string {
  // "On-the-road charges" reads as part of the sentence; an acronym ("PDI") keeps its capitals.
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
}
