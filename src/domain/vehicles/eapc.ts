// Electrically assisted pedal cycles (EAPC Regulations 1983, as amended 2015): in Great Britain an e-bike is a
// bicycle only when it has pedals that propel it, a motor of at most 250 W continuous rated power, and assistance that
// cuts out at 15.5 mph (25 km/h). Anything else is a motor vehicle: it must be registered, taxed and insured, and its
// rider needs a licence and a helmet. Google Merchant Center also asks for an e-bike's assisted top speed.

export const EAPC_MAX_POWER_W = 250
export const EAPC_MAX_ASSISTED_MPH = 15.5

export interface EbikeFacts {
  readonly hasPedals?: boolean | null
  readonly motorPowerW?: number | null
  readonly assistedSpeedMph?: number | null
}

export type EapcVerdict = { readonly eapc: true } | { readonly eapc: false; readonly reasons: readonly string[] } | { readonly eapc: null; readonly missing: readonly string[] }

/** Whether the e-bike meets the EAPC rules; null (unknown) until its power and assisted speed are recorded. */
export function eapcVerdict(facts: EbikeFacts): EapcVerdict {
  const missing = [facts.motorPowerW == null ? 'motor power' : null, facts.assistedSpeedMph == null ? 'assisted speed' : null].filter((x): x is string => x !== null)
  const reasons: string[] = []
  if (facts.hasPedals === false) reasons.push('it has no pedals that propel it')
  if (facts.motorPowerW != null && facts.motorPowerW > EAPC_MAX_POWER_W) reasons.push(`its motor is ${facts.motorPowerW} W, over ${EAPC_MAX_POWER_W} W`)
  if (facts.assistedSpeedMph != null && facts.assistedSpeedMph > EAPC_MAX_ASSISTED_MPH) reasons.push(`it assists to ${facts.assistedSpeedMph} mph, over ${EAPC_MAX_ASSISTED_MPH} mph`)
  if (reasons.length > 0) return { eapc: false, reasons }
  if (missing.length > 0) return { eapc: null, missing }
  return { eapc: true }
}

export const MOTOR_VEHICLE_NOTICE = 'This is a motor vehicle in law, not an electric bicycle: it must be registered and taxed, its rider needs a driving licence and a helmet, and it must be insured to be ridden on a road.'

/** Google's words for an e-bike's top speed: "15.5 mph". */
export function assistedSpeedText(mph: number): string {
  return `${Number(mph.toFixed(1))} mph`
}

/**
 * The listing facts (features/catalogue/facet-index.server.ts) only cycles are listed under: a category (every
 * category that holds e-bikes is a cycle category: Bicycles, Electric Bikes and theirs), frame size, bicycle type
 * and battery range.
 */
export const CYCLE_LISTING_FACTS = ['categoryId', 'frameSize', 'bikeType', 'batteryRangeMiles'] as const

export interface ListedProduct {
  readonly kind: string | null
  /** the stored EAPC verdict (`ebike.eapc`): null for anything but an assessed e-bike */
  readonly eapc: boolean | null | undefined
}

/** An e-bike that fails the EAPC rules: on sale, but as the motor vehicle it is in law. */
export function soldAsMotorVehicle(p: ListedProduct): boolean {
  return p.kind === 'e-bike' && p.eapc === false
}

/**
 * Whether a product is listed among bicycles (the cycle categories, the cycle facets, the home page's cycles): a
 * bicycle, or an e-bike not found to be a motor vehicle (one whose power or speed is not yet recorded stays listed).
 */
export function listedAmongCycles(p: ListedProduct): boolean {
  return p.kind === 'bicycle' || (p.kind === 'e-bike' && !soldAsMotorVehicle(p))
}

/** Whether a listing shows the product under a value of `fact`: never under a cycle fact when it is sold as a motor vehicle. */
export function listedUnder(fact: string, p: ListedProduct): boolean {
  return !((CYCLE_LISTING_FACTS as readonly string[]).includes(fact) && soldAsMotorVehicle(p))
}
