import { beforeEach, describe, expect, it, vi } from 'vitest'

const calls: unknown[][] = []
vi.mock('next/cache', () => ({
  revalidatePath: (...args: unknown[]) => calls.push(['path', ...args]),
  revalidateTag: (...args: unknown[]) => calls.push(['tag', ...args]),
}))

const { revalidateAfterChange, revalidateAfterDelete, revalidateGlobalAfterChange, revalidateNextCaches } = await import('./revalidate-storefront')

describe("Next's caches for a storefront change", () => {
  beforeEach(() => {
    calls.length = 0
  })

  it('a staff edit expires the catalogue reads and every page', async () => {
    await revalidateNextCaches({ kind: 'all' })
    expect(calls).toEqual([['tag', 'catalogue', { expire: 0 }], ['path', '/', 'layout']])
  })

  it('a sale expires the catalogue reads, the home page and the pages of its products', async () => {
    await revalidateNextCaches({ kind: 'products', slugs: ['trek-fx-2', 'abus-bordo-6000'] })
    expect(calls).toEqual([['tag', 'catalogue', { expire: 0 }], ['path', '/'], ['path', '/products/trek-fx-2'], ['path', '/products/abus-bordo-6000']])
  })

  it('a staff edit of a catalogue or content collection, or of the site settings, makes every page stale', async () => {
    const published: unknown[] = []
    const bus = { publish: (change: unknown, options: unknown) => published.push([change, options]) }
    Object.assign(globalThis, { __wheelhouseStorefrontBus: bus })
    const req = { payload: { logger: { debug: () => {} } } }
    try {
      for (const slug of ['products', 'variants', 'categories', 'brands', 'pages', 'posts', 'search-synonyms', 'redirects']) {
        const args = { doc: { id: 1 }, req, collection: { slug } } as never
        await revalidateAfterChange(args)
        await revalidateAfterDelete(args)
      }
      await revalidateGlobalAfterChange({ doc: {}, req, global: { slug: 'site-settings' } } as never)
    } finally {
      Object.assign(globalThis, { __wheelhouseStorefrontBus: undefined })
    }
    expect(published).toEqual(Array.from({ length: 17 }, () => [{ kind: 'all' }, { nextDone: true }]))
    expect(calls.filter((c) => c[0] === 'path')).toEqual(Array.from({ length: 17 }, () => ['path', '/', 'layout']))
  })
})
