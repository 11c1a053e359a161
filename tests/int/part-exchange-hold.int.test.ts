// A part-exchange valuation is held 14 days: the valuation endpoint keeps the customer's condition answers with it; a
// reservation files the valuation its browser names only while it is held (an unknown or expired one is left out, and
// the reservation, its deposit and its stock go ahead as ever); staff confirming a different figure at inspection must
// give the reason, and who confirmed it when is recorded for them.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { handlePartExchangeValuation } from '../../src/features/finance/api/part-exchange-valuations'
import { reservationPartExchange } from '../../src/features/reservations/reservation-part-exchange.server'
import { VALUATION_HOLD_DAYS } from '../../src/domain/part-exchange/valuation-hold'
import { buildCategory, buildProduct, uniqueSuffix } from '../../src/setup/seed/factories'
import { connectedTestGateway } from './test-gateway'
import { payload, withTestPayload } from './payload'

process.env.RATE_LIMITS = 'off'

const { POST: reserveRoute } = await import('../../src/app/api/reserve/route')

const post = (url: string, body: unknown) => new Request(`http://shop.test${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

withTestPayload(async (p) => {
  connectedTestGateway(p)
  await p.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { reservations: { enabled: true, depositPence: 9900, holdHours: 72 } } })
})

async function value(body: Record<string, unknown>, now?: Date) {
  const response = await handlePartExchangeValuation(post('/api/finance/part-exchange', body), payload, now ? { now } : {})
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function storedByUid(uid: string) {
  const found = await payload.find({ collection: 'part-exchange-valuations', where: { valuationUid: { equals: uid } }, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]!
}

let category: number | undefined
async function bike(): Promise<number> {
  category ??= (await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: `Used motorcycles ${uniqueSuffix()}`, kind: 'motorcycle' }) })).id
  const s = uniqueSuffix()
  return (await payload.create({ collection: 'products', overrideAccess: true, data: buildProduct({ name: `Honda CB500F ${s}`, sku: `CB-${s}`, category, pricePence: 500_000, stock: 1, condition: 'used' }) as never })).id
}

const contact = () => ({ firstName: 'Ada', lastName: 'Rider', email: `ada.${randomUUID().slice(0, 8)}@example.co.uk`, phone: '07700900123' })
const bikeDetails = { registration: 'AB21 CDE', mileage: 9000, condition: 'good', make: 'Honda' }

describe('a valuation held for 14 days, with the customer’s answers', () => {
  it('expires 14 days after it was made and keeps the condition answers for the inspection', async () => {
    const now = new Date('2026-11-30T10:00:00.000Z')
    const { status, body } = await value({ ...bikeDetails, fullServiceHistory: true, keys: 2, logbookPresent: false, damage: true, damageDescription: 'Scratched tank' }, now)
    expect(status).toBe(201)
    expect(VALUATION_HOLD_DAYS).toBe(14)
    expect(body.expiresAt).toBe('2026-12-14T10:00:00.000Z')
    const stored = await storedByUid(body.valuationId as string)
    expect(stored.answers).toMatchObject({ fullServiceHistory: true, keys: 2, logbookPresent: false, damage: true, damageDescription: 'Scratched tank' })
  })

  it('refuses damage without a description, and answers of the wrong shape, storing nothing', async () => {
    const before = (await payload.count({ collection: 'part-exchange-valuations', overrideAccess: true })).totalDocs
    const noWords = await value({ ...bikeDetails, damage: true })
    expect(noWords.status).toBe(400)
    expect(noWords.body).toMatchObject({ error: 'invalid_request', fields: { damageDescription: expect.any(String) } })
    expect((await value({ ...bikeDetails, keys: 12 })).status).toBe(400)
    expect((await value({ ...bikeDetails, fullServiceHistory: 'yes' })).status).toBe(400)
    expect((await payload.count({ collection: 'part-exchange-valuations', overrideAccess: true })).totalDocs).toBe(before)
  })
})

describe('a reservation names the part-exchange', () => {
  async function reserveWith(valuationId?: string) {
    const productId = await bike()
    const response = await reserveRoute(post('/api/reserve', { reservationKey: randomUUID(), productId, contact: contact(), acceptTerms: true, ...(valuationId ? { valuationId } : {}) }))
    const answer = (await response.json()) as { reservationNumber?: string; message?: string }
    expect(response.status, answer.message).toBe(201)
    const found = await payload.find({ collection: 'reservations', where: { reservationNumber: { equals: answer.reservationNumber! } }, limit: 1, depth: 0, overrideAccess: true })
    return found.docs[0]!
  }

  it('files a valuation the shop still holds with the reservation, which shows it', async () => {
    const valued = await value({ ...bikeDetails, outstandingFinancePence: 20_000 })
    const reservation = await reserveWith(valued.body.valuationId as string)
    expect(reservation.depositPence).toBe(9900)
    expect(reservation.stock?.state).toBe('held')
    const stored = await storedByUid(valued.body.valuationId as string)
    expect(stored.reservation).toBe(reservation.id)
    expect(await reservationPartExchange(payload, reservation.id)).toMatchObject({ vrm: 'AB21CDE', make: 'Honda', valuePence: valued.body.valuePence, outstandingFinancePence: 20_000 })
    // staff see it on the reservation (its join)
    const withJoin = await payload.findByID({ collection: 'reservations', id: reservation.id, depth: 1, overrideAccess: true })
    expect((withJoin as unknown as { partExchange?: { docs?: { vrm?: string }[] } }).partExchange?.docs?.map((d) => d.vrm)).toEqual(['AB21CDE'])
  })

  it('leaves out an expired or unknown valuation and reserves the bike all the same', async () => {
    const valued = await value(bikeDetails, new Date(Date.now() - (VALUATION_HOLD_DAYS + 1) * 86_400_000))
    const expired = await reserveWith(valued.body.valuationId as string)
    expect((await storedByUid(valued.body.valuationId as string)).reservation ?? null).toBeNull()
    expect(await reservationPartExchange(payload, expired.id)).toBeNull()
    expect(expired.stock?.state).toBe('held')
    const unknown = await reserveWith(randomUUID())
    expect(await reservationPartExchange(payload, unknown.id)).toBeNull()
    const none = await reserveWith()
    expect(await reservationPartExchange(payload, none.id)).toBeNull()
  })

  it('refuses a valuation id that is not one, reserving nothing', async () => {
    const before = (await payload.count({ collection: 'reservations', overrideAccess: true })).totalDocs
    const response = await reserveRoute(post('/api/reserve', { reservationKey: randomUUID(), productId: await bike(), contact: contact(), acceptTerms: true, valuationId: '<script>' }))
    expect(response.status).toBe(400)
    expect((await payload.count({ collection: 'reservations', overrideAccess: true })).totalDocs).toBe(before)
  })
})

describe('staff confirm the figure at inspection', () => {
  it('needs a reason when the confirmed value differs, and records who confirmed it and when', async () => {
    const valued = await value(bikeDetails)
    const doc = await storedByUid(valued.body.valuationId as string)
    const staff = await payload.create({ collection: 'users', overrideAccess: true, data: { email: `inspector-${uniqueSuffix()}@int.test`, password: 'a long staff password 1', role: 'admin' } as never })
    const user = { ...staff, collection: 'users' as const }
    const lower = doc.valuePence - 10_000
    await expect(payload.update({ collection: 'part-exchange-valuations', id: doc.id, data: { inspection: { confirmedValuePence: lower } }, user, overrideAccess: false, depth: 0 })).rejects.toThrow(/reason/i)
    expect((await storedByUid(doc.valuationUid)).inspection?.confirmedValuePence ?? null).toBeNull()

    const before = Date.now()
    const confirmed = await payload.update({ collection: 'part-exchange-valuations', id: doc.id, data: { inspection: { confirmedValuePence: lower, adjustmentReason: 'Scratched tank', inspectedBy: 'someone else' } }, user, overrideAccess: false, depth: 0 })
    expect(confirmed.inspection).toMatchObject({ confirmedValuePence: lower, adjustmentReason: 'Scratched tank', inspectedBy: staff.email })
    expect(new Date(confirmed.inspection!.inspectedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000)

    // a later edit of the notes alone keeps who confirmed it and when
    const noted = await payload.update({ collection: 'part-exchange-valuations', id: doc.id, data: { inspection: { ...confirmed.inspection, notes: 'Two keys', inspectedBy: 'forged' } }, user, overrideAccess: false, depth: 0 })
    expect(noted.inspection).toMatchObject({ inspectedBy: staff.email, inspectedAt: confirmed.inspection!.inspectedAt, notes: 'Two keys' })

    // the quoted figure confirmed needs no reason
    const other = await storedByUid((await value(bikeDetails)).body.valuationId as string)
    const same = await payload.update({ collection: 'part-exchange-valuations', id: other.id, data: { inspection: { confirmedValuePence: other.valuePence } }, user, overrideAccess: false, depth: 0 })
    expect(same.inspection).toMatchObject({ confirmedValuePence: other.valuePence, inspectedBy: staff.email })
  })
})
