import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Data rights (ADR 050): the data-requests collection (each request for a copy of a customer's data or its erasure,
// and what came of it) and the eraseCustomerData job that carries out an erasure. IF NOT EXISTS on the job's enum
// values: another change may add task names in the same release.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'eraseCustomerData';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'eraseCustomerData';
  CREATE TYPE "public"."enum_data_requests_kind" AS ENUM('export', 'erasure');
  CREATE TYPE "public"."enum_data_requests_channel" AS ENUM('account', 'email', 'letter', 'phone', 'in-person');
  CREATE TYPE "public"."enum_data_requests_status" AS ENUM('received', 'running', 'completed', 'refused');
  CREATE TABLE "data_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_data_requests_kind" NOT NULL,
  	"customer_id" integer,
  	"channel" "enum_data_requests_channel" DEFAULT 'email' NOT NULL,
  	"identity_check" varchar,
  	"account_number" numeric,
  	"subject_email" varchar,
  	"requested_by_id" integer,
  	"status" "enum_data_requests_status" DEFAULT 'received' NOT NULL,
  	"requested_at" timestamp(3) with time zone,
  	"completed_at" timestamp(3) with time zone,
  	"outcome" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "data_requests_id" integer;
  ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_data_requests_fk" FOREIGN KEY ("data_requests_id") REFERENCES "public"."data_requests"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "data_requests_customer_idx" ON "data_requests" USING btree ("customer_id");
  CREATE INDEX "data_requests_account_number_idx" ON "data_requests" USING btree ("account_number");
  CREATE INDEX "data_requests_requested_by_idx" ON "data_requests" USING btree ("requested_by_id");
  CREATE INDEX "data_requests_status_idx" ON "data_requests" USING btree ("status");
  CREATE INDEX "data_requests_updated_at_idx" ON "data_requests" USING btree ("updated_at");
  CREATE INDEX "data_requests_created_at_idx" ON "data_requests" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_data_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("data_requests_id");`)
}

// The job's enum values stay (PostgreSQL cannot drop one value; 20261128_200000_feeds_rebuild_job shows the long
// way): its jobs are removed, so no row names it.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'eraseCustomerData';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'eraseCustomerData';
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_data_requests_fk";
  DROP INDEX "payload_locked_documents_rels_data_requests_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "data_requests_id";
  DROP TABLE "data_requests" CASCADE;
  DROP TYPE "public"."enum_data_requests_kind";
  DROP TYPE "public"."enum_data_requests_channel";
  DROP TYPE "public"."enum_data_requests_status";`)
}
