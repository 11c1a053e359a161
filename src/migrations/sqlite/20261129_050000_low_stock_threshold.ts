import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The admin dashboard's low-stock list: site settings keep the number of units at or below which a product on sale
// is listed (all its variants together).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`low_stock_threshold\` numeric DEFAULT 2 NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`low_stock_threshold\`;`)
}
