import { describe, expect, it } from 'vitest'
import { addDays } from '../booking/calendar'
import { addMonths, cancellationExclusion, CANCELLATION_EXCLUSION_TEXT, cancellationLastDay, daysSinceDelivery, faultRemedy, isMotorVehicle, mayCancel, refundLastDay } from './consumer-rights-clock'

const delivered = '2026-03-02'

describe('the cancellation period', () => {
  it('runs 14 days from the day after delivery or collection', () => {
    expect(cancellationLastDay(delivered)).toBe('2026-03-16')
    expect(mayCancel(delivered, '2026-03-16')).toBe(true)
    expect(mayCancel(delivered, '2026-03-17')).toBe(false)
    expect(mayCancel(null, '2027-01-01')).toBe(true) // not delivered yet: always in time
  })
})

describe('the refund deadline', () => {
  it('is 14 days from the goods coming back or proof they were sent, whichever is first', () => {
    expect(refundLastDay({ cancelledOn: '2026-03-05', deliveredOn: delivered, goodsReceivedOn: '2026-03-12' })).toBe('2026-03-26')
    expect(refundLastDay({ cancelledOn: '2026-03-05', deliveredOn: delivered, goodsReceivedOn: '2026-03-12', proofOfReturnOn: '2026-03-08' })).toBe('2026-03-22')
  })

  it('waits while neither has happened, and runs from the cancellation when nothing was delivered', () => {
    expect(refundLastDay({ cancelledOn: '2026-03-05', deliveredOn: delivered })).toBeNull()
    expect(refundLastDay({ cancelledOn: '2026-03-05', deliveredOn: null })).toBe('2026-03-19')
  })
})

describe('the remedy for a fault, from the day of delivery', () => {
  it('day 20: reject for a full refund, no deduction for use', () => {
    const reported = addDays(delivered, 20)
    expect(daysSinceDelivery(delivered, reported)).toBe(20)
    expect(faultRemedy({ deliveredOn: delivered, reportedOn: reported, kind: 'motorcycle' })).toEqual({ remedy: 'reject', lastDay: '2026-04-01', faultPresumed: true, deductionForUse: false })
  })

  it('day 30 is the last day to reject; day 31 is repair or replacement first', () => {
    expect(faultRemedy({ deliveredOn: delivered, reportedOn: addDays(delivered, 30), kind: 'riderwear' }).remedy).toBe('reject')
    expect(faultRemedy({ deliveredOn: delivered, reportedOn: addDays(delivered, 31), kind: 'riderwear' }).remedy).toBe('repair-or-replace')
  })

  it('day 40: repair or replacement first, the fault presumed present; a deduction for use only on a motor vehicle', () => {
    const reportedOn = addDays(delivered, 40)
    expect(faultRemedy({ deliveredOn: delivered, reportedOn, kind: 'accessory' })).toEqual({ remedy: 'repair-or-replace', faultPresumed: true, deductionForUseOnFinalReject: false })
    expect(faultRemedy({ deliveredOn: delivered, reportedOn, kind: 'scooter' })).toEqual({ remedy: 'repair-or-replace', faultPresumed: true, deductionForUseOnFinalReject: true })
    expect(faultRemedy({ deliveredOn: delivered, reportedOn, kind: 'e-bike' })).toMatchObject({ deductionForUseOnFinalReject: false })
  })

  it('after 6 months the customer has to show the fault was there at delivery', () => {
    expect(faultRemedy({ deliveredOn: delivered, reportedOn: '2026-09-02', kind: 'bicycle' })).toMatchObject({ remedy: 'repair-or-replace', faultPresumed: true })
    expect(faultRemedy({ deliveredOn: delivered, reportedOn: '2026-09-03', kind: 'bicycle' })).toEqual({ remedy: 'repair-or-replace', faultPresumed: false, deductionForUseOnFinalReject: true })
  })

  it('counts months on the calendar, at the month’s end when the day does not exist', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28')
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29')
    expect(addMonths('2026-03-02', 6)).toBe('2026-09-02')
  })

  it('treats motorcycles and scooters as motor vehicles, not bicycles or e-bikes (EAPC)', () => {
    expect(['motorcycle', 'scooter', 'bicycle', 'e-bike', 'riderwear', 'accessory'].map((k) => isMotorVehicle(k as never))).toEqual([true, true, false, false, false, false])
  })
})

describe('what may not be cancelled', () => {
  it('goods made to the customer’s order and services already carried out', () => {
    expect(cancellationExclusion({ madeToOrder: true })).toBe('made-to-order')
    expect(cancellationExclusion({ service: { fullyPerformed: true } })).toBe('service-performed')
    expect(cancellationExclusion({ service: { fullyPerformed: false } })).toBeNull()
    expect(cancellationExclusion({})).toBeNull()
    expect(CANCELLATION_EXCLUSION_TEXT['made-to-order']).toMatch(/faulty goods are still covered/)
  })
})
