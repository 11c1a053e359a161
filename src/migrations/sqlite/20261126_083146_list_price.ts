import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`products\` ADD \`list_price\` numeric;`)
  await db.run(sql`CREATE INDEX \`products_list_price_idx\` ON \`products\` (\`list_price\`);`)
  // Existing products: the price plus the compulsory charge (ADR 023), as the products hook sets it from now on.
  await db.run(sql`UPDATE \`products\` SET \`list_price\` = \`price\` + CASE WHEN \`before_add_to_basket_notification_extra_fee_fee_value\` > 0 THEN \`before_add_to_basket_notification_extra_fee_fee_value\` ELSE 0 END WHERE \`price\` IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`products_list_price_idx\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`list_price\`;`)
}
