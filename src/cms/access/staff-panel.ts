import type { PayloadRequest } from 'payload'
import { isStaffUser } from './roles'

// Only staff and admins may open the admin panel at /admin.
export const staffPanel = ({ req }: { req: PayloadRequest }): boolean => isStaffUser(req.user)
