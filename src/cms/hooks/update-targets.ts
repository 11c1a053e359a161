// The rows a Payload update is about to read and write back whole: the one its `id` names, or every one a bulk update's
// `where` matches (the admin's "Edit selected"). Hooks that lock those rows first, so that a change hand-written SQL
// makes meanwhile is read rather than undone, start here.
import type { CollectionSlug, PayloadRequest, Where } from 'payload'

/**
 * The ids an update will write, in ascending order (so that two updates locking them never wait on each other in a
 * circle). A bulk update's are found without access rules: locking a row it will then not write is harmless.
 */
export async function updateTargetIds(req: PayloadRequest, collection: CollectionSlug, args: unknown): Promise<number[]> {
  const { id, where } = args as { id?: number | string; where?: Where }
  if (id !== undefined) return [Number(id)]
  if (!where) return []
  const found = await req.payload.find({ collection, where, depth: 0, pagination: false, select: {}, sort: 'id', overrideAccess: true, req })
  return found.docs.map((doc) => Number(doc.id))
}
