// Every collection's ids are whole numbers (SQLite and PostgreSQL serials). A path such as PATCH /api/users/me or
// /api/orders/abc used to reach the database as NaN and fail with a 500; it is a record that cannot exist: 404.
import { NotFound, type CollectionBeforeOperationHook, type CollectionConfig } from 'payload'

export function isRecordId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0
  return typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id) && Number.isSafeInteger(Number(id))
}

export const refuseMalformedIds: CollectionBeforeOperationHook = ({ args, req }) => {
  const id = (args as { id?: unknown }).id
  if (id !== undefined && id !== null && !isRecordId(id)) throw new NotFound(req.t)
  return args
}

/** The collection with refuseMalformedIds as its first beforeOperation hook (so later hooks never see a bad id). */
export function withRecordIdCheck(collection: CollectionConfig): CollectionConfig {
  return { ...collection, hooks: { ...collection.hooks, beforeOperation: [refuseMalformedIds, ...(collection.hooks?.beforeOperation ?? [])] } }
}
