// Prices a workshop job from the tier and add-ons the shop holds (never from the browser): integer pence,
// VAT included, and the workshop minutes the job takes out of the day's capacity.

export const BIKE_TYPES = ['road', 'gravel', 'mountain', 'hybrid', 'city', 'folding', 'cargo', 'kids', 'other'] as const

export interface ServiceOption {
  readonly id: number
  readonly name: string
  readonly kind: 'tier' | 'add-on'
  readonly pricePence: number
  readonly workshopMinutes: number
  /** Tiers only for e-bikes (motor and battery diagnostics). */
  readonly eBikeOnly: boolean
  readonly active: boolean
}

export interface ServiceLine {
  readonly optionId: number
  readonly name: string
  readonly pricePence: number
  readonly minutes: number
}

export type ServiceQuote =
  | { readonly ok: true; readonly lines: readonly ServiceLine[]; readonly totalPence: number; readonly minutes: number }
  | { readonly ok: false; readonly field: 'tier' | 'addOns'; readonly message: string }

export function quoteService(options: readonly ServiceOption[], tierId: number, addOnIds: readonly number[], isEBike: boolean): ServiceQuote {
  const tier = options.find((o) => o.id === tierId && o.kind === 'tier' && o.active)
  if (!tier) return { ok: false, field: 'tier', message: 'Choose one of the services listed.' }
  if (tier.eBikeOnly && !isEBike) return { ok: false, field: 'tier', message: `The ${tier.name} is for e-bikes: tick “This is an e-bike” or choose another service.` }
  const unique = [...new Set(addOnIds)]
  const addOns = unique.map((id) => options.find((o) => o.id === id && o.kind === 'add-on' && o.active))
  if (addOns.some((a) => !a)) return { ok: false, field: 'addOns', message: 'One of the extras chosen is no longer offered: choose from the list.' }
  const lines: ServiceLine[] = [tier, ...(addOns as ServiceOption[])].map((o) => ({ optionId: o.id, name: o.name, pricePence: o.pricePence, minutes: o.workshopMinutes }))
  return {
    ok: true,
    lines,
    totalPence: lines.reduce((sum, l) => sum + l.pricePence, 0),
    minutes: lines.reduce((sum, l) => sum + l.minutes, 0),
  }
}
