// The sitemap of the storefront, split before the protocol's 50,000 URLs per file: the URLs are
// one sequence of sections (fixed pages, categories, brands, pages, posts, products), each counted by the
// server, and file n holds positions (n-1)·perFile to n·perFile−1 of it. Pure: the planner says which slice of
// which section each file holds; the server reads those rows by keyset. The XML is written here too.
import { escapeXml, xmlElement } from '../../lib/text/xml'

/** Below the protocol's 50,000 URLs (and far below its 50 MB) per file, with room for the sequence to grow between the index and a file being fetched. */
export const SITEMAP_URLS_PER_FILE = 45_000
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export interface SectionCount<S extends string> {
  readonly section: S
  readonly count: number
}

/** `count` rows of `section`, starting after its first `offset`. */
export interface SitemapSlice<S extends string> {
  readonly section: S
  readonly offset: number
  readonly count: number
}

function checkedPerFile(perFile: number): number {
  if (!Number.isSafeInteger(perFile) || perFile < 1 || perFile > 50_000) throw new RangeError(`a sitemap file holds 1 to 50,000 URLs, not ${perFile}`)
  return perFile
}

/** How many files the sitemap has: at least one, so the index is never empty. */
export function sitemapFileCount(counts: readonly SectionCount<string>[], perFile = SITEMAP_URLS_PER_FILE): number {
  const total = counts.reduce((sum, c) => sum + Math.max(0, c.count), 0)
  return Math.max(1, Math.ceil(total / checkedPerFile(perFile)))
}

/** The slices file `n` (from 1) holds, in order; null when there is no such file. */
export function sitemapFileSlices<S extends string>(counts: readonly SectionCount<S>[], n: number, perFile = SITEMAP_URLS_PER_FILE): SitemapSlice<S>[] | null {
  checkedPerFile(perFile)
  if (!Number.isSafeInteger(n) || n < 1 || n > sitemapFileCount(counts, perFile)) return null
  const from = (n - 1) * perFile
  const to = from + perFile
  const slices: SitemapSlice<S>[] = []
  let start = 0
  for (const { section, count } of counts) {
    const end = start + Math.max(0, count)
    const lo = Math.max(start, from)
    const hi = Math.min(end, to)
    if (hi > lo) slices.push({ section, offset: lo - start, count: hi - lo })
    start = end
  }
  return slices
}

/** A file's number from its name in the URL ("3.xml"); null for anything else ("03.xml", "3", "x.xml"). */
export function sitemapFileNumber(name: string): number | null {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(name)
  return match ? Number(match[1]) : null
}

export interface SitemapUrl {
  /** Absolute URL. */
  readonly loc: string
  /** ISO 8601 date or date-time. */
  readonly lastmod?: string | null
}

function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

function entry(tag: 'url' | 'sitemap', u: SitemapUrl): string {
  const lastmod = lastmodOf(u.lastmod)
  return `<${tag}>${xmlElement('loc', u.loc)}${lastmod ? xmlElement('lastmod', lastmod) : ''}</${tag}>\n`
}

export const URLSET_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${escapeXml(SITEMAP_NS)}">\n`
export const URLSET_TAIL = '</urlset>\n'

export function sitemapUrlXml(u: SitemapUrl): string {
  return entry('url', u)
}

/** The sitemap index: one <sitemap> per file. */
export function sitemapIndexXml(files: readonly SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${escapeXml(SITEMAP_NS)}">\n${files.map((f) => entry('sitemap', f)).join('')}</sitemapindex>\n`
}
