import { describe, expect, it } from 'vitest'
import { VALUATION_HOLD_DAYS, heldValuationIdIn, inspectionReasonProblem, valuationDay, valuationExpired, valuationExpiresAt } from './valuation-hold'

describe('the part-exchange valuation hold', () => {
  it('is 14 days', () => {
    expect(VALUATION_HOLD_DAYS).toBe(14)
  })

  it('ends 14 × 24 hours after the valuation was made', () => {
    expect(valuationExpiresAt(new Date('2026-11-30T10:15:00.000Z')).toISOString()).toBe('2026-12-14T10:15:00.000Z')
  })

  it('is usable until the expiry instant, and expired from it', () => {
    const expiresAt = '2026-12-14T10:15:00.000Z'
    expect(valuationExpired(expiresAt, new Date('2026-12-14T10:14:59.999Z'))).toBe(false)
    expect(valuationExpired(expiresAt, new Date('2026-12-14T10:15:00.000Z'))).toBe(true)
    expect(valuationExpired(new Date(expiresAt), new Date('2026-12-20T00:00:00.000Z'))).toBe(true)
  })

  it('treats a date it cannot read as expired', () => {
    expect(valuationExpired('not a date', new Date('2026-12-01T00:00:00.000Z'))).toBe(true)
  })

  it('names the day in London: late evening UTC in summer is the next day', () => {
    expect(valuationDay('2026-12-14T10:15:00.000Z')).toBe('14 December 2026')
    expect(valuationDay('2026-07-01T23:30:00.000Z')).toBe('2 July 2026')
  })
})

describe('an inspection adjustment', () => {
  it('needs a reason only when the confirmed value differs from the quoted one', () => {
    expect(inspectionReasonProblem(250_000, null, '')).toBeNull()
    expect(inspectionReasonProblem(250_000, 250_000, '')).toBeNull()
    expect(inspectionReasonProblem(250_000, 230_000, '')).toMatch(/reason/)
    expect(inspectionReasonProblem(250_000, 270_000, '   ')).toMatch(/reason/)
    expect(inspectionReasonProblem(250_000, 230_000, 'Scratched tank')).toBeNull()
  })
})

describe('the kept valuation id', () => {
  const now = new Date('2026-12-01T12:00:00.000Z')
  const kept = (valuationId: unknown, expiresAt: unknown) => JSON.stringify({ valuation: { valuationId, expiresAt, vrm: 'AB21CDE' }, applied: false })

  it('is read while the valuation is held', () => {
    expect(heldValuationIdIn(kept('3f2b-11aa', '2026-12-10T00:00:00.000Z'), now)).toBe('3f2b-11aa')
  })

  it('is null when expired, missing, malformed or not an id', () => {
    expect(heldValuationIdIn(kept('3f2b-11aa', '2026-11-30T00:00:00.000Z'), now)).toBeNull()
    expect(heldValuationIdIn(null, now)).toBeNull()
    expect(heldValuationIdIn('{not json', now)).toBeNull()
    expect(heldValuationIdIn('null', now)).toBeNull()
    expect(heldValuationIdIn(kept('<script>', '2026-12-10T00:00:00.000Z'), now)).toBeNull()
    expect(heldValuationIdIn(kept(42, '2026-12-10T00:00:00.000Z'), now)).toBeNull()
  })
})
