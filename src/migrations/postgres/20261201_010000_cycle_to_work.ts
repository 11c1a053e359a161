import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Cycle to Work certificates (ADR 053): the same change as the SQLite migration of this name.
// - an order may be paid in part by a certificate (payment method cycle_to_work): its scheme, number, redemption
//   code, value, its own state (domain/payments/certificate-lifecycle.ts) and what went back through the scheme;
// - site settings switch certificates on and name the schemes, the kinds of goods they pay for and how long an order
//   waits for staff to confirm one; the existing settings get the defaults (DEFAULT_CYCLE_TO_WORK).
// The new payment method is added to the enum in a statement of its own: PostgreSQL cannot use an enum value in the
// transaction that added it, and nothing here uses it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TYPE "public"."enum_orders_payment_method" ADD VALUE IF NOT EXISTS 'cycle_to_work';`)
  await db.execute(sql`
  CREATE TYPE "public"."enum_orders_certificate_scheme" AS ENUM('cyclescheme', 'cycle_solutions', 'green_commute');
  CREATE TYPE "public"."enum_orders_certificate_status" AS ENUM('submitted', 'confirmed', 'refused', 'lapsed', 'returned_to_scheme');
  CREATE TYPE "public"."enum_site_settings_cycle_to_work_schemes" AS ENUM('cyclescheme', 'cycle_solutions', 'green_commute');
  CREATE TYPE "public"."enum_site_settings_cycle_to_work_kinds" AS ENUM('motorcycle', 'scooter', 'bicycle', 'e-bike', 'riderwear', 'accessory');
  ALTER TABLE "orders" ADD COLUMN "certificate_scheme" "enum_orders_certificate_scheme";
  ALTER TABLE "orders" ADD COLUMN "certificate_number" varchar;
  ALTER TABLE "orders" ADD COLUMN "certificate_redemption_code" varchar;
  ALTER TABLE "orders" ADD COLUMN "certificate_value_pence" numeric;
  ALTER TABLE "orders" ADD COLUMN "certificate_status" "enum_orders_certificate_status";
  ALTER TABLE "orders" ADD COLUMN "certificate_returned_pence" numeric;
  CREATE TABLE "site_settings_cycle_to_work_schemes" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_site_settings_cycle_to_work_schemes",
  	"id" serial PRIMARY KEY NOT NULL
  );
  CREATE TABLE "site_settings_cycle_to_work_kinds" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_site_settings_cycle_to_work_kinds",
  	"id" serial PRIMARY KEY NOT NULL
  );
  ALTER TABLE "site_settings" ADD COLUMN "cycle_to_work_enabled" boolean DEFAULT true;
  ALTER TABLE "site_settings" ADD COLUMN "cycle_to_work_hold_hours" numeric DEFAULT 120 NOT NULL;
  ALTER TABLE "site_settings_cycle_to_work_schemes" ADD CONSTRAINT "site_settings_cycle_to_work_schemes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_cycle_to_work_kinds" ADD CONSTRAINT "site_settings_cycle_to_work_kinds_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_cycle_to_work_schemes_order_idx" ON "site_settings_cycle_to_work_schemes" USING btree ("order");
  CREATE INDEX "site_settings_cycle_to_work_schemes_parent_idx" ON "site_settings_cycle_to_work_schemes" USING btree ("parent_id");
  CREATE INDEX "site_settings_cycle_to_work_kinds_order_idx" ON "site_settings_cycle_to_work_kinds" USING btree ("order");
  CREATE INDEX "site_settings_cycle_to_work_kinds_parent_idx" ON "site_settings_cycle_to_work_kinds" USING btree ("parent_id");
  INSERT INTO "site_settings_cycle_to_work_schemes" ("order", "parent_id", "value")
    SELECT v.o, s.id, v.value::"enum_site_settings_cycle_to_work_schemes" FROM "site_settings" s, (VALUES (1, 'cyclescheme'), (2, 'cycle_solutions'), (3, 'green_commute')) AS v(o, value);
  INSERT INTO "site_settings_cycle_to_work_kinds" ("order", "parent_id", "value")
    SELECT v.o, s.id, v.value::"enum_site_settings_cycle_to_work_kinds" FROM "site_settings" s, (VALUES (1, 'bicycle'), (2, 'e-bike'), (3, 'accessory')) AS v(o, value);`)
}

// PostgreSQL cannot drop an enum value: an order paid by certificate becomes a card order, and the value stays unused.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "orders" SET "payment_method" = 'card' WHERE "payment_method" = 'cycle_to_work';
  DROP TABLE "site_settings_cycle_to_work_schemes" CASCADE;
  DROP TABLE "site_settings_cycle_to_work_kinds" CASCADE;
  ALTER TABLE "site_settings" DROP COLUMN "cycle_to_work_hold_hours";
  ALTER TABLE "site_settings" DROP COLUMN "cycle_to_work_enabled";
  ALTER TABLE "orders" DROP COLUMN "certificate_returned_pence";
  ALTER TABLE "orders" DROP COLUMN "certificate_status";
  ALTER TABLE "orders" DROP COLUMN "certificate_value_pence";
  ALTER TABLE "orders" DROP COLUMN "certificate_redemption_code";
  ALTER TABLE "orders" DROP COLUMN "certificate_number";
  ALTER TABLE "orders" DROP COLUMN "certificate_scheme";
  DROP TYPE "public"."enum_site_settings_cycle_to_work_kinds";
  DROP TYPE "public"."enum_site_settings_cycle_to_work_schemes";
  DROP TYPE "public"."enum_orders_certificate_status";
  DROP TYPE "public"."enum_orders_certificate_scheme";`)
}
