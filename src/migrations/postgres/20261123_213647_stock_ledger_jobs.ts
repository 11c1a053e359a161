import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_stock_holds_state" AS ENUM('held', 'sold', 'released');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation');
  ALTER TYPE "public"."enum_orders_stock_state" ADD VALUE 'pending' BEFORE 'held';
  CREATE TABLE "stock_holds" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"ref" varchar NOT NULL,
  	"product_id" integer,
  	"variant_id" integer,
  	"coupon_id" integer,
  	"count" numeric NOT NULL,
  	"state" "enum_stock_holds_state" NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "products" ADD COLUMN "max_per_order" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "stock_holds_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "finance_application_hold_hours" numeric DEFAULT 72 NOT NULL;
  ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "stock_holds_ref_idx" ON "stock_holds" USING btree ("ref");
  CREATE INDEX "stock_holds_product_idx" ON "stock_holds" USING btree ("product_id");
  CREATE INDEX "stock_holds_variant_idx" ON "stock_holds" USING btree ("variant_id");
  CREATE INDEX "stock_holds_coupon_idx" ON "stock_holds" USING btree ("coupon_id");
  CREATE INDEX "stock_holds_state_idx" ON "stock_holds" USING btree ("state");
  CREATE INDEX "stock_holds_updated_at_idx" ON "stock_holds" USING btree ("updated_at");
  CREATE INDEX "stock_holds_created_at_idx" ON "stock_holds" USING btree ("created_at");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_stock_holds_fk" FOREIGN KEY ("stock_holds_id") REFERENCES "public"."stock_holds"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_stock_holds_id_idx" ON "payload_locked_documents_rels" USING btree ("stock_holds_id");`)
  // Orders placed before the ledger hold or sold their stock without ledger rows: give them rows, so a
  // later cancel, refund or expiry puts their units back exactly as before (ADR 007).
  await db.execute(sql`INSERT INTO "stock_holds" ("ref", "product_id", "variant_id", "coupon_id", "count", "state", "created_at", "updated_at")
    SELECT 'order:' || o."id", l."product_id", l."variant_id", NULL, l."count", (CASE o."stock_state"::text WHEN 'held' THEN 'held' ELSE 'sold' END)::"enum_stock_holds_state", o."created_at", o."created_at"
    FROM "orders" o JOIN "orders_lines" l ON l."_parent_id" = o."id" WHERE o."stock_state"::text IN ('held', 'committed');`)
  await db.execute(sql`INSERT INTO "stock_holds" ("ref", "product_id", "variant_id", "coupon_id", "count", "state", "created_at", "updated_at")
    SELECT 'order:' || o."id", NULL, NULL, o."coupon_id", 1, (CASE o."stock_state"::text WHEN 'held' THEN 'held' ELSE 'sold' END)::"enum_stock_holds_state", o."created_at", o."created_at"
    FROM "orders" o WHERE o."stock_state"::text IN ('held', 'committed') AND o."stock_coupon_counted" = true AND o."coupon_id" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "stock_holds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "stock_holds" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_stock_holds_fk";
  
  ALTER TABLE "orders" ALTER COLUMN "stock_state" SET DATA TYPE text;
  ALTER TABLE "orders" ALTER COLUMN "stock_state" SET DEFAULT 'held'::text;
  DROP TYPE "public"."enum_orders_stock_state";
  CREATE TYPE "public"."enum_orders_stock_state" AS ENUM('held', 'committed', 'released');
  ALTER TABLE "orders" ALTER COLUMN "stock_state" SET DEFAULT 'held'::"public"."enum_orders_stock_state";
  ALTER TABLE "orders" ALTER COLUMN "stock_state" SET DATA TYPE "public"."enum_orders_stock_state" USING "stock_state"::"public"."enum_orders_stock_state";
  DROP INDEX "payload_locked_documents_rels_stock_holds_id_idx";
  ALTER TABLE "products" DROP COLUMN "max_per_order";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "stock_holds_id";
  ALTER TABLE "site_settings" DROP COLUMN "finance_application_hold_hours";
  DROP TYPE "public"."enum_stock_holds_state";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
