import { describe, expect, it } from 'vitest'
import { assistedSpeedText, eapcVerdict } from './eapc'

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
})
