import { describe, expect, it } from 'vitest'
import { cardBalancePence, DEFAULT_CYCLE_TO_WORK, isCycleToWorkKind, normaliseCertificateCode, redeemCertificate, splitCertificateRefund } from './cycle-to-work'
import { certificateLetsOrderProceed, certificateTransitionsFrom, CERTIFICATE_STATES, FINAL_CERTIFICATE_STATES, nextCertificateState } from './certificate-lifecycle'

const ebike = { name: 'Commuter e-bike', kind: 'e-bike' as const, lineTotalPence: 140_000 }
const helmet = { name: 'Helmet', kind: 'accessory' as const, lineTotalPence: 6000 }
const jacket = { name: 'Leather jacket', kind: 'riderwear' as const, lineTotalPence: 20_000 }

describe('Cycle to Work eligibility', () => {
  it('covers the kinds the settings name: bicycles, e-bikes and accessories by default, never motorcycles', () => {
    expect(['bicycle', 'e-bike', 'accessory'].every((k) => isCycleToWorkKind(k as never))).toBe(true)
    expect(['motorcycle', 'scooter', 'riderwear'].some((k) => isCycleToWorkKind(k as never))).toBe(false)
    expect(isCycleToWorkKind('riderwear', { ...DEFAULT_CYCLE_TO_WORK, kinds: ['riderwear'] })).toBe(true)
    expect(isCycleToWorkKind('bicycle', { ...DEFAULT_CYCLE_TO_WORK, enabled: false })).toBe(false)
  })
})

describe('redeemCertificate', () => {
  it('a certificate below the eligible goods leaves a card balance, delivery and other goods included', () => {
    expect(redeemCertificate({ scheme: 'cyclescheme', certificatePence: 120_000, lines: [ebike, jacket], totalPence: 160_495 })).toEqual({ ok: true, certificatePence: 120_000, balancePence: 40_495 })
    expect(redeemCertificate({ scheme: 'green_commute', certificatePence: 146_000, lines: [ebike, helmet], totalPence: 146_000 })).toEqual({ ok: true, certificatePence: 146_000, balancePence: 0 })
  })

  it('a certificate worth more than the eligible goods is refused, saying how much more to add', () => {
    const r = redeemCertificate({ scheme: 'cyclescheme', certificatePence: 150_000, lines: [ebike, jacket], totalPence: 160_000 })
    expect(r).toMatchObject({ ok: false, code: 'certificate_exceeds_basket', shortfallPence: 10_000 })
    if (!r.ok) expect(r.message).toBe('Your certificate is for £1,500, but the goods in your basket it can pay for come to £1,400. A certificate must be used in full in one order, so add £100 more of eligible goods (bicycles, e-bikes and their safety equipment) and try again.')
  })

  it('refuses a basket with nothing eligible, a scheme the shop does not take, and a value that is not whole pence', () => {
    expect(redeemCertificate({ scheme: 'cyclescheme', certificatePence: 10_000, lines: [jacket], totalPence: 20_000 })).toMatchObject({ ok: false, code: 'no_eligible_goods' })
    expect(redeemCertificate({ scheme: 'green_commute', certificatePence: 10_000, lines: [ebike], totalPence: 140_000 }, { ...DEFAULT_CYCLE_TO_WORK, schemes: ['cyclescheme'] })).toMatchObject({ ok: false, code: 'scheme', message: 'We do not take Green Commute Initiative certificates. We take Cyclescheme.' })
    for (const bad of [0, -5, 10.5, Number.NaN]) expect(redeemCertificate({ scheme: 'cyclescheme', certificatePence: bad, lines: [ebike], totalPence: 140_000 })).toMatchObject({ ok: false, code: 'value' })
  })

  it('a discount that brings the total below the eligible goods limits the certificate to the total', () => {
    expect(redeemCertificate({ scheme: 'cyclescheme', certificatePence: 140_000, lines: [ebike], totalPence: 130_000 })).toMatchObject({ ok: false, code: 'certificate_exceeds_basket', shortfallPence: 10_000 })
  })

  it('normalises certificate codes as printed', () => {
    expect(normaliseCertificateCode(' cs-1234 5678 ')).toBe('CS12345678')
    expect(normaliseCertificateCode('abc')).toBeNull()
    expect(normaliseCertificateCode('<script>')).toBeNull()
  })
})

describe('certificate lifecycle', () => {
  it('is submitted once, then confirmed, refused or lapsed; only a confirmed one goes back through the scheme', () => {
    expect(nextCertificateState(null, 'submit')).toBe('submitted')
    expect(nextCertificateState('submitted', 'submit')).toBeNull()
    expect(certificateTransitionsFrom('submitted').sort()).toEqual(['confirm', 'lapse', 'orderEnded', 'refuse'])
    expect(certificateTransitionsFrom('confirmed')).toEqual(['returnToScheme'])
    for (const state of FINAL_CERTIFICATE_STATES) expect(certificateTransitionsFrom(state)).toEqual([])
    expect(nextCertificateState('refused', 'confirm')).toBeNull()
  })

  it('only a confirmed certificate lets its order proceed', () => {
    expect(CERTIFICATE_STATES.filter((s) => certificateLetsOrderProceed(s))).toEqual(['confirmed'])
    expect(certificateLetsOrderProceed(null)).toBe(false)
  })
})

describe('money back from an order a certificate paid part of', () => {
  it('goes to the card first, up to what it paid and has not had back; the rest back through the scheme', () => {
    expect(splitCertificateRefund({ amountPence: 60_000, cardPaidPence: 20_000, cardRefundedPence: 0, certificateRedeemed: true })).toEqual({ cardPence: 20_000, schemePence: 40_000 })
    expect(splitCertificateRefund({ amountPence: 60_000, cardPaidPence: 20_000, cardRefundedPence: 20_000, certificateRedeemed: true })).toEqual({ cardPence: 0, schemePence: 60_000 })
    expect(splitCertificateRefund({ amountPence: 5000, cardPaidPence: 20_000, cardRefundedPence: 0, certificateRedeemed: true })).toEqual({ cardPence: 5000, schemePence: 0 })
  })

  it('a certificate never redeemed (refused, lapsed, waiting) gives nothing back through the scheme', () => {
    expect(splitCertificateRefund({ amountPence: 60_000, cardPaidPence: 20_000, cardRefundedPence: 0, certificateRedeemed: false })).toEqual({ cardPence: 20_000, schemePence: 0 })
  })

  it('every split adds up to the amount, for every amount up to the total (whole pence, never negative)', () => {
    for (let amount = 0; amount <= 140_000; amount += 997) {
      const s = splitCertificateRefund({ amountPence: amount, cardPaidPence: 40_000, cardRefundedPence: 1500, certificateRedeemed: true })
      expect(s.cardPence + s.schemePence).toBe(amount)
      expect(s.cardPence).toBeLessThanOrEqual(38_500)
      expect(Math.min(s.cardPence, s.schemePence)).toBeGreaterThanOrEqual(0)
    }
  })

  it('the card balance is the total less the certificate, never below nothing', () => {
    expect(cardBalancePence(140_000, 100_000)).toBe(40_000)
    expect(cardBalancePence(140_000, 140_000)).toBe(0)
    expect(cardBalancePence(140_000, null)).toBe(140_000)
  })
})
