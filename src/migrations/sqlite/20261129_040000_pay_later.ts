import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Klarna Pay in 3 as a payment method (ADR 052):
// - an order records how it is paid (card or Klarna); every order before this was a card order;
// - the built-in test gateway's sessions record the method too, to show the card form or the Klarna one;
// - site settings switch Pay in 3 on and set the basket limits it is offered within (defaults DEFAULT_PAY_LATER).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`orders\` ADD \`payment_method\` text DEFAULT 'card';`)
  await db.run(sql`ALTER TABLE \`test_gateway_payments\` ADD \`method\` text DEFAULT 'card';`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`pay_later_enabled\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`pay_later_min_pence\` numeric DEFAULT 3000 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`pay_later_max_pence\` numeric DEFAULT 100000 NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`pay_later_max_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`pay_later_min_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`pay_later_enabled\`;`)
  await db.run(sql`ALTER TABLE \`test_gateway_payments\` DROP COLUMN \`method\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`payment_method\`;`)
}
