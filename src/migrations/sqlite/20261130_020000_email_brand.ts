import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The customer emails' look (site settings › Customer emails): a logo from the media library and the colours of
// the header and the buttons.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`emails_logo_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`emails_header_colour\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`emails_accent_colour\` text;`)
  await db.run(sql`CREATE INDEX \`site_settings_emails_emails_logo_idx\` ON \`site_settings\` (\`emails_logo_id\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`site_settings_emails_emails_logo_idx\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`emails_logo_id\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`emails_header_colour\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`emails_accent_colour\`;`)
}
