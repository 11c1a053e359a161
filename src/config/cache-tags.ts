// Tags of cached server reads; a staff change in the CMS expires them (src/cms/hooks/revalidate-storefront.ts).
export const CATALOGUE_TAG = 'catalogue'

/**
 * Documents made for machines (the Google Merchant Center feed, the sitemap index and files) are built after each
 * catalogue change and streamed from files (ADR 042), so a fetch costs a file read with or without a cache in
 * front. A shared cache (a CDN) may keep them an hour and then serve the old copy for up to a day while it fetches
 * the new one; browsers always ask again. The production server's own response cache and the Varnish of the
 * topology keep only HTML documents (server-lib/response-cache.mjs).
 */
export const MACHINE_DOCUMENT_CACHE_CONTROL = 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400'
