import { describe, expect, it } from 'vitest'
import { DEMO_VEHICLES } from '../../adapters/vehicle-data/demo-vehicles'
import { ebikeLawOf, usedBikeTrustOf } from './trust-view'

describe('what a product page tells a buyer', () => {
  it('shows a used bike’s MOT tests with a chart, its write-off category and when its history was checked', () => {
    const trust = usedBikeTrustOf({ condition: 'used', usedBike: { motStatus: 'Valid', motExpiryDate: '2027-03-14T12:00:00.000Z', motTests: [...DEMO_VEHICLES.WH19MOT!.tests], historyCheck: { checkedOn: '2026-11-20T00:00:00.000Z', provider: 'HPI', writeOffCategory: 'N' } } })
    expect(trust).toMatchObject({ motStatus: 'Valid', motExpiryDate: '2027-03-14', writeOff: 'N', historyCheckedOn: '2026-11-20', historyProvider: 'HPI' })
    expect(trust!.motTests).toHaveLength(6)
    expect(trust!.chart!.dots).toHaveLength(6)
  })

  it('shows nothing for a new bike or a used one with nothing recorded', () => {
    expect(usedBikeTrustOf({ condition: 'new', usedBike: { motStatus: 'Valid' } })).toBeNull()
    expect(usedBikeTrustOf({ condition: 'used', usedBike: {} })).toBeNull()
  })

  it('judges an e-bike by the EAPC rules and leaves other kinds alone', () => {
    expect(ebikeLawOf({ kind: 'e-bike', ebike: { motorPowerW: 500, assistedSpeedMph: 28, hasPedals: true } })!.verdict.eapc).toBe(false)
    expect(ebikeLawOf({ kind: 'bicycle', ebike: {} })).toBeNull()
  })
})
