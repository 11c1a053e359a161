import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// CSV exports made on the jobs queue for staff (ADR 055): the same change as the SQLite migration of this name, and
// the runDataExport task's name in the queue's enums (IF NOT EXISTS: another change may add task names too).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'runDataExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'runDataExport';
  CREATE TABLE "data_exports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"file_name" varchar,
  	"kind" varchar NOT NULL,
  	"status" varchar DEFAULT 'queued' NOT NULL,
  	"by_id" integer,
  	"from" varchar,
  	"to" varchar,
  	"order_status" varchar,
  	"total" numeric DEFAULT 0,
  	"done" numeric DEFAULT 0,
  	"error" varchar,
  	"finished_at" timestamp(3) with time zone,
  	"csv" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "data_exports_id" integer;
  ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_data_exports_fk" FOREIGN KEY ("data_exports_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "data_exports_status_idx" ON "data_exports" USING btree ("status");
  CREATE INDEX "data_exports_by_idx" ON "data_exports" USING btree ("by_id");
  CREATE INDEX "data_exports_updated_at_idx" ON "data_exports" USING btree ("updated_at");
  CREATE INDEX "data_exports_created_at_idx" ON "data_exports" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_data_exports_id_idx" ON "payload_locked_documents_rels" USING btree ("data_exports_id");`)
}

// The task's enum values stay (PostgreSQL cannot drop one value of an enum; 20261128_200000_feeds_rebuild_job shows
// the long way); its jobs go with the table.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'runDataExport';
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_data_exports_fk";
  DROP INDEX "payload_locked_documents_rels_data_exports_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "data_exports_id";
  DROP TABLE "data_exports" CASCADE;`)
}
