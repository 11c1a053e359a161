import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff read everything; everyone else reads only active (published) documents.
export const activeOrStaff: Access = ({ req }) => (isStaffUser(req.user) ? true : { status: { equals: 'active' } })
