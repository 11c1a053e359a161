import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Hand-written (ADR 038). users.email_confirmed_at: when the account's address was shown to reach its owner (a link
// sent to it opened, or a password reset through it); null until then. Accounts that exist already are taken as
// confirmed from their creation. (The sendPasswordReset job needs nothing here: SQLite keeps task slugs as text.)
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` ADD \`email_confirmed_at\` text;`)
  await db.run(sql`UPDATE \`users\` SET \`email_confirmed_at\` = \`created_at\` WHERE \`email_confirmed_at\` IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`email_confirmed_at\`;`)
}
