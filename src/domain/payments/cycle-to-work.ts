// Cycle to Work certificates: which goods a certificate may pay for, and the schemes' rule that a certificate is
// redeemed in full in one order (never split, never change given). Eligible goods below the certificate's value:
// refused, so the customer can add items; goods above it: the balance is paid by card.
import type { ProductKind } from '../catalogue/product-kind'
import { formatPence, isPence, type Pence } from '../money'

export const CYCLE_SCHEMES = [
  { value: 'cyclescheme', label: 'Cyclescheme' },
  { value: 'cycle_solutions', label: 'Cycle Solutions' },
  { value: 'green_commute', label: 'Green Commute Initiative' },
] as const
export type CycleScheme = (typeof CYCLE_SCHEMES)[number]['value']

export function schemeLabel(scheme: CycleScheme): string {
  return CYCLE_SCHEMES.find((s) => s.value === scheme)!.label
}

export interface CycleToWorkSettings {
  readonly enabled: boolean
  /** The schemes the shop is registered with. */
  readonly schemes: readonly CycleScheme[]
  /** The kinds of goods a certificate may pay for (bicycles, e-bikes and their safety equipment). */
  readonly kinds: readonly ProductKind[]
  /** How long an order waits for staff to confirm its certificate before its stock goes back on sale. */
  readonly holdHours: number
}

export const DEFAULT_CYCLE_TO_WORK: CycleToWorkSettings = { enabled: true, schemes: ['cyclescheme', 'cycle_solutions', 'green_commute'], kinds: ['bicycle', 'e-bike', 'accessory'], holdHours: 120 }

export interface CertificateLine {
  readonly name: string
  readonly kind: ProductKind
  readonly lineTotalPence: Pence
}

export function isCycleToWorkKind(kind: ProductKind, settings: CycleToWorkSettings = DEFAULT_CYCLE_TO_WORK): boolean {
  return settings.enabled && settings.kinds.includes(kind)
}

export type CertificateRedemption =
  | {
      readonly ok: true
      readonly certificatePence: Pence
      /** What is left to pay by card: the basket's other goods, delivery and eligible goods above the certificate. */
      readonly balancePence: Pence
    }
  | { readonly ok: false; readonly code: 'disabled' | 'scheme' | 'no_eligible_goods' | 'certificate_exceeds_basket' | 'value'; readonly message: string; readonly shortfallPence?: Pence }

/**
 * How a certificate worth `certificatePence` pays for a basket whose total is `totalPence`: it covers eligible
 * goods only, in full or not at all. Answers the card balance, or why the certificate cannot be used here.
 */
export function redeemCertificate(input: { readonly scheme: CycleScheme; readonly certificatePence: Pence; readonly lines: readonly CertificateLine[]; readonly totalPence: Pence }, settings: CycleToWorkSettings = DEFAULT_CYCLE_TO_WORK): CertificateRedemption {
  if (!settings.enabled) return { ok: false, code: 'disabled', message: 'We are not taking Cycle to Work certificates at the moment.' }
  if (!settings.schemes.includes(input.scheme)) return { ok: false, code: 'scheme', message: `We do not take ${schemeLabel(input.scheme)} certificates. We take ${settings.schemes.map(schemeLabel).join(', ')}.` }
  if (!isPence(input.certificatePence) || input.certificatePence <= 0) return { ok: false, code: 'value', message: 'Enter the certificate’s value in pounds, as printed on it.' }
  const eligiblePence = input.lines.filter((l) => isCycleToWorkKind(l.kind, settings)).reduce((sum, l) => sum + l.lineTotalPence, 0)
  if (eligiblePence === 0) return { ok: false, code: 'no_eligible_goods', message: 'Nothing in your basket can be bought with a Cycle to Work certificate: it pays for bicycles, e-bikes and their safety equipment.' }
  // The basket's discount and delivery are paid by card; the certificate must fit inside the eligible goods and the total.
  const room = Math.min(eligiblePence, input.totalPence)
  if (input.certificatePence > room) {
    const shortfall = input.certificatePence - room
    return {
      ok: false,
      code: 'certificate_exceeds_basket',
      shortfallPence: shortfall,
      message: `Your certificate is for ${formatPence(input.certificatePence)}, but the goods in your basket it can pay for come to ${formatPence(room)}. A certificate must be used in full in one order, so add ${formatPence(shortfall)} more of eligible goods (bicycles, e-bikes and their safety equipment) and try again.`,
    }
  }
  return { ok: true, certificatePence: input.certificatePence, balancePence: input.totalPence - input.certificatePence }
}

/** What the card pays of an order a certificate pays part of: its total less the certificate's value (never below 0). */
export function cardBalancePence(totalPence: Pence, certificatePence: Pence | null | undefined): Pence {
  return Math.max(0, totalPence - (certificatePence ?? 0))
}

/** Money going back from an order a certificate paid part of: how much goes to the card, and how much back through the scheme. */
export interface CertificateRefundSplit {
  readonly cardPence: Pence
  readonly schemePence: Pence
}

/**
 * How a refund of `amountPence` from an order paid partly by a certificate goes back the way the money came: to the
 * card first, up to what the card paid and has not had back yet; the rest of it was the certificate's, which goes back
 * through the scheme (never to the customer), and only when the certificate was redeemed (confirmed). A certificate
 * that was never redeemed (refused, lapsed, still waiting) paid nothing, so only the card can have money back.
 */
export function splitCertificateRefund(input: { readonly amountPence: Pence; readonly cardPaidPence: Pence; readonly cardRefundedPence: Pence; readonly certificateRedeemed: boolean }): CertificateRefundSplit {
  const amount = Math.max(0, input.amountPence)
  const cardLeft = Math.max(0, input.cardPaidPence - input.cardRefundedPence)
  const cardPence = Math.min(amount, cardLeft)
  return { cardPence, schemePence: input.certificateRedeemed ? amount - cardPence : 0 }
}

/** The certificate's details as a customer types them; `valuePence` from the pounds they typed. */
export interface CertificateEntry {
  readonly scheme: CycleScheme
  readonly number: string
  readonly redemptionCode: string
  readonly valuePence: Pence
}

/** A certificate number or redemption code as printed: letters and digits, spaces and dashes ignored, upper-cased. */
export function normaliseCertificateCode(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase()
  return /^[A-Z0-9]{4,24}$/.test(compact) ? compact : null
}
