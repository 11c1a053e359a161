import type { Access } from 'payload'
import { isStaffUser } from './roles'

// Staff read every workshop service; everyone else only the ones currently offered.
export const offeredServicesOrStaff: Access = ({ req }) => (isStaffUser(req.user) ? true : { active: { equals: true } })
