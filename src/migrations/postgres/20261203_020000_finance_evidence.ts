import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// What a finance quote and a finance application keep of what the customer was shown: the same change as the SQLite
// migration of this name, and the broker statement's and commission disclosure's defaults on their columns.
const BROKER = 'We are a credit broker, not a lender. We introduce you to a limited panel of lenders who provide motor finance, and do not lend you the money ourselves.'
const COMMISSION = 'We may receive commission from the lender for introducing you to it. The commission may be a fixed fee or a share of the amount you borrow, and can differ between lenders and products. Ask us and we will tell you how much we receive.'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "finance_quotes" ADD COLUMN "lender_name" varchar;
  ALTER TABLE "finance_quotes" ADD COLUMN "shown_example" jsonb;
  ALTER TABLE "finance_quotes" ADD COLUMN "disclosures_dealer_name" varchar;
  ALTER TABLE "finance_quotes" ADD COLUMN "disclosures_fca_firm_reference" varchar;
  ALTER TABLE "finance_quotes" ADD COLUMN "disclosures_broker_statement" varchar;
  ALTER TABLE "finance_quotes" ADD COLUMN "disclosures_commission_disclosure" varchar;
  ALTER TABLE "orders" ADD COLUMN "finance_shown_example" jsonb;
  ALTER TABLE "orders" ADD COLUMN "finance_disclosures_dealer_name" varchar;
  ALTER TABLE "orders" ADD COLUMN "finance_disclosures_fca_firm_reference" varchar;
  ALTER TABLE "orders" ADD COLUMN "finance_disclosures_broker_statement" varchar;
  ALTER TABLE "orders" ADD COLUMN "finance_disclosures_commission_disclosure" varchar;`)
  await db.execute(sql`ALTER TABLE "site_settings" ALTER COLUMN "finance_broker_statement" SET DEFAULT ${sql.raw(`'${BROKER}'`)};`)
  await db.execute(sql`ALTER TABLE "site_settings" ALTER COLUMN "finance_commission_disclosure" SET DEFAULT ${sql.raw(`'${COMMISSION}'`)};`)
  await db.execute(sql`UPDATE "site_settings" SET "finance_broker_statement" = ${BROKER} WHERE TRIM(COALESCE("finance_broker_statement", '')) = '';`)
  await db.execute(sql`UPDATE "site_settings" SET "finance_commission_disclosure" = ${COMMISSION} WHERE TRIM(COALESCE("finance_commission_disclosure", '')) = '';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "site_settings" ALTER COLUMN "finance_broker_statement" DROP DEFAULT;
  ALTER TABLE "site_settings" ALTER COLUMN "finance_commission_disclosure" DROP DEFAULT;
  ALTER TABLE "finance_quotes" DROP COLUMN "lender_name";
  ALTER TABLE "finance_quotes" DROP COLUMN "shown_example";
  ALTER TABLE "finance_quotes" DROP COLUMN "disclosures_dealer_name";
  ALTER TABLE "finance_quotes" DROP COLUMN "disclosures_fca_firm_reference";
  ALTER TABLE "finance_quotes" DROP COLUMN "disclosures_broker_statement";
  ALTER TABLE "finance_quotes" DROP COLUMN "disclosures_commission_disclosure";
  ALTER TABLE "orders" DROP COLUMN "finance_shown_example";
  ALTER TABLE "orders" DROP COLUMN "finance_disclosures_dealer_name";
  ALTER TABLE "orders" DROP COLUMN "finance_disclosures_fca_firm_reference";
  ALTER TABLE "orders" DROP COLUMN "finance_disclosures_broker_statement";
  ALTER TABLE "orders" DROP COLUMN "finance_disclosures_commission_disclosure";`)
}
