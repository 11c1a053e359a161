import { describe, expect, it } from 'vitest'
import { sitemapFileCount, sitemapFileNumber, sitemapFileSlices, sitemapIndexXml, sitemapUrlXml, URLSET_HEAD, URLSET_TAIL, type SectionCount } from './sitemap'

const counts: SectionCount<'fixed' | 'categories' | 'products'>[] = [
  { section: 'fixed', count: 3 },
  { section: 'categories', count: 2 },
  { section: 'products', count: 7 },
]

describe('sitemap plan', () => {
  it('has as many files as the limit needs, and never none', () => {
    expect(sitemapFileCount(counts, 3)).toBe(4)
    expect(sitemapFileCount(counts, 12)).toBe(1)
    expect(sitemapFileCount(counts, 45_000)).toBe(1)
    expect(sitemapFileCount([], 3)).toBe(1)
    expect(sitemapFileCount([{ section: 'x', count: 45_001 }])).toBe(2)
  })

  it('cuts the sequence of sections into files of at most the limit, across section boundaries', () => {
    expect([1, 2, 3, 4].map((n) => sitemapFileSlices(counts, n, 3))).toEqual([
      [{ section: 'fixed', offset: 0, count: 3 }],
      [{ section: 'categories', offset: 0, count: 2 }, { section: 'products', offset: 0, count: 1 }],
      [{ section: 'products', offset: 1, count: 3 }],
      [{ section: 'products', offset: 4, count: 3 }],
    ])
  })

  it('puts every position in exactly one file, for any limit', () => {
    const sizes = [{ section: 'a', count: 0 }, { section: 'b', count: 17 }, { section: 'c', count: 1 }, { section: 'd', count: 40 }]
    for (let perFile = 1; perFile <= 60; perFile++) {
      const seen: string[] = []
      for (let n = 1; n <= sitemapFileCount(sizes, perFile); n++) {
        const slices = sitemapFileSlices(sizes, n, perFile)!
        expect(slices.reduce((s, x) => s + x.count, 0)).toBeLessThanOrEqual(perFile)
        for (const s of slices) for (let i = 0; i < s.count; i++) seen.push(`${s.section}${s.offset + i}`)
      }
      const expected = sizes.flatMap((s) => Array.from({ length: s.count }, (_, i) => `${s.section}${i}`))
      expect(seen).toEqual(expected)
    }
  })

  it('has no file 0, no file past the last, and an empty first file for an empty shop', () => {
    expect(sitemapFileSlices(counts, 0, 3)).toBeNull()
    expect(sitemapFileSlices(counts, 5, 3)).toBeNull()
    expect(sitemapFileSlices(counts, 1.5, 3)).toBeNull()
    expect(sitemapFileSlices([], 1, 3)).toEqual([])
  })

  it('refuses a limit the protocol does not allow', () => {
    expect(() => sitemapFileCount(counts, 0)).toThrow(RangeError)
    expect(() => sitemapFileSlices(counts, 1, 50_001)).toThrow(RangeError)
  })

  it('reads a file number from its name and nothing else', () => {
    expect(sitemapFileNumber('1.xml')).toBe(1)
    expect(sitemapFileNumber('42.xml')).toBe(42)
    for (const bad of ['0.xml', '01.xml', '1', '1.XML', 'a.xml', '-1.xml', '1.xml.gz', '9999999.xml', '']) expect(sitemapFileNumber(bad), bad).toBeNull()
  })
})

describe('sitemap XML', () => {
  it('writes URLs escaped, with lastmod as an ISO date-time when known', () => {
    expect(sitemapUrlXml({ loc: 'https://shop.test/search?q=a&b', lastmod: '2026-11-02T10:00:00.000Z' })).toBe('<url><loc>https://shop.test/search?q=a&amp;b</loc><lastmod>2026-11-02T10:00:00.000Z</lastmod></url>\n')
    expect(sitemapUrlXml({ loc: 'https://shop.test/' })).toBe('<url><loc>https://shop.test/</loc></url>\n')
    expect(sitemapUrlXml({ loc: 'https://shop.test/', lastmod: 'not a date' })).toBe('<url><loc>https://shop.test/</loc></url>\n')
    expect(URLSET_HEAD + URLSET_TAIL).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n')
  })

  it('writes a sitemap index of the files', () => {
    expect(sitemapIndexXml([{ loc: 'https://shop.test/sitemaps/1.xml' }, { loc: 'https://shop.test/sitemaps/2.xml', lastmod: '2026-11-02' }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<sitemap><loc>https://shop.test/sitemaps/1.xml</loc></sitemap>\n<sitemap><loc>https://shop.test/sitemaps/2.xml</loc><lastmod>2026-11-02T00:00:00.000Z</lastmod></sitemap>\n</sitemapindex>\n',
    )
  })
})
