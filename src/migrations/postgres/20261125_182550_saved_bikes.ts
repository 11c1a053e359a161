import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendSavedBikeAlerts';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendSavedBikeAlerts';
  CREATE TABLE "saved_bikes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"customer_id" integer,
  	"product_id" integer,
  	"alerts" boolean DEFAULT false,
  	"last_alert_key" varchar,
  	"last_alert_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "saved_bikes_id" integer;
  ALTER TABLE "saved_bikes" ADD CONSTRAINT "saved_bikes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "saved_bikes" ADD CONSTRAINT "saved_bikes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "saved_bikes_customer_idx" ON "saved_bikes" USING btree ("customer_id");
  CREATE INDEX "saved_bikes_product_idx" ON "saved_bikes" USING btree ("product_id");
  CREATE INDEX "saved_bikes_alerts_idx" ON "saved_bikes" USING btree ("alerts");
  CREATE INDEX "saved_bikes_updated_at_idx" ON "saved_bikes" USING btree ("updated_at");
  CREATE INDEX "saved_bikes_created_at_idx" ON "saved_bikes" USING btree ("created_at");
  CREATE UNIQUE INDEX "customer_product_idx" ON "saved_bikes" USING btree ("customer_id","product_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_saved_bikes_fk" FOREIGN KEY ("saved_bikes_id") REFERENCES "public"."saved_bikes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_saved_bikes_id_idx" ON "payload_locked_documents_rels" USING btree ("saved_bikes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "saved_bikes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "saved_bikes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_saved_bikes_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation', 'sendReservationEmail');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_saved_bikes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "saved_bikes_id";`)
}
