import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (ADR 038). users.email_confirmed_at: when the account's address was shown to reach its owner (a link
// sent to it opened, or a password reset through it); null until then. Accounts that exist already are taken as
// confirmed from their creation. And the sendPasswordReset job, which every forgot-password request queues.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendPasswordReset';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendPasswordReset';
  ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_confirmed_at" timestamp(3) with time zone;
  UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" DROP COLUMN IF EXISTS "email_confirmed_at";
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendPasswordReset';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendPasswordReset';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts', 'backupShop', 'runCatalogueImport', 'refreshMonthlyFigures');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts', 'backupShop', 'runCatalogueImport', 'refreshMonthlyFigures');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
