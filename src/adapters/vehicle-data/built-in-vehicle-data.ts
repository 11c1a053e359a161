// The built-in vehicle sources: the demo registrations of ./demo-vehicles, offline and deterministic; any other
// registration is unknown, answered as the real services answer one.
import { DEMO_VEHICLES } from './demo-vehicles'
import { DVLA, DVSA, LOOKUP_MESSAGES, type MotHistorySource, type VehicleEnquirySource } from './vehicle-data-source'

export function builtInVehicleEnquiry(): VehicleEnquirySource {
  return {
    name: 'built-in',
    async vehicle(registration) {
      const demo = DEMO_VEHICLES[registration]
      if (!demo) return { ok: false, reason: 'not-found', message: LOOKUP_MESSAGES.notFound(DVLA, registration) }
      return { ok: true, vehicle: { registration, ...demo.vehicle } }
    },
  }
}

export function builtInMotHistory(): MotHistorySource {
  return {
    name: 'built-in',
    async history(registration) {
      const demo = DEMO_VEHICLES[registration]
      if (!demo) return { ok: false, reason: 'not-found', message: LOOKUP_MESSAGES.notFound(DVSA, registration) }
      return { ok: true, history: { registration, tests: demo.tests } }
    },
  }
}
