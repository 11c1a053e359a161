import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff read every booking; a signed-in customer only bookings made on their own account; visitors none (guests use their signed email link).
export const ownBookingsOrStaff: Access = ({ req }) => {
  if (isStaffUser(req.user)) return true
  if (req.user?.collection === 'users') return { customer: { equals: req.user.id } }
  return false
}
