import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The admin dashboard's low-stock list: the same change as the SQLite migration of this name.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "site_settings" ADD COLUMN "low_stock_threshold" numeric DEFAULT 2 NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "site_settings" DROP COLUMN "low_stock_threshold";`)
}
