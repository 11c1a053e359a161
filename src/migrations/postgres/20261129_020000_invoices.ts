import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Invoices and credit notes (ADR 049): the same change as the SQLite migration of this name, and the task that
// issues an invoice (PostgreSQL keeps the jobs queue's task names as enums).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'issueInvoice';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'issueInvoice';
  CREATE TABLE "document_sequences" ("name" varchar PRIMARY KEY NOT NULL, "last_number" integer DEFAULT 0 NOT NULL);
  INSERT INTO "document_sequences" ("name", "last_number") VALUES ('invoice', 0), ('credit-note', 0);
  CREATE TABLE "invoices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"number" varchar NOT NULL,
  	"kind" varchar NOT NULL,
  	"order_id" integer NOT NULL,
  	"invoice_id" integer,
  	"refund_key" varchar,
  	"issued_at" timestamp(3) with time zone NOT NULL,
  	"total_pence" numeric NOT NULL,
  	"vat_pence" numeric NOT NULL,
  	"document" jsonb NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
  CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");
  CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");
  CREATE INDEX "invoices_invoice_idx" ON "invoices" USING btree ("invoice_id");
  CREATE UNIQUE INDEX "invoices_refund_key_idx" ON "invoices" USING btree ("refund_key");
  CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "kind" = 'invoice';
  CREATE INDEX "invoices_updated_at_idx" ON "invoices" USING btree ("updated_at");
  CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "invoices_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_invoices_fk" FOREIGN KEY ("invoices_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_invoices_id_idx" ON "payload_locked_documents_rels" USING btree ("invoices_id");
  ALTER TABLE "orders" ADD COLUMN "vat_lines" jsonb;
  ALTER TABLE "site_settings" ADD COLUMN "vat_number" varchar;
  ALTER TABLE "products" ADD COLUMN "purchase_price_pence" numeric;
  ALTER TABLE "products" ADD COLUMN "purchase_date" timestamp(3) with time zone;
  ALTER TABLE "products" ADD COLUMN "purchase_seller" varchar;`)
}

// The issueInvoice task name stays in the enums: PostgreSQL cannot drop one value (see the feeds job's down for how).
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs" WHERE "task_slug" = 'issueInvoice';
  ALTER TABLE "products" DROP COLUMN "purchase_seller";
  ALTER TABLE "products" DROP COLUMN "purchase_date";
  ALTER TABLE "products" DROP COLUMN "purchase_price_pence";
  ALTER TABLE "site_settings" DROP COLUMN "vat_number";
  ALTER TABLE "orders" DROP COLUMN "vat_lines";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_invoices_fk";
  DROP INDEX "payload_locked_documents_rels_invoices_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "invoices_id";
  DROP TABLE "invoices" CASCADE;
  DROP TABLE "document_sequences";`)
}
