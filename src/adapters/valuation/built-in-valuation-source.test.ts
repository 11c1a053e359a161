import { describe, expect, it } from 'vitest'
import { builtInValuationSource } from './built-in-valuation-source'

const source = builtInValuationSource(() => new Date('2026-06-01T12:00:00Z'))

describe('builtInValuationSource', () => {
  it('values a bike from the year its plate shows and the make the customer gives', async () => {
    const answer = await source.value({ vrm: 'cx22 abc', make: 'Honda', mileage: 16000, condition: 'good' })
    expect(answer).toEqual({ ok: true, valuation: { vrm: 'CX22ABC', make: 'Honda', year: 2022, lowPence: 429_000, highPence: 504_000 } })
  })

  it('asks for the make, and for the year of a plate without one', async () => {
    expect(await source.value({ vrm: 'CX22ABC', mileage: 1, condition: 'good' })).toMatchObject({ ok: false, reason: 'needs', fields: ['make'] })
    expect(await source.value({ vrm: '1 ABC', make: 'BMW', mileage: 1, condition: 'good' })).toMatchObject({ ok: false, reason: 'needs', fields: ['year'] })
    expect((await source.value({ vrm: '1 ABC', make: 'BMW', year: 2015, mileage: 1, condition: 'good' })).ok).toBe(true)
  })

  it('refuses what is not a registration mark', async () => {
    expect(await source.value({ vrm: 'NOT A PLATE', make: 'BMW', mileage: 1, condition: 'good' })).toMatchObject({ ok: false, reason: 'refused' })
  })
})
