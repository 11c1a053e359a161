import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The customer emails' look: the same change as the SQLite migration of this name.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "site_settings" ADD COLUMN "emails_logo_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "emails_header_colour" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "emails_accent_colour" varchar;
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_emails_logo_id_media_id_fk" FOREIGN KEY ("emails_logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "site_settings_emails_emails_logo_idx" ON "site_settings" USING btree ("emails_logo_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_emails_logo_id_media_id_fk";
  DROP INDEX "site_settings_emails_emails_logo_idx";
  ALTER TABLE "site_settings" DROP COLUMN "emails_logo_id";
  ALTER TABLE "site_settings" DROP COLUMN "emails_header_colour";
  ALTER TABLE "site_settings" DROP COLUMN "emails_accent_colour";`)
}
