import { describe, expect, it } from 'vitest'
import { isSameOrigin } from './same-origin'

const SITE = 'https://shop.example'
const h = (entries: Record<string, string>) => new Headers(entries)

describe('isSameOrigin', () => {
  it('accepts the shop’s own origin and the host the browser addressed', () => {
    expect(isSameOrigin(h({ origin: SITE }), SITE)).toBe(true)
    expect(isSameOrigin(h({ origin: 'http://localhost:3000', host: 'localhost:3000' }), SITE)).toBe(true)
  })

  it('refuses another origin, and the opaque "null" origin', () => {
    expect(isSameOrigin(h({ origin: 'https://evil.example', host: 'shop.example' }), SITE)).toBe(false)
    expect(isSameOrigin(h({ origin: 'null', host: 'shop.example' }), SITE)).toBe(false)
  })

  it('without Origin, refuses only what the browser marks cross-site', () => {
    expect(isSameOrigin(h({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(false)
    expect(isSameOrigin(h({ 'sec-fetch-site': 'same-origin' }), SITE)).toBe(true)
    expect(isSameOrigin(h({}), SITE)).toBe(true)
  })
})
