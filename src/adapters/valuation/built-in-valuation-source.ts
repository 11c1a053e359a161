// The built-in valuation: the year from the registration's age identifier (or the customer), the make from the
// customer, and the domain's trade-in estimate. Works offline.
import { parseVrm } from '../../domain/part-exchange/vrm'
import { estimateTradeIn } from '../../domain/part-exchange/trade-in'
import type { ValuationSource } from './valuation-source'

export function builtInValuationSource(now: () => Date = () => new Date()): ValuationSource {
  return {
    name: 'built-in',
    async value(request) {
      const today = now()
      const plate = parseVrm(request.vrm, today)
      if (!plate) return { ok: false, reason: 'refused', message: 'That is not a UK registration number.' }
      const make = request.make?.trim() ?? ''
      const year = plate.year ?? request.year ?? null
      const fields = [...(make === '' ? (['make'] as const) : []), ...(year === null ? (['year'] as const) : [])]
      if (fields.length > 0) {
        const message = fields.length === 2 ? 'Tell us the make of your bike and the year it was first registered.' : fields[0] === 'make' ? 'Tell us the make of your bike.' : 'Your registration does not show its year: tell us the year it was first registered.'
        return { ok: false, reason: 'needs', fields, message }
      }
      const estimate = estimateTradeIn({ make, year: year!, mileage: request.mileage, condition: request.condition, now: today })
      if (!estimate.ok) return { ok: false, reason: 'refused', message: estimate.error }
      return { ok: true, valuation: { vrm: plate.vrm, make, year: year!, ...estimate.range } }
    },
  }
}
