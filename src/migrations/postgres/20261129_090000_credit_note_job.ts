import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// A refund recorded by a return or cancellation queues the issueCreditNote job in the refund's own unit of work
// (features/returns/after-refund-recorded.server.ts, ADR 049): the job's name joins the jobs' enums.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'issueCreditNote';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'issueCreditNote';`)
}

// PostgreSQL cannot drop an enum value; the jobs that used it go, and the unused value stays harmless.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'issueCreditNote';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'issueCreditNote';`)
}
