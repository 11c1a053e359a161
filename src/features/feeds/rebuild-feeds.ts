// When the sitemap and the Merchant feed are built again (ADR 042): a change to anything they list queues one job,
// which waits until changes settle, so an import of many batches or an afternoon of admin edits costs a few
// builds, not one per save. The staff hooks (wired in by the root, src/payload.config.ts), the catalogue import
// (the endpoint, the admin upload and the command line all run it as a job) and an old build asked for by a request
// all come here. No 'server-only' and no static import of server modules: the Payload config imports the hooks,
// also outside Next (its CLI).
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, Payload, PayloadRequest } from 'payload'
import { REBUILD_FEEDS } from '../jobs/task-names'

/** The builds' own queue, run beside the runner's passes (src/setup/jobs/runner.server.ts): a build at 100,000 variants takes seconds. */
export const FEEDS_QUEUE = 'feeds'
/** How long after the last change a rebuild starts. */
export const FEEDS_SETTLE_MS = 30_000
/** The longest a stream of changes can put a rebuild off. */
export const FEEDS_MAX_WAIT_MS = 5 * 60_000

/** The collections the sitemap and the feed read (media: the feed's picture links). */
export const FEED_SOURCES: readonly string[] = ['products', 'variants', 'categories', 'brands', 'pages', 'posts', 'media']
/** The global they read: the dealer's name is the feed's title. */
export const FEED_GLOBALS: readonly string[] = ['site-settings']

/** Queues a rebuild once changes settle; in the caller's transaction when it passes its request. */
export async function queueFeedsRebuild(payload: Payload, req?: Partial<PayloadRequest>, now?: Date): Promise<boolean> {
  // Loaded when used: the queue is a server module (see the top).
  const { queueSettled } = await import('../jobs/queue.server')
  return queueSettled(payload, REBUILD_FEEDS, { queue: FEEDS_QUEUE, settleMs: FEEDS_SETTLE_MS, maxWaitMs: FEEDS_MAX_WAIT_MS, req, now })
}

export const rebuildFeedsAfterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await queueFeedsRebuild(req.payload, req)
  return doc
}

export const rebuildFeedsAfterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await queueFeedsRebuild(req.payload, req)
  return doc
}

export const rebuildFeedsAfterGlobalChange: GlobalAfterChangeHook = async ({ doc, req }) => {
  await queueFeedsRebuild(req.payload, req)
  return doc
}
