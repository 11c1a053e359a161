import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Cycle to Work certificates (ADR 053):
// - an order may be paid in part by a certificate (payment method cycle_to_work): its scheme, number, redemption
//   code, value, its own state (domain/payments/certificate-lifecycle.ts) and what went back through the scheme;
// - site settings switch certificates on and name the schemes, the kinds of goods they pay for and how long an order
//   waits for staff to confirm one. The existing settings get the defaults (DEFAULT_CYCLE_TO_WORK): Payload's defaults
//   apply only to a new document, and the settings already exist.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_scheme\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_number\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_redemption_code\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_value_pence\` numeric;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_status\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`certificate_returned_pence\` numeric;`)
  await db.run(sql`CREATE TABLE \`site_settings_cycle_to_work_schemes\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_cycle_to_work_schemes_order_idx\` ON \`site_settings_cycle_to_work_schemes\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_cycle_to_work_schemes_parent_idx\` ON \`site_settings_cycle_to_work_schemes\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_cycle_to_work_kinds\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_cycle_to_work_kinds_order_idx\` ON \`site_settings_cycle_to_work_kinds\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_cycle_to_work_kinds_parent_idx\` ON \`site_settings_cycle_to_work_kinds\` (\`parent_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`cycle_to_work_enabled\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`cycle_to_work_hold_hours\` numeric DEFAULT 120 NOT NULL;`)
  await db.run(sql`INSERT INTO \`site_settings_cycle_to_work_schemes\` (\`order\`, \`parent_id\`, \`value\`)
    SELECT v.o, s.id, v.value FROM \`site_settings\` s, (SELECT 1 AS o, 'cyclescheme' AS value UNION ALL SELECT 2, 'cycle_solutions' UNION ALL SELECT 3, 'green_commute') v;`)
  await db.run(sql`INSERT INTO \`site_settings_cycle_to_work_kinds\` (\`order\`, \`parent_id\`, \`value\`)
    SELECT v.o, s.id, v.value FROM \`site_settings\` s, (SELECT 1 AS o, 'bicycle' AS value UNION ALL SELECT 2, 'e-bike' UNION ALL SELECT 3, 'accessory') v;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`site_settings_cycle_to_work_schemes\`;`)
  await db.run(sql`DROP TABLE \`site_settings_cycle_to_work_kinds\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`cycle_to_work_hold_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`cycle_to_work_enabled\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_returned_pence\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_status\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_value_pence\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_redemption_code\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_number\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`certificate_scheme\`;`)
}
