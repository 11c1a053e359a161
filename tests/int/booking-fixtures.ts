// Fixtures for the booking tests: the seeded workshop services, a workshop of known capacity, and demo bikes.
import type { Payload } from 'payload'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import type { ServiceBookingInput, TestRideInput } from '../../src/features/bookings/bookings.server'
import { SERVICE_OPTIONS } from '../../src/setup/seed/service-options'
import { daysThatFit, todayInUk } from '../../src/domain/booking/availability'
import { withTestPayload } from './payload'

export async function seedServices(payload: Payload): Promise<Record<string, number>> {
  const ids: Record<string, number> = {}
  for (const o of SERVICE_OPTIONS) {
    const doc = await payload.create({ collection: 'service-options', overrideAccess: true, data: o })
    ids[o.code] = doc.id
  }
  return ids
}

/** One mechanic, six hours at 100%: 360 minutes, exactly two full services (180 min) a day. */
export async function smallWorkshop(payload: Payload): Promise<void> {
  await payload.updateGlobal({
    slug: 'site-settings',
    overrideAccess: true,
    data: {
      address: { line1: '1 Dealer Way', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
      closures: [],
      workshop: { mechanics: 1, hoursPerMechanic: 6, productivePercent: 100, openDays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], leadDays: 1, horizonDays: 60, changeCutoffHours: 24, collectionDays: 5 },
      testRides: { openDays: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], windows: [{ starts: '10:00', minutes: 60 }, { starts: '14:00', minutes: 60 }], leadDays: 1, horizonDays: 30, changeCutoffHours: 2, allowCbtOn125: false, excessPence: 50_000 },
    },
  })
}

/** What withBookableWorkshop seeded: the services' ids by code, and the days ahead a full service fits on. Live bindings: read them in tests. */
export let tiers: Record<string, number>
export let days: string[]

/**
 * Registers the file's Payload (./payload.ts) with the seeded services and the small workshop; `close` runs after
 * the file's tests. The bookings code is imported only then, after the test file has pointed the outbox at its own folder.
 */
export function withBookableWorkshop(close?: () => unknown): void {
  withTestPayload(
    async (payload) => {
      const { loadBookingSettings } = await import('../../src/features/bookings/bookings.server')
      tiers = await seedServices(payload)
      await smallWorkshop(payload)
      days = daysThatFit((await loadBookingSettings(payload)).workshop, todayInUk(new Date()), () => 0, 1, 40)
    },
    300_000,
    close,
  )
}

let motorcycles: number | undefined

export async function demoBike(payload: Payload, attrs: { name: string; engineCc: number; powerKw: number; weightKg: number }): Promise<number> {
  motorcycles ??= (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
  const suffix = uniqueSuffix()
  const product = await payload.create({
    collection: 'products',
    overrideAccess: true,
    data: { ...buildProduct({ name: `${attrs.name} ${suffix}`, sku: `DEMO-${suffix}`, category: motorcycles, pricePence: 599_900, stock: 1 }), attributes: { engineCc: attrs.engineCc, powerKw: attrs.powerKw, weightKg: attrs.weightKg } } as never,
  })
  return product.id
}

export const contact = { firstName: 'Ada', lastName: 'Rider', email: 'ada@example.co.uk', phone: '07700900123' }

export function serviceInput(tierId: number, day: string, extra: Partial<ServiceBookingInput> = {}): ServiceBookingInput {
  return {
    tierId,
    addOnIds: [],
    day,
    bike: { make: 'Trek', model: 'Domane', bikeType: 'road', eBike: false, notes: '' },
    contact,
    extraWorkLimitPence: 2000,
    acceptTerms: true,
    ...extra,
  }
}

export function rideInput(productId: number, day: string, window = '10:00', extra: Partial<TestRideInput> = {}): TestRideInput {
  return { productId, day, window, licence: 'A2', contact, acceptTerms: true, ...extra }
}
