// The three roles and the checks every access rule builds on.
import type { PayloadRequest } from 'payload'

export const ROLES = ['customer', 'staff', 'admin'] as const
export type Role = (typeof ROLES)[number]

type MaybeUser = PayloadRequest['user'] | null | undefined

export function roleOf(user: MaybeUser): Role | undefined {
  if (!user || user.collection !== 'users') return undefined
  const role = (user as { role?: unknown }).role
  return ROLES.includes(role as Role) ? (role as Role) : undefined
}

export const isStaffUser = (user: MaybeUser): boolean => {
  const role = roleOf(user)
  return role === 'staff' || role === 'admin'
}

export const isAdminUser = (user: MaybeUser): boolean => roleOf(user) === 'admin'
