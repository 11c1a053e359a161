// What a change to the catalogue makes stale on the storefront, as one message every app instance applies
// to its own caches (server.mjs's response cache and Next's): a staff edit makes everything stale, a sale
// only the pages that show the products it touched (their product pages, the listings and the home page).

/** `index`: the products were written by an import, so the search index changed too (a sale leaves it as it is). */
export type StorefrontChange = { readonly kind: 'all' } | { readonly kind: 'products'; readonly slugs: readonly string[]; readonly index?: boolean }

/** Whether the change may have changed the search index: every instance then reads its search vocabulary again. */
export const changesSearchIndex = (change: StorefrontChange): boolean => change.kind === 'all' || change.index === true

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/

/** Reads a change from untrusted JSON; null when it is not one. */
export function parseStorefrontChange(value: unknown): StorefrontChange | null {
  if (!value || typeof value !== 'object') return null
  const v = value as { kind?: unknown; slugs?: unknown; index?: unknown }
  if (v.kind === 'all') return { kind: 'all' }
  if (v.kind === 'products' && Array.isArray(v.slugs) && v.slugs.length <= 500 && v.slugs.every((s) => typeof s === 'string' && SLUG.test(s))) {
    return v.index === true ? { kind: 'products', slugs: v.slugs as string[], index: true } : { kind: 'products', slugs: v.slugs as string[] }
  }
  return null
}
