// UK motorcycle licence categories for a test ride: which category a bike needs and whether the rider's
// licence covers it (DVSA: AM mopeds; A1 up to 125 cc, 11 kW and 0.1 kW/kg; A2 up to 35 kW and 0.2 kW/kg,
// not restricted from more than 70 kW; A unrestricted). A CBT certificate alone covers no test ride unless
// the dealer allows it on 125 cc learner bikes.

export const RIDER_LICENCES = ['CBT', 'AM', 'A1', 'A2', 'A'] as const
export type RiderLicence = (typeof RIDER_LICENCES)[number]
export type BikeCategory = 'AM' | 'A1' | 'A2' | 'A'

export const RIDER_LICENCE_LABELS: Record<RiderLicence, string> = {
  CBT: 'CBT certificate only (learner)',
  AM: 'Category AM (moped)',
  A1: 'Category A1 (light motorcycle)',
  A2: 'Category A2',
  A: 'Category A (full, unrestricted)',
}

export interface TestRideBike {
  readonly name: string
  readonly engineCc: number
  readonly powerKw: number
  readonly weightKg: number
  /** For a bike restricted to A2: the power of the unrestricted bike it was derived from. */
  readonly restrictedFromKw?: number | null
}

export type CategoryVerdict = { readonly category: BikeCategory; readonly why: string }

function kwPerKg(bike: TestRideBike): number {
  return bike.weightKg > 0 ? bike.powerKw / bike.weightKg : Infinity
}

/** The lowest licence category that may ride `bike`, and why. */
export function requiredCategory(bike: TestRideBike): CategoryVerdict {
  const ratio = kwPerKg(bike)
  if (bike.engineCc <= 50 && bike.powerKw <= 4) return { category: 'AM', why: 'a moped up to 50 cc' }
  if (bike.engineCc <= 125 && bike.powerKw <= 11 && ratio <= 0.1) return { category: 'A1', why: 'up to 125 cc and 11 kW' }
  const a2 = bike.powerKw <= 35 && ratio <= 0.2 && (bike.restrictedFromKw == null || bike.restrictedFromKw <= 70)
  if (a2) return { category: 'A2', why: 'up to 35 kW and 0.2 kW/kg' }
  const reasons: string[] = []
  if (bike.powerKw > 35) reasons.push(`${bike.powerKw} kW is over the A2 limit of 35 kW`)
  if (ratio > 0.2) reasons.push(`${ratio.toFixed(2)} kW/kg is over the A2 limit of 0.2 kW/kg`)
  if (bike.restrictedFromKw != null && bike.restrictedFromKw > 70) reasons.push(`it is restricted from ${bike.restrictedFromKw} kW, more than the 70 kW A2 allows`)
  return { category: 'A', why: reasons.join(' and ') || 'it is above the A2 limits' }
}

const COVERS: Record<Exclude<RiderLicence, 'CBT'>, readonly BikeCategory[]> = {
  AM: ['AM'],
  A1: ['AM', 'A1'],
  A2: ['AM', 'A1', 'A2'],
  A: ['AM', 'A1', 'A2', 'A'],
}

export type LicenceCheck = { readonly ok: true; readonly category: BikeCategory } | { readonly ok: false; readonly category: BikeCategory; readonly reason: string }

export function checkLicence(licence: RiderLicence, bike: TestRideBike, options: { allowCbtOn125: boolean }): LicenceCheck {
  const { category, why } = requiredCategory(bike)
  if (licence === 'CBT') {
    if (options.allowCbtOn125 && (category === 'A1' || category === 'AM') && bike.engineCc <= 125) return { ok: true, category }
    return {
      ok: false,
      category,
      reason: options.allowCbtOn125
        ? `A CBT certificate covers test rides on 125 cc learner bikes only; the ${bike.name} needs a category ${category} licence.`
        : `A CBT certificate alone is not enough for a test ride: the ${bike.name} needs a full category ${category} licence.`,
    }
  }
  if (COVERS[licence].includes(category)) return { ok: true, category }
  return { ok: false, category, reason: `The ${bike.name} needs a category ${category} licence (${why}); a category ${licence} licence does not cover it.` }
}
