import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff may read or change any user; a signed-in customer only their own account; visitors nobody.
export const selfOrStaff: Access = ({ req }) => {
  if (isStaffUser(req.user)) return true
  if (req.user?.collection === 'users') return { id: { equals: req.user.id } }
  return false
}
