// Payload's payload-locked-documents (who is editing what in the admin) gets Payload's default access (any signed-in
// user), so a customer could list, take over and delete staff edit locks, or lock a product against staff (423).
// Staff only; Payload's own lock checks read the table directly and are unaffected.
import type { SanitizedConfig } from 'payload'
import { staffOnly } from './staff-only'

export function lockDocumentsToStaff(config: SanitizedConfig): SanitizedConfig {
  const locks = config.collections.find((c) => c.slug === 'payload-locked-documents')
  if (locks) locks.access = { ...locks.access, read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly }
  return config
}
