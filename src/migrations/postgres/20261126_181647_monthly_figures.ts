import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'refreshMonthlyFigures';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'refreshMonthlyFigures';`)
  // Monthly figures on listings (ADR 030): per product, the first quote its own finance step shows on its
  // opening terms, from the real quote source; written by the refreshMonthlyFigures job, read with the listing's cards.
  // Hand-written, not a Payload collection: nobody edits it, and cards read it in one indexed statement.
  await db.execute(sql`
  CREATE TABLE "product_monthly_figures" (
  	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "public"."products"("id") ON DELETE CASCADE,
  	"monthly_pence" integer NOT NULL,
  	"facility_type" varchar NOT NULL,
  	"apr_percent" numeric NOT NULL,
  	"term_months" integer NOT NULL,
  	"deposit_pence" integer NOT NULL,
  	"cash_price_pence" integer NOT NULL,
  	"lender_name" varchar NOT NULL,
  	"example" jsonb NOT NULL,
  	"source" varchar NOT NULL,
  	"refreshed_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX "product_monthly_figures_monthly_idx" ON "product_monthly_figures" USING btree ("monthly_pence");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "product_monthly_figures";
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts', 'backupShop', 'runCatalogueImport');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts', 'backupShop', 'runCatalogueImport');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
