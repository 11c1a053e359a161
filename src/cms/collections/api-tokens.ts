// Bearer tokens issued by POST /wp-json/jwt-auth/v1/token (spec §7): one row per token id, so signing out revokes it.
import type { CollectionConfig } from 'payload'
import { adminOnly } from '../access/admin-only'
import { nobody } from '../access/nobody'
import { staffOnly } from '../access/staff-only'

export const ApiTokens: CollectionConfig = {
  slug: 'api-tokens',
  admin: { useAsTitle: 'jti', defaultColumns: ['jti', 'user', 'expiresAt', 'revokedAt', 'createdAt'], group: 'People', description: 'Sign-in tokens of the shop’s JSON API; revoke one to sign that device out.' },
  access: { read: staffOnly, create: nobody, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'jti', type: 'text', required: true, unique: true, index: true, maxLength: 64 },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    { name: 'revokedAt', type: 'date' },
  ],
}
