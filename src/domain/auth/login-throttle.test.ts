import { describe, expect, it } from 'vitest'
import { ACCOUNT_POLICY, ADDRESS_MAX_DELAY_MS, ADDRESS_POLICY, addressDelayMs, checkThrottle, recordFailure, retryAfterSeconds, throttleKeys, type ThrottleRecord } from './login-throttle'

const t0 = new Date('2026-11-22T10:00:00Z')
const at = (ms: number) => new Date(t0.getTime() + ms)

function failTimes(n: number, policy = ACCOUNT_POLICY, start: ThrottleRecord | null = null, when = t0): ThrottleRecord | null {
  let r = start
  for (let i = 0; i < n; i++) r = recordFailure(r, when, policy)
  return r
}

describe('login throttle', () => {
  it('lets the first five failures of an account through without a block', () => {
    const r = failTimes(5)
    expect(r).toMatchObject({ failures: 5, blockedUntil: null })
    expect(checkThrottle(r, t0)).toEqual({ allowed: true })
  })

  it('blocks after the sixth failure for 30 s, doubling with each further failure', () => {
    const six = failTimes(6)!
    expect(six.blockedUntil).toEqual(at(30_000))
    expect(checkThrottle(six, at(29_000))).toEqual({ allowed: false, retryAfterMs: 1_000 })
    expect(checkThrottle(six, at(30_000))).toEqual({ allowed: true })
    expect(recordFailure(six, t0, ACCOUNT_POLICY).blockedUntil).toEqual(at(60_000))
    expect(failTimes(8)!.blockedUntil).toEqual(at(120_000))
  })

  it('never blocks for longer than 15 minutes, however many failures (no permanent lock-out)', () => {
    const many = failTimes(500)!
    expect(many.failures).toBe(500)
    expect(many.blockedUntil).toEqual(at(15 * 60_000))
    expect(checkThrottle(many, at(15 * 60_000 + 1))).toEqual({ allowed: true })
  })

  it('forgets failures once the window has passed', () => {
    const five = failTimes(5)
    const later = recordFailure(five, at(15 * 60_000 + 1), ACCOUNT_POLICY)
    expect(later).toEqual({ failures: 1, windowStartedAt: at(15 * 60_000 + 1), blockedUntil: null })
  })

  it('gives a network address more room than one account', () => {
    expect(failTimes(20, ADDRESS_POLICY)!.blockedUntil).toBeNull()
    expect(failTimes(ADDRESS_POLICY.freeFailures + 1, ADDRESS_POLICY)!.blockedUntil).toEqual(at(60_000))
  })

  it('only slows an address down, by a short capped wait, and forgets it after the window', () => {
    expect(addressDelayMs(failTimes(ADDRESS_POLICY.freeFailures, ADDRESS_POLICY), t0)).toBe(0)
    expect(addressDelayMs(failTimes(ADDRESS_POLICY.freeFailures + 1, ADDRESS_POLICY), t0)).toBe(500)
    expect(addressDelayMs(failTimes(ADDRESS_POLICY.freeFailures + 2, ADDRESS_POLICY), t0)).toBe(1_000)
    expect(addressDelayMs(failTimes(1_000, ADDRESS_POLICY), t0)).toBe(ADDRESS_MAX_DELAY_MS)
    expect(addressDelayMs(failTimes(1_000, ADDRESS_POLICY), at(ADDRESS_POLICY.windowMs + 1))).toBe(0)
  })

  it('rounds retry-after up to whole seconds, at least one', () => {
    expect(retryAfterSeconds(1)).toBe(1)
    expect(retryAfterSeconds(1_001)).toBe(2)
    expect(retryAfterSeconds(0)).toBe(1)
  })

  it('keys accounts without case and keeps kinds apart', () => {
    expect(throttleKeys.account(' Demo@Wheelhouse.Local ')).toBe('account:demo@wheelhouse.local')
    expect(throttleKeys.address('10.0.0.1')).not.toBe(throttleKeys.lookupAddress('10.0.0.1'))
    expect(throttleKeys.account('a'.repeat(1000)).length).toBe(300)
  })

  it('keys addresses by network: every address of one IPv6 /64 is one address', () => {
    expect(throttleKeys.address('2001:db8:7:1::1')).toBe(throttleKeys.address('2001:db8:7:1:abcd::9'))
    expect(throttleKeys.lookupAddress('2001:db8:7:1::1')).toBe(throttleKeys.lookupAddress('2001:db8:7:1:abcd::9'))
    expect(throttleKeys.address('2001:db8:7:1::1')).not.toBe(throttleKeys.address('2001:db8:7:2::1'))
  })
})
