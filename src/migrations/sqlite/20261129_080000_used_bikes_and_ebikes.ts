import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Used bikes a rider can trust and e-bikes by the law (ADR 060, ADR 061): a product's road record from DVLA, its MOT
// history, the history check staff record (outstanding finance, stolen, write-off category S or N) and an e-bike's
// motor power, assisted speed and EAPC verdict, indexed: bicycle listings leave out an e-bike that is a motor vehicle.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_make\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_colour\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_fuel_type\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_year_of_manufacture\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_tax_status\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_tax_due_date\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_mot_status\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_mot_expiry_date\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_looked_up_at\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_mot_tests\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_mileage_checked\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_history_check_provider\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_history_check_checked_on\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_history_check_outstanding_finance\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_history_check_stolen\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`used_bike_history_check_write_off_category\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`ebike_motor_power_w\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`ebike_assisted_speed_mph\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`ebike_has_pedals\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`ebike_eapc\` integer;`)
  await db.run(sql`CREATE INDEX \`products_ebike_ebike_eapc_idx\` ON \`products\` (\`ebike_eapc\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX IF EXISTS \`products_ebike_ebike_eapc_idx\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`ebike_eapc\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`ebike_has_pedals\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`ebike_assisted_speed_mph\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`ebike_motor_power_w\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_history_check_write_off_category\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_history_check_stolen\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_history_check_outstanding_finance\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_history_check_checked_on\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_history_check_provider\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_mileage_checked\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_mot_tests\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_looked_up_at\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_mot_expiry_date\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_mot_status\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_tax_due_date\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_tax_status\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_year_of_manufacture\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_fuel_type\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_colour\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`used_bike_make\`;`)
}
