import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff may read every order; a signed-in customer only orders placed on their own account (others look absent: 404); visitors none.
export const ownOrdersOrStaff: Access = ({ req }) => {
  if (isStaffUser(req.user)) return true
  if (req.user?.collection === 'users') return { customer: { equals: req.user.id } }
  return false
}
