import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff and admins may do this; customers and visitors may not.
export const staffOnly: Access = ({ req }) => isStaffUser(req.user)
