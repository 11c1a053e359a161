import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Deals: one per customer and bike (features/deals), with their history; the deal email job joins the jobs' enums.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_deals_status" AS ENUM('new', 'contacted', 'test_ride', 'finance_submitted', 'approved', 'ready_for_handover', 'handed_over', 'lost');
  CREATE TYPE "public"."enum_deals_handover" AS ENUM('collection', 'delivery');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendDealEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendDealEmail';
  CREATE TABLE "deals_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"by_id" integer,
  	"actor" varchar,
  	"from" varchar,
  	"to" varchar,
  	"note" varchar
  );
  CREATE TABLE "deals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"status" "enum_deals_status" DEFAULT 'new' NOT NULL,
  	"lost_reason" varchar,
  	"owner_id" integer,
  	"next_action" varchar,
  	"next_action_due" timestamp(3) with time zone,
  	"notes" varchar,
  	"first_name" varchar NOT NULL,
  	"last_name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"phone" varchar,
  	"customer_id" integer,
  	"product_id" integer NOT NULL,
  	"variant_id" integer,
  	"product_name" varchar,
  	"valuation_id" integer,
  	"handover" "enum_deals_handover",
  	"enquiry_message" varchar,
  	"enquiry_asked_at" timestamp(3) with time zone,
  	"contact_consent" boolean DEFAULT false,
  	"contact_consent_at" timestamp(3) with time zone,
  	"contact_reminder_sent_at" timestamp(3) with time zone,
  	"contact_unsubscribed_at" timestamp(3) with time zone,
  	"source" varchar,
  	"last_activity_at" timestamp(3) with time zone,
  	"quote_send" boolean DEFAULT false,
  	"quote_sent_at" timestamp(3) with time zone,
  	"deal_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE TABLE "deals_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"products_id" integer
  );
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "deals_id" integer;
  ALTER TABLE "deals_history" ADD CONSTRAINT "deals_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals_history" ADD CONSTRAINT "deals_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals" ADD CONSTRAINT "deals_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals" ADD CONSTRAINT "deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals" ADD CONSTRAINT "deals_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals" ADD CONSTRAINT "deals_valuation_id_part_exchange_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."part_exchange_valuations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deals_rels" ADD CONSTRAINT "deals_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "deals_rels" ADD CONSTRAINT "deals_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "deals_history_order_idx" ON "deals_history" USING btree ("_order");
  CREATE INDEX "deals_history_parent_id_idx" ON "deals_history" USING btree ("_parent_id");
  CREATE INDEX "deals_history_by_idx" ON "deals_history" USING btree ("by_id");
  CREATE INDEX "deals_status_idx" ON "deals" USING btree ("status");
  CREATE INDEX "deals_owner_idx" ON "deals" USING btree ("owner_id");
  CREATE INDEX "deals_next_action_due_idx" ON "deals" USING btree ("next_action_due");
  CREATE INDEX "deals_email_idx" ON "deals" USING btree ("email");
  CREATE INDEX "deals_customer_idx" ON "deals" USING btree ("customer_id");
  CREATE INDEX "deals_product_idx" ON "deals" USING btree ("product_id");
  CREATE INDEX "deals_variant_idx" ON "deals" USING btree ("variant_id");
  CREATE INDEX "deals_valuation_idx" ON "deals" USING btree ("valuation_id");
  CREATE INDEX "deals_last_activity_at_idx" ON "deals" USING btree ("last_activity_at");
  CREATE UNIQUE INDEX "deals_deal_key_idx" ON "deals" USING btree ("deal_key");
  CREATE INDEX "deals_updated_at_idx" ON "deals" USING btree ("updated_at");
  CREATE INDEX "deals_created_at_idx" ON "deals" USING btree ("created_at");
  CREATE INDEX "deals_rels_order_idx" ON "deals_rels" USING btree ("order");
  CREATE INDEX "deals_rels_parent_idx" ON "deals_rels" USING btree ("parent_id");
  CREATE INDEX "deals_rels_path_idx" ON "deals_rels" USING btree ("path");
  CREATE INDEX "deals_rels_products_id_idx" ON "deals_rels" USING btree ("products_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_deals_fk" FOREIGN KEY ("deals_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_deals_id_idx" ON "payload_locked_documents_rels" USING btree ("deals_id");`)
}

// PostgreSQL cannot drop an enum value; the jobs that used it go, and the unused value stays harmless.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendDealEmail';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendDealEmail';
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_deals_fk";
  DROP INDEX IF EXISTS "payload_locked_documents_rels_deals_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN IF EXISTS "deals_id";
  DROP TABLE IF EXISTS "deals_rels" CASCADE;
  DROP TABLE IF EXISTS "deals_history" CASCADE;
  DROP TABLE IF EXISTS "deals" CASCADE;
  DROP TYPE IF EXISTS "public"."enum_deals_status";
  DROP TYPE IF EXISTS "public"."enum_deals_handover";`)
}
