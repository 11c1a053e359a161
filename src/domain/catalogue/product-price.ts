// The one price a customer sees and pays for a product: its base price plus every charge the shop makes
// compulsory (ADR 023). Cards, the product page, structured data, search, the basket, checkout, payment,
// reservations, finance and the stored order all take their figure from `productPrice`.
import { formatPence, type Pence } from '../money'
import { analyseVat, treatmentForRate, type VatLineInput, type VatTreatment } from '../vat/vat'

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
  /** The charge these parts make up together ("On-the-road charges"), when one fee is split into parts. */
  readonly group?: string
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
  /** How the product itself is treated for VAT; by default what its rate means (a used bike: `margin`). */
  readonly vatTreatment?: VatTreatment
  /** The charges staff set on the product (the CMS's extra fee); any charge set is compulsory. */
  readonly charges?: readonly { readonly label?: string | null; readonly pence?: Pence | null; readonly vat?: ChargeVat; readonly group?: string }[] | null
  readonly optionalExtras?: readonly OptionalExtra[]
}

export interface ProductPrice {
  readonly basePence: Pence
  readonly vatRatePercent: number
  readonly vatTreatment: VatTreatment
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
  const vatTreatment = input.vatTreatment ?? treatmentForRate(input.vatRatePercent)
  const charges = mandatoryCharges(input)
  const totalPence = charges.reduce((sum, c) => sum + c.pence, base)
  const price = { basePence: base, vatRatePercent: input.vatRatePercent, vatTreatment, charges, totalPence, optionalExtras: (input.optionalExtras ?? []).filter((e) => isWholePence(e.pence) && e.pence > 0) }
  return { ...price, vatPence: pricedVatPence(price, 1, 0) }
}

/**
 * The compulsory charges staff set, as every price contains them (whether or not the product has a price yet). A
 * charge's VAT follows the product's treatment: none under the margin scheme, none when outside the scope of VAT.
 */
