import { describe, expect, it } from 'vitest'
import { ALWAYS_CACHED, changeOnEdit, familyOf, NEVER_CACHED, NEVER_CACHED_URL, PAGE_FAMILIES, saleBanPattern, staleAfterSale, STOREFRONT_EDITS } from './page-families.mjs'
import { paths } from './paths'

/** An argument for each family's link builder. */
const SAMPLE: Record<string, string> = { brand: 'trek', category: 'bikes/road', product: 'trek-fx-2', admin: '1', 'other pages': 'about' }

describe('the page families table', () => {
  it("puts each family's own link from paths.ts in that family", () => {
    for (const row of PAGE_FAMILIES) {
      if (!row.path) continue
      const url = (paths[row.path] as (arg?: string) => string)(SAMPLE[row.family])
      expect(familyOf(url.split('?')[0])?.family, url).toBe(row.family)
    }
  })

  it('names each family once and ends with a row for every other page', () => {
    expect(new Set(PAGE_FAMILIES.map((f) => f.family)).size).toBe(PAGE_FAMILIES.length)
    expect(PAGE_FAMILIES.at(-1)).toMatchObject({ shape: 'any', cache: 'next', staleOnSale: false, staleOnEdit: STOREFRONT_EDITS })
    expect(familyOf('/anything/at/all')?.family).toBe('other pages')
    expect(['/', '/all-bikes', '/search', '/brand/trek', '/category/a/b', '/products/x', '/api', '/admin/x', '/_next/static/a.js'].map((p) => familyOf(p)?.family)).toEqual([
      'home', 'all-bikes', 'search', 'brand', 'category', 'product', 'api', 'admin', 'next-assets',
    ])
    expect(['/products', '/products/x/y', '/all-bikes/', '/brand', '/apis'].map((p) => familyOf(p)?.family)).toEqual(Array(5).fill('other pages'))
  })

  it('never caches the API, the admin or Next assets, and always the listings', () => {
    expect(['/api', '/api/products', '/admin', '/admin/x', '/_next', '/_next/static/a.js'].every((p) => NEVER_CACHED.test(p))).toBe(true)
    expect(['/', '/apis', '/administer', '/products/api', '/about'].some((p) => NEVER_CACHED.test(p))).toBe(false)
    expect(NEVER_CACHED_URL).toBe('^/(api|admin|_next)([/?]|$)')
    expect(['/all-bikes', '/search', '/brand/trek', '/category/a'].every((p) => ALWAYS_CACHED.test(p))).toBe(true)
    expect(['/', '/all-bikes/', '/All-Bikes', '/brand', '/products/x', '/blog'].some((p) => ALWAYS_CACHED.test(p))).toBe(false)
  })

  it('a sale makes the home page, the listings and the pages of its products stale', () => {
    const stale = staleAfterSale(['trek-fx-2'])
    expect(['/', '/all-bikes', '/search', '/brand/trek', '/category/a', '/products/trek-fx-2', '/products/TREK-FX-2'].every(stale)).toBe(true)
    expect(['/products/trek-fx-20', '/products/other', '/blog', '/about', '/All-Bikes', '/brand'].some(stale)).toBe(false)
    expect(saleBanPattern([])).toBe('(?i)^/([?]|$)|^/(all-bikes|search)([?]|$)|^/(brand|category)/')
    expect(saleBanPattern(['A.b', 'c', 'a.b', ''])).toBe('(?i)^/([?]|$)|^/(all-bikes|search)([?]|$)|^/(brand|category)/|^/products/(a\\.b|c)([?]|$)')
  })

  it('a staff edit of the catalogue, the content or the site settings makes every page stale; other edits none', () => {
    for (const slug of ['products', 'variants', 'categories', 'brands', 'pages', 'posts', 'search-synonyms', 'redirects', 'site-settings']) expect(changeOnEdit(slug)).toEqual({ kind: 'all' })
    for (const slug of ['orders', 'customers', 'users', 'reservations']) expect(changeOnEdit(slug)).toBeNull()
  })
})
