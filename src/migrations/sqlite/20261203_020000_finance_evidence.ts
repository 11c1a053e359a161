import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// What a finance quote and a finance application keep of what the customer was shown (the lender, the example, the
// dealer's disclosures), and the site settings' broker statement and commission disclosure filled where empty, so
// every finance screen states them. SQLite cannot change a column's default in place; Payload fills a field's
// default itself when it writes the global, so only the empty values are filled here.
const BROKER = 'We are a credit broker, not a lender. We introduce you to a limited panel of lenders who provide motor finance, and do not lend you the money ourselves.'
const COMMISSION = 'We may receive commission from the lender for introducing you to it. The commission may be a fixed fee or a share of the amount you borrow, and can differ between lenders and products. Ask us and we will tell you how much we receive.'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`lender_name\` text;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`shown_example\` text;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`disclosures_dealer_name\` text;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`disclosures_fca_firm_reference\` text;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`disclosures_broker_statement\` text;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` ADD \`disclosures_commission_disclosure\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`finance_shown_example\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`finance_disclosures_dealer_name\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`finance_disclosures_fca_firm_reference\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`finance_disclosures_broker_statement\` text;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`finance_disclosures_commission_disclosure\` text;`)
  await db.run(sql`UPDATE \`site_settings\` SET \`finance_broker_statement\` = ${BROKER} WHERE TRIM(COALESCE(\`finance_broker_statement\`, '')) = '';`)
  await db.run(sql`UPDATE \`site_settings\` SET \`finance_commission_disclosure\` = ${COMMISSION} WHERE TRIM(COALESCE(\`finance_commission_disclosure\`, '')) = '';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`lender_name\`;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`shown_example\`;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`disclosures_dealer_name\`;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`disclosures_fca_firm_reference\`;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`disclosures_broker_statement\`;`)
  await db.run(sql`ALTER TABLE \`finance_quotes\` DROP COLUMN \`disclosures_commission_disclosure\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`finance_shown_example\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`finance_disclosures_dealer_name\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`finance_disclosures_fca_firm_reference\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`finance_disclosures_broker_statement\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`finance_disclosures_commission_disclosure\`;`)
}
