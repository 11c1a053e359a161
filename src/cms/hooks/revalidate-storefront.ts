// Staff edits and sales show on the storefront within a second, on every app instance, without a rebuild.
// A change is published on the storefront bus of the production server (server.mjs): it invalidates that
// process's response cache and Next's cache, and, with REDIS_URL, every other instance's (ADR 008). A staff
// change makes every cached page stale; a sale only the pages that show the products it touched. Which pages those
// are is the page families table (src/config/page-families.mjs).
import { forgetSiteSettings } from '../globals/site-settings-cache.server'
import { forgetCatalogueMemo } from '../catalogue-memo.server'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, Payload } from 'payload'
import { CATALOGUE_TAG } from '../../config/cache-tags'
import { changesSearchIndex, type StorefrontChange } from '../../config/storefront-change'
import { noteSearchIndexChangedElsewhere } from './search-index'
import { paths } from '../../config/paths'
import { changeOnEdit, PAGE_FAMILIES } from '../../config/page-families.mjs'

/** The process's storefront bus: server.mjs's (ADR 008), or the command line's announcer (storefront-announce.ts). */
export interface StorefrontBus {
  publish(change: StorefrontChange, options: { nextDone: boolean }): void
  /** server.mjs's: its response cache and the proxy's forget the change, once Next's caches have been revalidated. */
  afterNext?(change: StorefrontChange): void
}

type Log = { debug: (o: object, m: string) => void }

/** Next's own caches, for the change; throws outside a Next request (the bus then asks the server to do it). */
export async function revalidateNextCaches(change: StorefrontChange): Promise<void> {
  forgetCatalogueMemo() // first: outside a Next request the rest throws, and this process's copy must still go
  if (changesSearchIndex(change)) noteSearchIndexChangedElsewhere() // the vocabulary, read again (search.server.ts)
  // Loaded on use: the Payload config imports this module outside Next too (its CLI, the start-up scripts).
  const { revalidatePath, revalidateTag } = await import('next/cache')
  revalidateTag(CATALOGUE_TAG, { expire: 0 }) // cached catalogue reads: listings, facets, home page data
  if (change.kind === 'all') {
    revalidatePath('/', 'layout')
    return
  }
  // The families Next keeps by path (static and ISR pages) that a sale makes stale; the listings, rendered per
  // request, read the catalogue through the tag above.
  for (const family of PAGE_FAMILIES) {
    if (family.cache !== 'next' || family.staleOnSale === false) continue
    if (family.staleOnSale === 'its products') for (const slug of change.slugs) revalidatePath(paths[family.path](slug))
    else revalidatePath(paths[family.path]())
  }
}

async function revalidate(change: StorefrontChange, reason: string, log: Log) {
  let nextDone = false
  try {
    await revalidateNextCaches(change)
    nextDone = true
  } catch {
    // Outside a Next.js request (the background runner, seed, tests): the bus has the server do it.
  }
  const bus = (globalThis as { __wheelhouseStorefrontBus?: StorefrontBus }).__wheelhouseStorefrontBus
  bus?.publish(change, { nextDone })
  log.debug({ reason, change }, 'storefront revalidated')
}

/** For code that changes stock outside Payload's hooks; without product ids everything is made stale. */
export async function revalidateStorefront(reason: string, log: Log, change: StorefrontChange = { kind: 'all' }): Promise<void> {
  await revalidate(change, reason, log)
}

/** A sale or a release of these products: only the pages that show them. */
export async function revalidateProducts(payload: Payload, productIds: readonly number[], reason: string): Promise<void> {
  const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id))
  if (ids.length === 0) return
  const found = await payload.find({ collection: 'products', where: { id: { in: ids } }, select: { slug: true }, depth: 0, limit: ids.length, pagination: false, overrideAccess: true })
  await revalidate({ kind: 'products', slugs: found.docs.map((p) => p.slug).filter(Boolean) }, reason, payload.logger)
}

/** The same, when the caller already knows the products' slugs (a checkout priced them): no lookup. */
export async function revalidateProductSlugs(slugs: readonly (string | null | undefined)[], reason: string, log: Log): Promise<void> {
  const known = [...new Set(slugs.filter((s): s is string => typeof s === 'string' && s.length > 0))]
  if (known.length > 0) await revalidate({ kind: 'products', slugs: known }, reason, log)
}

/** A staff edit: what the page families table makes stale on an edit of this collection or global. */
async function revalidateEdit(slug: string, reason: string, log: Log) {
  const change = changeOnEdit(slug)
  if (change) await revalidate(change, reason, log)
}

export const revalidateAfterChange: CollectionAfterChangeHook = async ({ doc, req, collection }) => {
  await revalidateEdit(collection.slug, `${collection.slug} ${String(doc.id)} changed`, req.payload.logger)
  return doc
}

export const revalidateAfterDelete: CollectionAfterDeleteHook = async ({ doc, req, collection }) => {
  await revalidateEdit(collection.slug, `${collection.slug} ${String(doc.id)} deleted`, req.payload.logger)
  return doc
}

export const revalidateGlobalAfterChange: GlobalAfterChangeHook = async ({ doc, req, global }) => {
  if (global.slug === 'site-settings') forgetSiteSettings()
  await revalidateEdit(global.slug, `${global.slug} changed`, req.payload.logger)
  return doc
}
