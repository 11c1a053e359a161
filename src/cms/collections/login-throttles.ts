// Failed sign-ins counted per account and per network address, for throttling that slows attackers without locking anyone out for good.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const LoginThrottles: CollectionConfig = {
  slug: 'login-throttles',
  admin: { useAsTitle: 'key', defaultColumns: ['key', 'failures', 'blockedUntil', 'updatedAt'], group: 'People' },
  access: { read: staffOnly, create: nobody, update: nobody, delete: adminOnly },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true, maxLength: 300, admin: { description: 'account:<email> or address:<ip>' } },
    { name: 'failures', type: 'number', required: true, defaultValue: 0, min: 0 },
    { name: 'windowStartedAt', type: 'date', required: true },
    { name: 'blockedUntil', type: 'date', index: true },
  ],
}
