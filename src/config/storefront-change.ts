// What a change to the catalogue makes stale on the storefront, as one message every app instance applies
// to its own caches (server.mjs's response cache and Next's): a staff edit makes everything stale, a sale
// only the pages that show the products it touched (their product pages, the listings and the home page).

export type StorefrontChange = { readonly kind: 'all' } | { readonly kind: 'products'; readonly slugs: readonly string[] }

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/

/** Reads a change from untrusted JSON; null when it is not one. */
export function parseStorefrontChange(value: unknown): StorefrontChange | null {
  if (!value || typeof value !== 'object') return null
  const v = value as { kind?: unknown; slugs?: unknown }
  if (v.kind === 'all') return { kind: 'all' }
  if (v.kind === 'products' && Array.isArray(v.slugs) && v.slugs.length <= 500 && v.slugs.every((s) => typeof s === 'string' && SLUG.test(s))) {
    return { kind: 'products', slugs: v.slugs as string[] }
  }
  return null
}
