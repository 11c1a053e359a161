// The on-the-road (OTR) charges of a new motorcycle or scooter, split into what bears VAT and what does not
// (ADR 044). Staff set one OTR figure per bike (its extra fee); its parts come from the site settings:
// - the DVLA first registration fee and the first year's vehicle excise duty (road tax) by engine size are
//   paid to DVLA for the customer at cost, outside the scope of VAT (HMRC VAT Notice 700, disbursements);
// - what is left (pre-delivery inspection, number plates) is the dealer's own supply, VAT at the bike's rate.
// The headline price does not change (ADR 023): only how much VAT it contains.
import type { Pence } from '../money'
import type { ProductKind } from './product-kind'
import { treatmentForRate, type VatTreatment } from '../vat/vat'
import { chargesFromExtraFee, type ProductPriceInput } from './product-price'

export interface VedBand {
  /** The band covers engines up to this many cc; null for the last band (everything bigger). */
  readonly upToCc: number | null
  readonly pence: Pence
}

export interface OnTheRoadRates {
  readonly registrationFeePence: Pence
  /** In rising order of engine size; the last band's `upToCc` is null. */
  readonly vedBands: readonly VedBand[]
}

/**
 * UK figures from 1 April 2025: the DVLA first registration fee (£55) and the motorcycle VED rates (up to 150cc
 * £27, 151–400cc £59, 401–600cc £91, over 600cc £127). Defaults only: staff keep the live figures in the site
 * settings, because DVLA changes them every April.
 */
export const DEFAULT_ON_THE_ROAD_RATES: OnTheRoadRates = {
  registrationFeePence: 5_500,
  vedBands: [
    { upToCc: 150, pence: 2_700 },
    { upToCc: 400, pence: 5_900 },
    { upToCc: 600, pence: 9_100 },
    { upToCc: null, pence: 12_700 },
  ],
}

/** Kinds registered with DVLA before they may be ridden on the road. */
const REGISTERED_KINDS: readonly ProductKind[] = ['motorcycle', 'scooter']

export const OTR_PART_LABELS = {
  preparation: 'Pre-delivery inspection and number plates',
  registration: 'DVLA first registration fee',
  roadTax: 'First year’s road tax',
} as const

/** The first year's VED for an engine size. No size (an electric motorcycle) pays the lowest band. */
export function firstYearVedPence(engineCc: number | null | undefined, bands: readonly VedBand[]): Pence {
  if (bands.length === 0) return 0
  const cc = typeof engineCc === 'number' && Number.isFinite(engineCc) && engineCc > 0 ? engineCc : 0
  const band = bands.find((b) => b.upToCc === null || cc <= b.upToCc) ?? bands[bands.length - 1]!
  return band.pence
}

export interface VehicleFacts {
  readonly kind?: string | null
  readonly condition?: string | null
  readonly engineCc?: number | null
}

type ExtraFee = Parameters<typeof chargesFromExtraFee>[0]

/**
 * The product's mandatory charges with each part's VAT treatment. A new motorcycle or scooter's fee is its OTR
 * charge: the registration fee and the first road tax come out of it (never more than the fee itself, the
 * registration fee first), the rest is preparation at the bike's rate. Anything else (a used bike's
 * preparation fee, a fee on rider wear) is one charge at the product's rate, as before.
 */
export function productCharges(fee: ExtraFee, vehicle: VehicleFacts, rates: OnTheRoadRates = DEFAULT_ON_THE_ROAD_RATES): ProductPriceInput['charges'] {
  const total = fee?.feeValue
  const isOnTheRoad = REGISTERED_KINDS.includes(vehicle.kind as ProductKind) && vehicle.condition !== 'used'
  if (!isOnTheRoad || typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) return chargesFromExtraFee(fee)
  const registration = Math.min(Math.max(0, rates.registrationFeePence), total)
  const roadTax = Math.min(Math.max(0, firstYearVedPence(vehicle.engineCc, rates.vedBands)), total - registration)
  const preparation = total - registration - roadTax
  const group = onTheRoadGroupLabel(fee?.label)
  return [
    { label: OTR_PART_LABELS.preparation, pence: preparation, vat: 'product-rate', group },
    { label: OTR_PART_LABELS.registration, pence: registration, vat: 'outside-scope', group },
    { label: OTR_PART_LABELS.roadTax, pence: roadTax, vat: 'outside-scope', group },
  ]
}

/** "On-the-road charges: pre-delivery inspection, …" names its group before the colon. */
function onTheRoadGroupLabel(label: string | null | undefined): string {
  const head = label?.split(':')[0]?.trim()
  return head || 'On-the-road charges'
}

/**
 * How a product is treated for VAT: a used motorcycle or scooter is sold under the margin scheme (bought from
 * private sellers without VAT, VAT Notice 718), so the customer is shown no VAT; anything else by its rate.
 */
export function productVatTreatment(facts: VehicleFacts & { readonly vatRatePercent: number }): VatTreatment {
  if (REGISTERED_KINDS.includes(facts.kind as ProductKind) && facts.condition === 'used') return 'margin'
  return treatmentForRate(facts.vatRatePercent)
}

/** The rates as the site settings keep them (pence per part), each missing figure at its default. */
export function onTheRoadRatesFrom(settings: {
  readonly registrationFeePence?: number | null
  readonly vedUpTo150ccPence?: number | null
  readonly vedUpTo400ccPence?: number | null
  readonly vedUpTo600ccPence?: number | null
  readonly vedOver600ccPence?: number | null
} | null | undefined): OnTheRoadRates {
  const d = DEFAULT_ON_THE_ROAD_RATES
  const pence = (value: number | null | undefined, fallback: Pence) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback)
  return {
    registrationFeePence: pence(settings?.registrationFeePence, d.registrationFeePence),
    vedBands: [
      { upToCc: 150, pence: pence(settings?.vedUpTo150ccPence, d.vedBands[0]!.pence) },
      { upToCc: 400, pence: pence(settings?.vedUpTo400ccPence, d.vedBands[1]!.pence) },
      { upToCc: 600, pence: pence(settings?.vedUpTo600ccPence, d.vedBands[2]!.pence) },
      { upToCc: null, pence: pence(settings?.vedOver600ccPence, d.vedBands[3]!.pence) },
    ],
  }
}
