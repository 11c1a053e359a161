import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

// A snapshot only: three branches (catalogue imports, search, backups) added migrations side by side, each generated
// from a schema without the others' tables, so the newest snapshot (.json) missed some of them. This migration's
// snapshot is the whole merged schema, so the next `npm run migrate:create` diffs from the truth. Its SQL would
// have re-created what the three migrations before it already create, so it does nothing.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
