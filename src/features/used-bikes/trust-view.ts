// What a product page tells a buyer about a used bike's road record and an e-bike's legal standing, as plain data
// built from the stored product (the page's view keeps it beside the rest of the product's facts).
import type { Product } from '../../payload-types'
import type { MotTest } from '../../adapters/vehicle-data/vehicle-data-source'
import { eapcVerdict, type EapcVerdict } from '../../domain/vehicles/eapc'
import { writeOffCategoryOf, type WriteOffCategory } from '../../domain/vehicles/history-check'
import { mileageChart, type ChartGeometry } from '../../domain/vehicles/mileage'
import { motTestsOf } from './mot-tests'

export interface UsedBikeTrust {
  readonly taxStatus: string | null
  readonly taxDueDate: string | null
  readonly motStatus: string | null
  readonly motExpiryDate: string | null
  /** Newest first. */
  readonly motTests: readonly MotTest[]
  readonly chart: ChartGeometry | null
  readonly writeOff: WriteOffCategory | null
  /** The history check's date and provider, when one is recorded. */
  readonly historyCheckedOn: string | null
  readonly historyProvider: string | null
}

export interface EbikeLaw {
  readonly motorPowerW: number | null
  readonly assistedSpeedMph: number | null
  readonly verdict: EapcVerdict
}

const isoDay = (value: string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : null)

export function usedBikeTrustOf(product: Pick<Product, 'condition' | 'usedBike'>): UsedBikeTrust | null {
  if (product.condition !== 'used' || !product.usedBike) return null
  const u = product.usedBike
  const motTests = motTestsOf(u.motTests)
  const trust: UsedBikeTrust = {
    taxStatus: u.taxStatus ?? null,
    taxDueDate: isoDay(u.taxDueDate),
    motStatus: u.motStatus ?? null,
    motExpiryDate: isoDay(u.motExpiryDate),
    motTests,
    chart: mileageChart(motTests),
    writeOff: writeOffCategoryOf(u.historyCheck?.writeOffCategory),
    historyCheckedOn: isoDay(u.historyCheck?.checkedOn),
    historyProvider: u.historyCheck?.provider?.trim() || null,
  }
  const empty = !trust.taxStatus && !trust.motStatus && motTests.length === 0 && !trust.writeOff && !trust.historyCheckedOn
  return empty ? null : trust
}

export function ebikeLawOf(product: Pick<Product, 'kind' | 'ebike'>): EbikeLaw | null {
  if (product.kind !== 'e-bike') return null
  const e = product.ebike ?? {}
  return { motorPowerW: e.motorPowerW ?? null, assistedSpeedMph: e.assistedSpeedMph ?? null, verdict: eapcVerdict({ hasPedals: e.hasPedals, motorPowerW: e.motorPowerW, assistedSpeedMph: e.assistedSpeedMph }) }
}
