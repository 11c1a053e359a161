import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Klarna Pay in 3 as a payment method (ADR 052): the same change as the SQLite migration of this name.
// - an order records how it is paid (card or Klarna); every order before this was a card order;
// - the built-in test gateway's sessions record the method too, to show the card form or the Klarna one;
// - site settings switch Pay in 3 on and set the basket limits it is offered within (defaults DEFAULT_PAY_LATER).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_orders_payment_method" AS ENUM('card', 'klarna');
  CREATE TYPE "public"."enum_test_gateway_payments_method" AS ENUM('card', 'klarna');
  ALTER TABLE "orders" ADD COLUMN "payment_method" "enum_orders_payment_method" DEFAULT 'card';
  ALTER TABLE "test_gateway_payments" ADD COLUMN "method" "enum_test_gateway_payments_method" DEFAULT 'card';
  ALTER TABLE "site_settings" ADD COLUMN "pay_later_enabled" boolean DEFAULT true;
  ALTER TABLE "site_settings" ADD COLUMN "pay_later_min_pence" numeric DEFAULT 3000 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "pay_later_max_pence" numeric DEFAULT 100000 NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "site_settings" DROP COLUMN "pay_later_max_pence";
  ALTER TABLE "site_settings" DROP COLUMN "pay_later_min_pence";
  ALTER TABLE "site_settings" DROP COLUMN "pay_later_enabled";
  ALTER TABLE "test_gateway_payments" DROP COLUMN "method";
  ALTER TABLE "orders" DROP COLUMN "payment_method";
  DROP TYPE "public"."enum_test_gateway_payments_method";
  DROP TYPE "public"."enum_orders_payment_method";`)
}
