import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_catalogue_imports_status" AS ENUM('queued', 'running', 'done', 'failed');
  CREATE TYPE "public"."enum_catalogue_imports_source" AS ENUM('admin', 'api', 'command', 'seed');
  CREATE TYPE "public"."enum_catalogue_changes_field" AS ENUM('created', 'price', 'stock', 'status');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'runCatalogueImport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'runCatalogueImport';
  CREATE TABLE "catalogue_imports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"file_name" varchar,
  	"status" "enum_catalogue_imports_status" DEFAULT 'queued' NOT NULL,
  	"source" "enum_catalogue_imports_source",
  	"full_feed" boolean DEFAULT false,
  	"by_id" integer,
  	"total" numeric DEFAULT 0,
  	"done" numeric DEFAULT 0,
  	"created" numeric DEFAULT 0,
  	"updated" numeric DEFAULT 0,
  	"unchanged" numeric DEFAULT 0,
  	"refused_count" numeric DEFAULT 0,
  	"archived" numeric DEFAULT 0,
  	"refused" jsonb,
  	"error" varchar,
  	"finished_at" timestamp(3) with time zone,
  	"feed" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "catalogue_changes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"actor" varchar NOT NULL,
  	"import_id" integer,
  	"sku" varchar,
  	"product_id" integer,
  	"variant_id" integer,
  	"field" "enum_catalogue_changes_field" NOT NULL,
  	"from" varchar,
  	"to" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "enable_a_p_i_key" boolean;
  ALTER TABLE "users" ADD COLUMN "api_key" varchar;
  ALTER TABLE "users" ADD COLUMN "api_key_index" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "catalogue_imports_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "catalogue_changes_id" integer;
  ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "catalogue_imports_status_idx" ON "catalogue_imports" USING btree ("status");
  CREATE INDEX "catalogue_imports_by_idx" ON "catalogue_imports" USING btree ("by_id");
  CREATE INDEX "catalogue_imports_updated_at_idx" ON "catalogue_imports" USING btree ("updated_at");
  CREATE INDEX "catalogue_imports_created_at_idx" ON "catalogue_imports" USING btree ("created_at");
  CREATE INDEX "catalogue_changes_at_idx" ON "catalogue_changes" USING btree ("at");
  CREATE INDEX "catalogue_changes_import_idx" ON "catalogue_changes" USING btree ("import_id");
  CREATE INDEX "catalogue_changes_sku_idx" ON "catalogue_changes" USING btree ("sku");
  CREATE INDEX "catalogue_changes_product_idx" ON "catalogue_changes" USING btree ("product_id");
  CREATE INDEX "catalogue_changes_variant_idx" ON "catalogue_changes" USING btree ("variant_id");
  CREATE INDEX "catalogue_changes_updated_at_idx" ON "catalogue_changes" USING btree ("updated_at");
  CREATE INDEX "catalogue_changes_created_at_idx" ON "catalogue_changes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_catalogue_imports_fk" FOREIGN KEY ("catalogue_imports_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_catalogue_changes_fk" FOREIGN KEY ("catalogue_changes_id") REFERENCES "public"."catalogue_changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_catalogue_imports_id_idx" ON "payload_locked_documents_rels" USING btree ("catalogue_imports_id");
  CREATE INDEX "payload_locked_documents_rels_catalogue_changes_id_idx" ON "payload_locked_documents_rels" USING btree ("catalogue_changes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "catalogue_imports" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "catalogue_changes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "catalogue_imports" CASCADE;
  DROP TABLE "catalogue_changes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_catalogue_imports_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_catalogue_changes_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail', 'sendSavedBikeAlerts');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_catalogue_imports_id_idx";
  DROP INDEX "payload_locked_documents_rels_catalogue_changes_id_idx";
  ALTER TABLE "users" DROP COLUMN "enable_a_p_i_key";
  ALTER TABLE "users" DROP COLUMN "api_key";
  ALTER TABLE "users" DROP COLUMN "api_key_index";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "catalogue_imports_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "catalogue_changes_id";
  DROP TYPE "public"."enum_catalogue_imports_status";
  DROP TYPE "public"."enum_catalogue_imports_source";
  DROP TYPE "public"."enum_catalogue_changes_field";`)
}
