// Staff edits show on the storefront within seconds, without a rebuild: any change to catalogue or
// content marks every cached storefront page stale, and the next visit renders it afresh.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'
import { CATALOGUE_TAG } from '../../config/cache-tags'

async function revalidateAll(reason: string, log: { debug: (o: object, m: string) => void }) {
  // Whole responses replayed by server.mjs (same process); absent outside the production server.
  ;(globalThis as { __wheelhouseResponseCache?: { clear(): void } }).__wheelhouseResponseCache?.clear()
  try {
    const { revalidatePath, revalidateTag } = await import('next/cache')
    revalidatePath('/', 'layout')
    revalidateTag(CATALOGUE_TAG, { expire: 0 }) // cached catalogue reads (listings)
    log.debug({ reason }, 'storefront revalidated')
  } catch {
    // Outside a Next.js request (seed, migrations, tests) there is no cache to revalidate.
  }
}

/** For code that changes stock outside Payload's hooks (raw conditional updates at checkout and payment). */
export async function revalidateStorefront(reason: string, log: { debug: (o: object, m: string) => void }): Promise<void> {
  await revalidateAll(reason, log)
}

export const revalidateAfterChange: CollectionAfterChangeHook = async ({ doc, req, collection }) => {
  await revalidateAll(`${collection.slug} ${String(doc.id)} changed`, req.payload.logger)
  return doc
}

export const revalidateAfterDelete: CollectionAfterDeleteHook = async ({ doc, req, collection }) => {
  await revalidateAll(`${collection.slug} ${String(doc.id)} deleted`, req.payload.logger)
  return doc
}

export const revalidateGlobalAfterChange: GlobalAfterChangeHook = async ({ doc, req, global }) => {
  await revalidateAll(`${global.slug} changed`, req.payload.logger)
  return doc
}
