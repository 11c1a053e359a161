// Customers, staff and admins: one auth collection, the role decides what each may do.
import type { CollectionConfig, FieldAccess } from 'payload'
import { adminOnly } from '../access/admin-only'
import { anyone } from '../access/anyone'
import { isAdminUser, ROLES } from '../access/roles'
import { selfOrStaff } from '../access/self-or-staff'
import { staffPanel } from '../access/staff-panel'

const adminField: FieldAccess = ({ req }) => isAdminUser(req.user)

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 60 * 60 * 8,
    maxLoginAttempts: 0, // throttling without a permanent lock-out belongs to the accounts issue
    cookies: { sameSite: 'Lax', secure: process.env.NODE_ENV === 'production' && process.env.SITE_URL?.startsWith('https:') === true },
  },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'firstName', 'lastName', 'role'], group: 'People' },
  access: {
    admin: staffPanel,
    create: anyone, // registration; the role field below stays 'customer' unless an admin sets it
    read: selfOrStaff,
    update: selfOrStaff,
    delete: adminOnly,
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'customer',
      options: ROLES.map((r) => ({ label: r[0]!.toUpperCase() + r.slice(1), value: r })),
      saveToJWT: true,
      index: true,
      access: { create: adminField, update: adminField },
      admin: { position: 'sidebar' },
    },
    { name: 'firstName', type: 'text', maxLength: 80 },
    { name: 'lastName', type: 'text', maxLength: 80 },
    { name: 'phone', type: 'text', maxLength: 30 },
    {
      name: 'addresses',
      type: 'array',
      maxRows: 10,
      fields: [
        { name: 'label', type: 'text', maxLength: 40 },
        { name: 'line1', type: 'text', required: true, maxLength: 120 },
        { name: 'line2', type: 'text', maxLength: 120 },
        { name: 'town', type: 'text', required: true, maxLength: 80 },
        { name: 'county', type: 'text', maxLength: 80 },
        { name: 'postcode', type: 'text', required: true, maxLength: 10 },
        { name: 'country', type: 'text', defaultValue: 'GB', maxLength: 2 },
      ],
    },
  ],
}
