// A customer who changes or deletes a record they cannot read gets 404, as when reading it: Payload would
// answer 403 there, which tells them the record exists. Records they can read but not change still get 403.
import { NotFound, type CollectionBeforeOperationHook } from 'payload'
import { isStaffUser } from '../access/roles'

export const hideRecordsOutOfReach: CollectionBeforeOperationHook = async ({ args, collection, operation, overrideAccess, req }) => {
  if (overrideAccess || (operation !== 'update' && operation !== 'delete')) return args
  const id = (args as { id?: number | string }).id
  if (id === undefined || !req.user || isStaffUser(req.user)) return args
  const visible = await req.payload.count({
    collection: collection.slug as 'users',
    where: { id: { equals: id } },
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (visible.totalDocs === 0) throw new NotFound(req.t)
  return args
}
