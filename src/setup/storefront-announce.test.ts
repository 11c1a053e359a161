import { describe, expect, it } from 'vitest'
import { changesSearchIndex, parseStorefrontChange } from '../config/storefront-change'
import { storefrontChannel } from '../config/storefront-channel.mjs'
import { announcer } from './storefront-announce'

describe('the command line’s storefront announcer', () => {
  it('sends each change once, in order, as an instance’s message, and reports a failure without throwing', async () => {
    const sent: string[] = []
    const errors: unknown[] = []
    const bus = announcer(async (message, change) => {
      if (change.kind === 'all') throw new Error('shop down')
      sent.push(message)
    }, (e) => errors.push(e))
    bus.publish({ kind: 'products', slugs: ['a'], index: true }, { nextDone: false })
    bus.publish({ kind: 'all' }, { nextDone: false })
    bus.publish({ kind: 'products', slugs: ['b'] }, { nextDone: false })
    await bus.flush()
    expect(sent.map((m) => JSON.parse(m))).toEqual([
      { from: 'command-line', change: { kind: 'products', slugs: ['a'], index: true } },
      { from: 'command-line', change: { kind: 'products', slugs: ['b'] } },
    ])
    expect(errors).toHaveLength(1)
  })

  it('names the channel server.mjs subscribes to: per database unless REDIS_PREFIX says otherwise', () => {
    expect(storefrontChannel({ REDIS_PREFIX: 'shop-a' })).toBe('shop-a:storefront')
    expect(storefrontChannel({ DATABASE_URL: 'postgres://a/b' })).toMatch(/^wheelhouse:[0-9a-f]{12}:storefront$/)
    expect(storefrontChannel({ DATABASE_URL: 'postgres://a/b' })).not.toBe(storefrontChannel({}))
  })

  it('reads an import’s change, which changes the search index, apart from a sale’s', () => {
    expect(parseStorefrontChange({ kind: 'products', slugs: ['a'], index: true })).toEqual({ kind: 'products', slugs: ['a'], index: true })
    expect(changesSearchIndex(parseStorefrontChange({ kind: 'products', slugs: ['a'] })!)).toBe(false)
    expect(changesSearchIndex({ kind: 'products', slugs: ['a'], index: true })).toBe(true)
    expect(changesSearchIndex({ kind: 'all' })).toBe(true)
  })
})
