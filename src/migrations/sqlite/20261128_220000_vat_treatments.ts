import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// VAT only on what bears it (ADR 044):
// - site settings keep the parts of a new bike's on-the-road charge paid to DVLA (first registration fee and the
//   first year's road tax by engine size), outside the scope of VAT; defaults are DEFAULT_ON_THE_ROAD_RATES;
// - a category can say its products are protective motorcycle helmets, zero-rated (VAT Notice 701/23): the seeded
//   "helmets" category does, and its products already stored at 20% move to 0%;
// - an order keeps the VAT per treatment its total holds (null on orders placed before).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`on_the_road_registration_fee_pence\` numeric DEFAULT 5500 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`on_the_road_ved_up_to150cc_pence\` numeric DEFAULT 2700 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`on_the_road_ved_up_to400cc_pence\` numeric DEFAULT 5900 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`on_the_road_ved_up_to600cc_pence\` numeric DEFAULT 9100 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`on_the_road_ved_over600cc_pence\` numeric DEFAULT 12700 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`categories\` ADD \`zero_rated_helmets\` integer DEFAULT false;`)
  await db.run(sql`UPDATE \`categories\` SET \`zero_rated_helmets\` = 1 WHERE \`slug\` = 'helmets';`)
  await db.run(sql`UPDATE \`products\` SET \`vat_rate\` = 0 WHERE \`vat_rate\` <> 0 AND \`category_id\` IN (SELECT \`id\` FROM \`categories\` WHERE \`zero_rated_helmets\` = 1);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`vat_breakdown\` text;`)
}

// The helmets' rate is left at 0: which ones were 20% before is not recorded, and 0% is their lawful rate.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`vat_breakdown\`;`)
  await db.run(sql`ALTER TABLE \`categories\` DROP COLUMN \`zero_rated_helmets\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`on_the_road_ved_over600cc_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`on_the_road_ved_up_to600cc_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`on_the_road_ved_up_to400cc_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`on_the_road_ved_up_to150cc_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`on_the_road_registration_fee_pence\`;`)
}
