import type { Access } from 'payload'
import { isAdminUser } from './roles'

// Only admins may do this (user management, roles).
export const adminOnly: Access = ({ req }) => isAdminUser(req.user)
