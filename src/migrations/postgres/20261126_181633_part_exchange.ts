import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_part_exchange_valuations_condition" AS ENUM('excellent', 'good', 'fair', 'poor');
  CREATE TABLE "part_exchange_valuations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"valuation_uid" varchar NOT NULL,
  	"vrm" varchar NOT NULL,
  	"make" varchar NOT NULL,
  	"year" numeric NOT NULL,
  	"mileage" numeric NOT NULL,
  	"condition" "enum_part_exchange_valuations_condition" NOT NULL,
  	"source" varchar,
  	"low_pence" numeric NOT NULL,
  	"high_pence" numeric NOT NULL,
  	"value_pence" numeric NOT NULL,
  	"outstanding_finance_pence" numeric DEFAULT 0 NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"order_id" integer,
  	"reservation_id" integer,
  	"inspection_confirmed_value_pence" numeric,
  	"inspection_notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "finance_quotes" ADD COLUMN "valuation_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "part_exchange_valuations_id" integer;
  ALTER TABLE "part_exchange_valuations" ADD CONSTRAINT "part_exchange_valuations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "part_exchange_valuations" ADD CONSTRAINT "part_exchange_valuations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "part_exchange_valuations_valuation_uid_idx" ON "part_exchange_valuations" USING btree ("valuation_uid");
  CREATE INDEX "part_exchange_valuations_vrm_idx" ON "part_exchange_valuations" USING btree ("vrm");
  CREATE INDEX "part_exchange_valuations_order_idx" ON "part_exchange_valuations" USING btree ("order_id");
  CREATE INDEX "part_exchange_valuations_reservation_idx" ON "part_exchange_valuations" USING btree ("reservation_id");
  CREATE INDEX "part_exchange_valuations_updated_at_idx" ON "part_exchange_valuations" USING btree ("updated_at");
  CREATE INDEX "part_exchange_valuations_created_at_idx" ON "part_exchange_valuations" USING btree ("created_at");
  ALTER TABLE "finance_quotes" ADD CONSTRAINT "finance_quotes_valuation_id_part_exchange_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."part_exchange_valuations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_part_exchange_valuations_fk" FOREIGN KEY ("part_exchange_valuations_id") REFERENCES "public"."part_exchange_valuations"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "finance_quotes_valuation_idx" ON "finance_quotes" USING btree ("valuation_id");
  CREATE INDEX "payload_locked_documents_rels_part_exchange_valuations_i_idx" ON "payload_locked_documents_rels" USING btree ("part_exchange_valuations_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "part_exchange_valuations" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "part_exchange_valuations" CASCADE;
  ALTER TABLE "finance_quotes" DROP CONSTRAINT "finance_quotes_valuation_id_part_exchange_valuations_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_part_exchange_valuations_fk";
  
  DROP INDEX "finance_quotes_valuation_idx";
  DROP INDEX "payload_locked_documents_rels_part_exchange_valuations_i_idx";
  ALTER TABLE "finance_quotes" DROP COLUMN "valuation_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "part_exchange_valuations_id";
  DROP TYPE "public"."enum_part_exchange_valuations_condition";`)
}