export function mandatoryCharges(input: Pick<ProductPriceInput, 'charges' | 'vatRatePercent' | 'vatTreatment'>): MandatoryCharge[] {
  const vatTreatment = input.vatTreatment ?? treatmentForRate(input.vatRatePercent)
  const productRate = vatTreatment === 'margin' ? 0 : input.vatRatePercent
  return (input.charges ?? [])
    .filter((c): c is { label?: string | null; pence: Pence; vat?: ChargeVat; group?: string } => isWholePence(c.pence) && c.pence > 0)
    .map((c) => {
      const vat = c.vat ?? 'product-rate'
      return { label: c.label?.trim() || DEFAULT_CHARGE_LABEL, pence: c.pence, vat, vatRatePercent: vat === 'outside-scope' ? 0 : productRate, ...(c.group ? { group: c.group } : {}) }
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
 * It is shown only above the headline price, where it is a saving; never when the product has no price; and never
 * above `highestOfferedPence`, the highest headline (charges in it, like the headline) the shop's own price history
 * records for the product (ADR 075): without a record, no was-price at all.
 */
export function wasPricePence(enteredPence: number | null | undefined, headlinePence: Pence | null, highestOfferedPence: number | null | undefined): Pence | null {
  if (!isWholePence(enteredPence) || enteredPence <= 0 || headlinePence === null) return null
  if (!isWholePence(highestOfferedPence) || enteredPence > highestOfferedPence) return null
  return enteredPence > headlinePence ? enteredPence : null
}

/**
 * Why a was-price may not be saved (the admin) or imported (a feed's compare_at_price), or null when it may: it is
 * above the highest headline the product was ever offered at (`highestOfferedPence`, null for no record).
 */
export function wasPriceProblem(enteredPence: unknown, highestOfferedPence: number | null | undefined): string | null {
  if (enteredPence === null || enteredPence === undefined) return null
  if (!isWholePence(enteredPence) || enteredPence <= 0) return 'a was-price is a price in whole pence above 0'
  if (isWholePence(highestOfferedPence) && enteredPence <= highestOfferedPence) return null
  const highest = isWholePence(highestOfferedPence) && highestOfferedPence > 0 ? `the highest it was offered at is ${formatPence(highestOfferedPence)}` : 'it has no price on record yet'
  return `was-price ${formatPence(enteredPence)} is above any price this product was offered at (${highest}, compulsory charges included): a was-price must be a price it was actually charged at`
}

/** The charges as the product's extra fee stores them today: one fee, VAT at the product's rate (ADR 023). */
export function chargesFromExtraFee(fee: { readonly feeValue?: number | null; readonly label?: string | null } | null | undefined): ProductPriceInput['charges'] {
  return fee?.feeValue ? [{ label: fee.label, pence: fee.feeValue, vat: 'product-rate' }] : []
}

type PricedParts = Pick<ProductPrice, 'basePence' | 'vatRatePercent' | 'charges'> & { readonly vatTreatment?: VatTreatment }

/**
 * The VAT lines of `count` units after `discountPence` off the line: the product's own supply (its base and the
 * charges at its rate, e.g. a pre-delivery inspection) at the product's treatment, then each charge outside the
 * scope of VAT. A discount comes off the product's own supply first: a fee paid on to DVLA is passed on at cost,
 * so a discount can only be on what the shop supplies.
 */
export function pricedVatLines(price: PricedParts, count: number, discountPence: Pence): VatLineInput[] {
  const treatment = price.vatTreatment ?? treatmentForRate(price.vatRatePercent)
  const own = price.charges.filter((c) => c.vat !== 'outside-scope').reduce((sum, c) => sum + c.pence, price.basePence)
  const parts: VatLineInput[] = [
    { grossPence: own * count, treatment },
    ...price.charges.filter((c) => c.vat === 'outside-scope').map((c) => ({ grossPence: c.pence * count, treatment: 'outside-scope' as const })),
  ]
  let discountLeft = Math.max(0, discountPence)
  return parts.map((part) => {
    const off = Math.min(discountLeft, part.grossPence)
    discountLeft -= off
    return { ...part, grossPence: part.grossPence - off }
  })
}

/** VAT contained in `count` units after `discountPence` off the line (see `pricedVatLines`). */
export function pricedVatPence(price: PricedParts, count: number, discountPence: Pence): Pence {
  return analyseVat(pricedVatLines(price, count, discountPence)).vatPence
}

/**
 * The sentence under a headline price that has charges in it, e.g. "Includes £250 on-the-road charges:
 * pre-delivery inspection, registration and first year’s road tax." Null when nothing is included.
 */
export function includedChargesText(price: Pick<ProductPrice, 'charges'>): string | null {
  if (price.charges.length === 0) return null
  const group = price.charges[0]!.group
  if (group && price.charges.every((c) => c.group === group)) {
    // One fee in parts: "Includes £250 on-the-road charges: £168 pre-delivery inspection and number plates,
    // £55 DVLA first registration fee and £27 first year’s road tax (outside the scope of VAT)."
    const total = price.charges.reduce((sum, c) => sum + c.pence, 0)
    const part = (c: MandatoryCharge) => `${formatPence(c.pence)} ${lowerFirst(c.label)}`
    const own = price.charges.filter((c) => c.vat !== 'outside-scope').map(part)
    const outside = price.charges.filter((c) => c.vat === 'outside-scope').map(part)
    const outsideText = outside.length > 0 ? `${listText(outside)} (outside the scope of VAT)` : ''
    return `Includes ${formatPence(total)} ${lowerFirst(group)}: ${[...own, outsideText].filter(Boolean).join(', ')}.`
  }
  const parts = price.charges.map((c) => `${formatPence(c.pence)} ${lowerFirst(c.label)}`)
  return `Includes ${parts.join(' and ')}.`
}

function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

function lowerFirst(text: string): string {
  // "On-the-road charges" reads as part of the sentence; an acronym ("PDI") keeps its capitals.
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
}

/**
 * What the VAT in a headline price is, in one sentence under it (ADR 044): the VAT and its rate, and what in the
 * price bears none; none for a used vehicle under the margin scheme, where no VAT may be shown.
 */
export function priceVatNote(price: Pick<ProductPrice, 'vatTreatment' | 'vatRatePercent' | 'vatPence' | 'charges'>): string {
  if (price.vatTreatment === 'margin') return 'Sold under the VAT margin scheme for used vehicles: no VAT is shown separately.'
  const outside = price.charges.filter((c) => c.vat === 'outside-scope').reduce((sum, c) => sum + c.pence, 0)
  const outsideText = outside > 0 ? ` The ${formatPence(outside)} registration fee and road tax are outside the scope of VAT.` : ''
  if (price.vatTreatment === 'zero') return `Zero-rated for VAT: no VAT in this price.${outsideText}`
  return `Includes ${formatPence(price.vatPence)} VAT at ${price.vatRatePercent}%.${outsideText}`
}
