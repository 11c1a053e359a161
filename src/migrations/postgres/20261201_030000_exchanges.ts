import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Exchanges (ADR 067): a return names the variant asked for and the replacement order made for it; the replacement
// order keeps the credit it was paid with; a return's refund keeps the part of it that paid for the replacement
// (what did not go back to the card); the createExchangeOrder job joins the jobs' enums.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'createExchangeOrder';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'createExchangeOrder';
  ALTER TABLE "returns" ADD COLUMN "exchange_variant_id" integer;
  ALTER TABLE "returns" ADD COLUMN "exchange_order_id" integer;
  ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_variant_id_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "returns_exchange_variant_idx" ON "returns" USING btree ("exchange_variant_id");
  CREATE UNIQUE INDEX "returns_exchange_order_idx" ON "returns" USING btree ("exchange_order_id");
  ALTER TABLE "refunds" ADD COLUMN "credit_pence" numeric DEFAULT 0;
  ALTER TABLE "orders" ADD COLUMN "exchange_credit_pence" numeric DEFAULT 0;`)
}

// PostgreSQL cannot drop an enum value; the jobs that used it go, and the unused value stays harmless.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'createExchangeOrder';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'createExchangeOrder';
  DROP INDEX IF EXISTS "returns_exchange_variant_idx";
  DROP INDEX IF EXISTS "returns_exchange_order_idx";
  ALTER TABLE "returns" DROP CONSTRAINT IF EXISTS "returns_exchange_variant_id_variants_id_fk";
  ALTER TABLE "returns" DROP CONSTRAINT IF EXISTS "returns_exchange_order_id_orders_id_fk";
  ALTER TABLE "returns" DROP COLUMN IF EXISTS "exchange_variant_id";
  ALTER TABLE "returns" DROP COLUMN IF EXISTS "exchange_order_id";
  ALTER TABLE "refunds" DROP COLUMN IF EXISTS "credit_pence";
  ALTER TABLE "orders" DROP COLUMN IF EXISTS "exchange_credit_pence";`)
}
