import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// A deal remembers the customer's last step: the one reminder goes only to a customer whose last step was one they
// left unfinished (the finance or the basket checkout), never to one who went on to apply, pay or reserve. A staff
// quote carries the delivery charge agreed with the customer.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`deals\` ADD \`last_step\` text;`)
  await db.run(sql`UPDATE \`deals\` SET \`last_step\` = \`source\`;`)
  await db.run(sql`ALTER TABLE \`deals\` ADD \`quote_delivery_pence\` numeric;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`deals\` DROP COLUMN \`quote_delivery_pence\`;`)
  await db.run(sql`ALTER TABLE \`deals\` DROP COLUMN \`last_step\`;`)
}
