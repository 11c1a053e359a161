import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_reservations_status" AS ENUM('awaiting_payment', 'active', 'converted', 'cancelled', 'expired', 'released');
  CREATE TYPE "public"."enum_reservations_stock_state" AS ENUM('pending', 'held', 'committed', 'released');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendReservationEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendReservationEmail';
  CREATE TABLE "reservations_history" (
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
  
  CREATE TABLE "reservations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"reservation_number" varchar NOT NULL,
  	"status" "enum_reservations_status" DEFAULT 'awaiting_payment' NOT NULL,
  	"release_reason" varchar,
  	"customer_id" integer,
  	"converted_order_id" integer,
  	"product_id" integer NOT NULL,
  	"variant_id" integer,
  	"product_name" varchar NOT NULL,
  	"price_pence" numeric NOT NULL,
  	"deposit_pence" numeric NOT NULL,
  	"first_name" varchar NOT NULL,
  	"last_name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"phone" varchar NOT NULL,
  	"stock_state" "enum_reservations_stock_state" DEFAULT 'held' NOT NULL,
  	"stock_hold_expires_at" timestamp(3) with time zone,
  	"payment_provider" varchar,
  	"payment_reference" varchar,
  	"payment_paid_at" timestamp(3) with time zone,
  	"payment_refunded_pence" numeric DEFAULT 0,
  	"payment_refund_id" varchar,
  	"payment_refund_error" varchar,
  	"payment_failure_message" varchar,
  	"reservation_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "products" ADD COLUMN "reservation_deposit_pence" numeric;
  ALTER TABLE "orders" ADD COLUMN "reservation_id" integer;
  ALTER TABLE "orders" ADD COLUMN "reservation_deposit_pence" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "reservations_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "reservations_enabled" boolean DEFAULT true;
  ALTER TABLE "site_settings" ADD COLUMN "reservations_deposit_pence" numeric DEFAULT 9900 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "reservations_hold_hours" numeric DEFAULT 72 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "reservations_what_to_bring" varchar DEFAULT 'Your driving licence (photocard), proof of address dated within 3 months, and your reservation number. If you ride it away: your helmet, gloves and proof of insurance.';
  ALTER TABLE "reservations_history" ADD CONSTRAINT "reservations_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations_history" ADD CONSTRAINT "reservations_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_converted_order_id_orders_id_fk" FOREIGN KEY ("converted_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reservations" ADD CONSTRAINT "reservations_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "reservations_history_order_idx" ON "reservations_history" USING btree ("_order");
  CREATE INDEX "reservations_history_parent_id_idx" ON "reservations_history" USING btree ("_parent_id");
  CREATE INDEX "reservations_history_by_idx" ON "reservations_history" USING btree ("by_id");
  CREATE UNIQUE INDEX "reservations_reservation_number_idx" ON "reservations" USING btree ("reservation_number");
  CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status");
  CREATE INDEX "reservations_customer_idx" ON "reservations" USING btree ("customer_id");
  CREATE INDEX "reservations_converted_order_idx" ON "reservations" USING btree ("converted_order_id");
  CREATE INDEX "reservations_product_idx" ON "reservations" USING btree ("product_id");
  CREATE INDEX "reservations_variant_idx" ON "reservations" USING btree ("variant_id");
  CREATE INDEX "reservations_email_idx" ON "reservations" USING btree ("email");
  CREATE INDEX "reservations_stock_stock_state_idx" ON "reservations" USING btree ("stock_state");
  CREATE INDEX "reservations_stock_stock_hold_expires_at_idx" ON "reservations" USING btree ("stock_hold_expires_at");
  CREATE INDEX "reservations_payment_payment_reference_idx" ON "reservations" USING btree ("payment_reference");
  CREATE UNIQUE INDEX "reservations_reservation_key_idx" ON "reservations" USING btree ("reservation_key");
  CREATE INDEX "reservations_updated_at_idx" ON "reservations" USING btree ("updated_at");
  CREATE INDEX "reservations_created_at_idx" ON "reservations" USING btree ("created_at");
  ALTER TABLE "orders" ADD CONSTRAINT "orders_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reservations_fk" FOREIGN KEY ("reservations_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "orders_reservation_idx" ON "orders" USING btree ("reservation_id");
  CREATE INDEX "payload_locked_documents_rels_reservations_id_idx" ON "payload_locked_documents_rels" USING btree ("reservations_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "reservations_history" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "reservations" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "reservations_history" CASCADE;
  DROP TABLE "reservations" CASCADE;
  ALTER TABLE "orders" DROP CONSTRAINT "orders_reservation_id_reservations_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reservations_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverGatewayWebhook', 'sendOrderConfirmation');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "orders_reservation_idx";
  DROP INDEX "payload_locked_documents_rels_reservations_id_idx";
  ALTER TABLE "products" DROP COLUMN "reservation_deposit_pence";
  ALTER TABLE "orders" DROP COLUMN "reservation_id";
  ALTER TABLE "orders" DROP COLUMN "reservation_deposit_pence";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "reservations_id";
  ALTER TABLE "site_settings" DROP COLUMN "reservations_enabled";
  ALTER TABLE "site_settings" DROP COLUMN "reservations_deposit_pence";
  ALTER TABLE "site_settings" DROP COLUMN "reservations_hold_hours";
  ALTER TABLE "site_settings" DROP COLUMN "reservations_what_to_bring";
  DROP TYPE "public"."enum_reservations_status";
  DROP TYPE "public"."enum_reservations_stock_state";`)
}
