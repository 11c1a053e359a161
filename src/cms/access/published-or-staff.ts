import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff read everything; everyone else reads content whose publish date has come.
export const publishedOrStaff: Access = ({ req }) =>
  isStaffUser(req.user) ? true : { publishedAt: { less_than_equal: new Date().toISOString() } }
