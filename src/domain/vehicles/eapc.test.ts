import { describe, expect, it } from 'vitest'
import { CYCLE_LISTING_FACTS, assistedSpeedText, eapcVerdict, listedAmongCycles, listedUnder, soldAsMotorVehicle } from './eapc'

describe('EAPC rules', () => {
  it('accepts pedals, 250 W and 15.5 mph exactly', () => {
    expect(eapcVerdict({ hasPedals: true, motorPowerW: 250, assistedSpeedMph: 15.5 })).toEqual({ eapc: true })
  })

  it('names each rule a motor vehicle breaks', () => {
    expect(eapcVerdict({ hasPedals: true, motorPowerW: 500, assistedSpeedMph: 15.5 })).toEqual({ eapc: false, reasons: ['its motor is 500 W, over 250 W'] })
    expect(eapcVerdict({ hasPedals: false, motorPowerW: 250, assistedSpeedMph: 28 })).toMatchObject({ eapc: false, reasons: [expect.stringContaining('no pedals'), expect.stringContaining('28 mph')] })
    expect(eapcVerdict({ motorPowerW: 750 })).toMatchObject({ eapc: false })
  })

  it('is unknown until power and speed are recorded', () => {
    expect(eapcVerdict({ hasPedals: true, motorPowerW: 250 })).toEqual({ eapc: null, missing: ['assisted speed'] })
  })

  it('writes the speed as Google reads it', () => {
    expect(assistedSpeedText(15.5)).toBe('15.5 mph')
    expect(assistedSpeedText(15)).toBe('15 mph')
  })

  it('lists a bicycle and an e-bike among cycles, unless the e-bike is a motor vehicle', () => {
    expect(listedAmongCycles({ kind: 'bicycle', eapc: null })).toBe(true)
    expect(listedAmongCycles({ kind: 'e-bike', eapc: true })).toBe(true)
    // power or speed not yet recorded: still an e-bike in the listings (the Merchant feed waits for its speed)
    expect(listedAmongCycles({ kind: 'e-bike', eapc: null })).toBe(true)
    expect(listedAmongCycles({ kind: 'e-bike', eapc: false })).toBe(false)
    expect(listedAmongCycles({ kind: 'motorcycle', eapc: null })).toBe(false)
    expect(soldAsMotorVehicle({ kind: 'e-bike', eapc: false })).toBe(true)
    expect(soldAsMotorVehicle({ kind: 'e-bike', eapc: null })).toBe(false)
    expect(soldAsMotorVehicle({ kind: 'motorcycle', eapc: null })).toBe(false)
  })

  it('keeps a motor-vehicle e-bike out of the cycle categories and the cycle facets, and under the rest', () => {
    expect(CYCLE_LISTING_FACTS).toEqual(['categoryId', 'frameSize', 'bikeType', 'batteryRangeMiles'])
    for (const fact of CYCLE_LISTING_FACTS) {
      expect(listedUnder(fact, { kind: 'e-bike', eapc: false })).toBe(false)
      expect(listedUnder(fact, { kind: 'e-bike', eapc: true })).toBe(true)
      expect(listedUnder(fact, { kind: 'bicycle', eapc: null })).toBe(true)
    }
    for (const fact of ['brandId', 'condition', 'listPrice', 'kind']) expect(listedUnder(fact, { kind: 'e-bike', eapc: false })).toBe(true)
  })
})
