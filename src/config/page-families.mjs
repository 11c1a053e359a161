// The storefront's page families and what makes each stale, written once. The response cache
// (server-lib/response-cache.mjs: what it never keeps, what it keeps though Next renders it per request, what a
// change makes it forget), the ban a shared proxy cache receives (Varnish, ADR 014), the paths Varnish passes by
// (scripts/topology.mjs) and the paths Next revalidates (src/cms/hooks/revalidate-storefront.ts) are all read
// from this table. Plain JavaScript, because server.mjs loads it without compiling TypeScript.
//
// A new page that shows stock or prices is one row here; a page that shows neither needs no row: the last row
// covers it (kept while Next shares it, stale on every staff edit).

/** The collections, and the global, whose staff edits make every storefront page stale. */
export const STOREFRONT_EDITS = Object.freeze(['products', 'variants', 'categories', 'brands', 'pages', 'posts', 'search-synonyms', 'redirects', 'site-settings'])

/**
 * One row per family, first match wins. Each row:
 * - `path`: its link builder in src/config/paths.ts (a unit test checks the builder's URL lands in this row).
 * - `shape` of the path, by its first segment `segment`: `root` is `/`; `exact` is `/segment`; `under` is
 *   `/segment/…`; `within` is `/segment` and everything under it; `item` is `/segment/<product slug>`; `any`
 *   is any other path.
 * - `cache`: `never` (never stored nor answered from a cache), `always` (public, kept though Next renders it per
 *   request: the listings read their filters from the query string) or `next` (kept when Next marks it shared,
 *   `s-maxage`: static and ISR pages).
 * - `staleOnSale`: `false`, `all` (every page of the family) or `its products` (the pages of the products sold).
 * - `staleOnEdit`: the collections whose staff edits make it stale.
 */
export const PAGE_FAMILIES = Object.freeze(
  /** @type {const} */ ([
    { family: 'home', path: 'home', shape: 'root', segment: '', cache: 'next', staleOnSale: 'all', staleOnEdit: STOREFRONT_EDITS },
    { family: 'all-bikes', path: 'allBikes', shape: 'exact', segment: 'all-bikes', cache: 'always', staleOnSale: 'all', staleOnEdit: STOREFRONT_EDITS },
    { family: 'search', path: 'search', shape: 'exact', segment: 'search', cache: 'always', staleOnSale: 'all', staleOnEdit: STOREFRONT_EDITS },
    { family: 'brand', path: 'brand', shape: 'under', segment: 'brand', cache: 'always', staleOnSale: 'all', staleOnEdit: STOREFRONT_EDITS },
    { family: 'category', path: 'category', shape: 'under', segment: 'category', cache: 'always', staleOnSale: 'all', staleOnEdit: STOREFRONT_EDITS },
    { family: 'product', path: 'product', shape: 'item', segment: 'products', cache: 'next', staleOnSale: 'its products', staleOnEdit: STOREFRONT_EDITS },
    { family: 'api', path: 'savedBikesApi', shape: 'within', segment: 'api', cache: 'never', staleOnSale: false, staleOnEdit: [] },
    { family: 'admin', path: 'adminCatalogueImport', shape: 'within', segment: 'admin', cache: 'never', staleOnSale: false, staleOnEdit: [] },
    { family: 'next-assets', path: null, shape: 'within', segment: '_next', cache: 'never', staleOnSale: false, staleOnEdit: [] },
    { family: 'other pages', path: 'page', shape: 'any', segment: '', cache: 'next', staleOnSale: false, staleOnEdit: STOREFRONT_EDITS },
  ]),
)

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

// What follows a family's first segment, over a path alone and over a URL (path and query).
const PATH_END = { root: '$', exact: '$', under: '/', within: '(/|$)', item: '/[^/]+$', any: '' }
const URL_END = { root: '([?]|$)', exact: '([?]|$)', under: '/', within: '([/?]|$)', item: '/[^/?]+([?]|$)', any: '' }

/** One alternation per shape, in the table's order: `^/(a|b)<end>`. */
function alternatives(families, ends) {
  const shapes = [...new Set(families.map((f) => f.shape))]
  return shapes.map((shape) => {
    const segments = families.filter((f) => f.shape === shape).map((f) => escapeRegex(f.segment))
    return `^/${segments.length === 1 ? segments[0] : `(${segments.join('|')})`}${ends[shape]}`
  })
}

const pathRegex = (families) => new RegExp(alternatives(families, PATH_END).join('|'))

const MATCHERS = PAGE_FAMILIES.map((f) => ({ family: f, regex: pathRegex([f]) }))

/** The family a path (no query) belongs to: the first row it matches. */
export function familyOf(pathname) {
  return MATCHERS.find((m) => m.regex.test(pathname))?.family
}

/** Paths never stored nor answered from a cache. */
export const NEVER_CACHED = pathRegex(PAGE_FAMILIES.filter((f) => f.cache === 'never'))
/** The same, over a URL, for Varnish. */
export const NEVER_CACHED_URL = alternatives(PAGE_FAMILIES.filter((f) => f.cache === 'never'), URL_END).join('|')
/** Paths kept though Next marks them per request. */
export const ALWAYS_CACHED = pathRegex(PAGE_FAMILIES.filter((f) => f.cache === 'always'))

const STALE_ON_SALE = PAGE_FAMILIES.filter((f) => f.staleOnSale === 'all')
const WHOLE_FAMILIES_STALE_ON_SALE = pathRegex(STALE_ON_SALE)
const PRODUCT_PAGES = PAGE_FAMILIES.filter((f) => f.staleOnSale === 'its products')

/** What a sale of the products with these slugs makes stale: a test of a path (no query). */
export function staleAfterSale(slugs) {
  const productPages = new Set(PRODUCT_PAGES.flatMap((f) => slugs.map((slug) => `/${f.segment}/${slug}`)))
  return (pathname) => WHOLE_FAMILIES_STALE_ON_SALE.test(pathname) || productPages.has(pathname.toLowerCase())
}

/** The same rule as one regular expression over a URL, case-insensitive in Varnish's `(?i)` form. */
export function saleBanPattern(slugs) {
  const known = [...new Set(slugs.map((slug) => String(slug).toLowerCase()).filter(Boolean))].map(escapeRegex)
  const patterns = alternatives(STALE_ON_SALE, URL_END)
  if (known.length > 0) for (const f of PRODUCT_PAGES) patterns.push(`^/${escapeRegex(f.segment)}/(${known.join('|')})([?]|$)`)
  return `(?i)${patterns.join('|')}`
}

/**
 * What a staff edit of this collection or global makes stale: every page, or nothing.
 * @param {string} slug
 * @returns {{ readonly kind: 'all' } | null}
 */
export function changeOnEdit(slug) {
  return PAGE_FAMILIES.some((f) => f.staleOnEdit.includes(slug)) ? { kind: 'all' } : null
}
