import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Returns and refunds (ADR 046): the same change as the SQLite migration of this name, with the select fields'
// enums and the jobs queue's two new task names (IF NOT EXISTS: another change may add task names too).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendRefund';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendRefund';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'sendReturnEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'sendReturnEmail';`)
  await db.execute(sql`
   CREATE TYPE "public"."enum_returns_ground" AS ENUM('cancellation', 'fault', 'exchange');
  CREATE TYPE "public"."enum_returns_state" AS ENUM('requested', 'received', 'refunded', 'rejected');
  CREATE TYPE "public"."enum_refunds_state" AS ENUM('pending', 'succeeded', 'failed');
  CREATE TABLE "returns" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"return_number" varchar NOT NULL,
  	"order_id" integer NOT NULL,
  	"customer_id" integer,
  	"email" varchar NOT NULL,
  	"ground" "enum_returns_ground" DEFAULT 'cancellation' NOT NULL,
  	"state" "enum_returns_state" DEFAULT 'requested' NOT NULL,
  	"reason" varchar,
  	"return_method" varchar,
  	"lines" jsonb NOT NULL,
  	"whole_order" boolean DEFAULT false,
  	"goods_delivered" boolean DEFAULT false,
  	"delivered_on" varchar,
  	"requested_on" varchar NOT NULL,
  	"received_on" varchar,
  	"proof_of_return_on" varchar,
  	"refund_due_on" varchar,
  	"fault_remedy" varchar,
  	"deduction_pence" numeric DEFAULT 0,
  	"deduction_reason" varchar,
  	"refund_pence" numeric,
  	"change_token" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE TABLE "returns_history" (
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
  CREATE TABLE "refunds" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_id" integer NOT NULL,
  	"return_id" integer,
  	"lines" jsonb,
  	"amount_pence" numeric NOT NULL,
  	"idempotency_key" varchar NOT NULL,
  	"state" "enum_refunds_state" DEFAULT 'pending' NOT NULL,
  	"provider" varchar,
  	"provider_refund_id" varchar,
  	"failure" varchar,
  	"record_token" varchar,
  	"refunded_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "returns" ADD CONSTRAINT "returns_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "returns_history" ADD CONSTRAINT "returns_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "returns_history" ADD CONSTRAINT "returns_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "returns_return_number_idx" ON "returns" USING btree ("return_number");
  CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");
  CREATE INDEX "returns_customer_idx" ON "returns" USING btree ("customer_id");
  CREATE INDEX "returns_state_idx" ON "returns" USING btree ("state");
  CREATE INDEX "returns_updated_at_idx" ON "returns" USING btree ("updated_at");
  CREATE INDEX "returns_created_at_idx" ON "returns" USING btree ("created_at");
  CREATE INDEX "returns_history_order_idx" ON "returns_history" USING btree ("_order");
  CREATE INDEX "returns_history_parent_id_idx" ON "returns_history" USING btree ("_parent_id");
  CREATE INDEX "returns_history_by_idx" ON "returns_history" USING btree ("by_id");
  CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");
  CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");
  CREATE INDEX "refunds_return_idx" ON "refunds" USING btree ("return_id");
  CREATE INDEX "refunds_updated_at_idx" ON "refunds" USING btree ("updated_at");
  CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "returns_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "refunds_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_returns_fk" FOREIGN KEY ("returns_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_refunds_fk" FOREIGN KEY ("refunds_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_returns_id_idx" ON "payload_locked_documents_rels" USING btree ("returns_id");
  CREATE INDEX "payload_locked_documents_rels_refunds_id_idx" ON "payload_locked_documents_rels" USING btree ("refunds_id");
  ALTER TABLE "test_gateway_payments" ADD COLUMN "refund_keys" varchar;`)
}

// The task names stay in the jobs enums (PostgreSQL cannot drop one value simply); their jobs go.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs" WHERE "task_slug" IN ('sendRefund', 'sendReturnEmail');
  ALTER TABLE "test_gateway_payments" DROP COLUMN "refund_keys";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_returns_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_refunds_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "returns_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "refunds_id";
  DROP TABLE "refunds" CASCADE;
  DROP TABLE "returns_history" CASCADE;
  DROP TABLE "returns" CASCADE;
  DROP TYPE "public"."enum_refunds_state";
  DROP TYPE "public"."enum_returns_state";
  DROP TYPE "public"."enum_returns_ground";`)
}
