import { describe, expect, it } from 'vitest'
import { networkKey } from './network-key'

describe('networkKey', () => {
  it('keeps an IPv4 address as itself', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7')
    expect(networkKey(' 198.51.100.20 ')).toBe('198.51.100.20')
  })

  it('groups every IPv6 address of one /64 under one key, however it is written', () => {
    const key = '2001:db8:1:2::/64'
    expect(networkKey('2001:db8:1:2::1')).toBe(key)
    expect(networkKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key)
    expect(networkKey('2001:DB8:1:2:a:b:c:d')).toBe(key)
    expect(networkKey('[2001:db8:1:2::99]')).toBe(key)
    expect(networkKey('2001:db8:1:2::5%eth0')).toBe(key)
  })

  it('keeps neighbouring /64s apart', () => {
    expect(networkKey('2001:db8:1:3::1')).not.toBe(networkKey('2001:db8:1:2::1'))
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(networkKey('::1')).toBe('0:0:0:0::/64')
  })

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(networkKey('::ffff:cb00:7107')).toBe('203.0.113.7')
  })

  it('leaves what is not an address as it was (bounded), so it still counts as one subject', () => {
    expect(networkKey('unknown')).toBe('unknown')
    expect(networkKey('')).toBe('unknown')
    expect(networkKey('2001:db8::1::2')).toBe('2001:db8::1::2')
    expect(networkKey('256.1.1.1')).toBe('256.1.1.1')
    expect(networkKey('x'.repeat(300))).toHaveLength(100)
  })
})
