// The workshop's bookable services: four tiers (one an e-bike system service) and add-ons, prices in pence
// VAT included, times in mechanic minutes. Created on every start when missing, like the demo coupons.
import type { Payload } from 'payload'

export const SERVICE_OPTIONS = [
  { code: 'safety-check', name: 'Safety check', kind: 'tier', pricePence: 2_500, workshopMinutes: 30, eBikeOnly: false, position: 10, description: 'Brakes, gears, tyres, wheels and bolts checked and adjusted; a written report of anything that needs doing.' },
  { code: 'standard-service', name: 'Standard service', kind: 'tier', pricePence: 6_900, workshopMinutes: 90, eBikeOnly: false, position: 20, description: 'Safety check plus drivetrain clean and lube, brake and gear set-up, wheels trued in the bike.' },
  { code: 'full-service', name: 'Full service', kind: 'tier', pricePence: 12_900, workshopMinutes: 180, eBikeOnly: false, position: 30, description: 'Strip-down: drivetrain deep clean, bearings checked and regreased, wheels trued on the stand, cables and hoses inspected.' },
  { code: 'e-bike-system-service', name: 'E-bike system service', kind: 'tier', pricePence: 9_900, workshopMinutes: 120, eBikeOnly: true, position: 40, description: 'Motor and battery diagnostics, firmware update, connector and cable check, plus a standard service of the bike.' },
  { code: 'tubeless-setup', name: 'Tubeless set-up (pair)', kind: 'add-on', pricePence: 3_500, workshopMinutes: 30, eBikeOnly: false, position: 50, description: 'Tape, valves and sealant for both wheels; sealant included.' },
  { code: 'brake-bleed', name: 'Hydraulic brake bleed (per brake)', kind: 'add-on', pricePence: 2_000, workshopMinutes: 20, eBikeOnly: false, position: 60, description: 'Fresh fluid and a firm lever.' },
  { code: 'wash-and-polish', name: 'Bike wash and polish', kind: 'add-on', pricePence: 1_500, workshopMinutes: 15, eBikeOnly: false, position: 70, description: 'Frame and wheels washed, frame polished.' },
] as const satisfies readonly { code: string; name: string; kind: 'tier' | 'add-on'; pricePence: number; workshopMinutes: number; eBikeOnly: boolean; position: number; description: string }[]

/** Creates any of the workshop services that are missing (by code); staff edits to existing ones stay. */
export async function ensureServiceOptions(payload: Payload): Promise<void> {
  const existing = await payload.find({ collection: 'service-options', depth: 0, limit: 100, pagination: false, overrideAccess: true })
  const codes = new Set(existing.docs.map((d) => d.code))
  for (const option of SERVICE_OPTIONS) {
    if (!codes.has(option.code)) await payload.create({ collection: 'service-options', overrideAccess: true, data: { ...option, active: true } })
  }
}
