import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_kind" AS ENUM('card', 'finance');
  CREATE TYPE "public"."enum_orders_status" AS ENUM('awaiting_payment', 'paid', 'processing', 'ready_for_collection', 'dispatched', 'completed', 'cancelled', 'refunded');
  CREATE TYPE "public"."enum_orders_finance_status" AS ENUM('submitted', 'approved', 'declined', 'completed', 'cancelled');
  CREATE TYPE "public"."enum_orders_delivery_method" AS ENUM('free', 'flat_rate', 'dealer_delivery');
  CREATE TYPE "public"."enum_orders_stock_state" AS ENUM('held', 'committed', 'released');
  CREATE TYPE "public"."enum_coupons_discount_type" AS ENUM('percent', 'fixed_cart', 'fixed_product');
  CREATE TYPE "public"."enum_test_gateway_payments_status" AS ENUM('requires_payment_method', 'requires_action', 'succeeded', 'failed', 'cancelled');
  CREATE TYPE "public"."enum_lenders_products" AS ENUM('HP', 'PCP');
  CREATE TYPE "public"."enum_lenders_apr_bands_product" AS ENUM('HP', 'PCP');
  CREATE TYPE "public"."enum_lenders_apr_bands_condition" AS ENUM('any', 'new', 'used');
  CREATE TABLE "orders_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"product_id" integer NOT NULL,
  	"variant_id" integer,
  	"name" varchar NOT NULL,
  	"sku" varchar,
  	"unit_price_pence" numeric NOT NULL,
  	"count" numeric NOT NULL,
  	"vat_rate_percent" numeric NOT NULL,
  	"line_total_pence" numeric NOT NULL
  );
  
  CREATE TABLE "orders_finance_references" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"external_system_name" varchar,
  	"external_order_id" varchar,
  	"items" jsonb
  );
  
  CREATE TABLE "orders_history" (
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
  
  CREATE TABLE "orders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_number" varchar NOT NULL,
  	"kind" "enum_orders_kind" DEFAULT 'card' NOT NULL,
  	"status" "enum_orders_status" DEFAULT 'awaiting_payment' NOT NULL,
  	"finance_status" "enum_orders_finance_status",
  	"customer_id" integer,
  	"first_name" varchar NOT NULL,
  	"last_name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"phone" varchar NOT NULL,
  	"address_line1" varchar,
  	"address_line2" varchar,
  	"address_town" varchar,
  	"address_county" varchar,
  	"address_postcode" varchar,
  	"address_country" varchar DEFAULT 'GB',
  	"delivery_method" "enum_orders_delivery_method" DEFAULT 'free' NOT NULL,
  	"delivery_fee_pence" numeric DEFAULT 0,
  	"delivery_fee_to_be_quoted" boolean DEFAULT false,
  	"delivery_first_name" varchar,
  	"delivery_last_name" varchar,
  	"delivery_shipping_address_line1" varchar,
  	"delivery_shipping_address_line2" varchar,
  	"delivery_shipping_address_town" varchar,
  	"delivery_shipping_address_county" varchar,
  	"delivery_shipping_address_postcode" varchar,
  	"delivery_shipping_address_country" varchar DEFAULT 'GB',
  	"coupon_code" varchar,
  	"coupon_id" integer,
  	"subtotal_pence" numeric NOT NULL,
  	"discount_pence" numeric DEFAULT 0,
  	"vat_pence" numeric NOT NULL,
  	"total_pence" numeric NOT NULL,
  	"stock_state" "enum_orders_stock_state" DEFAULT 'held' NOT NULL,
  	"stock_hold_expires_at" timestamp(3) with time zone,
  	"stock_coupon_counted" boolean DEFAULT false,
  	"payment_provider" varchar,
  	"payment_reference" varchar,
  	"payment_paid_at" timestamp(3) with time zone,
  	"payment_refunded_pence" numeric DEFAULT 0,
  	"payment_failure_message" varchar,
  	"finance_quote_id" varchar,
  	"finance_lender_name" varchar,
  	"finance_funder_code" varchar,
  	"finance_facility_type" varchar,
  	"finance_figures" jsonb,
  	"checkout_key" varchar,
  	"access_token_hash" varchar,
  	"staff_notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "coupons" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"discount_type" "enum_coupons_discount_type" DEFAULT 'percent' NOT NULL,
  	"amount" numeric NOT NULL,
  	"valid_from" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone,
  	"usage_limit" numeric,
  	"used_count" numeric DEFAULT 0 NOT NULL,
  	"minimum_spend_pence" numeric,
  	"active" boolean DEFAULT true,
  	"description" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payment_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"event_id" varchar NOT NULL,
  	"provider" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"order_id" integer,
  	"outcome" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "test_gateway_payments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"session_id" varchar NOT NULL,
  	"order_reference" varchar NOT NULL,
  	"amount_pence" numeric NOT NULL,
  	"currency" varchar DEFAULT 'GBP' NOT NULL,
  	"refunded_pence" numeric DEFAULT 0 NOT NULL,
  	"status" "enum_test_gateway_payments_status" DEFAULT 'requires_payment_method' NOT NULL,
  	"card_brand" varchar,
  	"last4" varchar,
  	"description" varchar,
  	"success_url" varchar NOT NULL,
  	"failure_url" varchar NOT NULL,
  	"challenge_code_hash" varchar,
  	"webhook_attempts" numeric DEFAULT 0,
  	"webhook_delivered_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "lenders_products" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_lenders_products",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "lenders_apr_bands" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"product" "enum_lenders_apr_bands_product" NOT NULL,
  	"condition" "enum_lenders_apr_bands_condition" DEFAULT 'any' NOT NULL,
  	"apr_percent" numeric NOT NULL,
  	"min_age_years" numeric DEFAULT 0 NOT NULL,
  	"max_age_years" numeric DEFAULT 30 NOT NULL,
  	"min_term_months" numeric DEFAULT 12 NOT NULL,
  	"max_term_months" numeric DEFAULT 60 NOT NULL
  );
  
  CREATE TABLE "lenders_residual_values" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"max_age_years" numeric NOT NULL,
  	"max_term_months" numeric NOT NULL,
  	"max_annual_distance" numeric NOT NULL,
  	"percent_of_cash_price" numeric NOT NULL
  );
  
  CREATE TABLE "lenders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"funder_code" varchar NOT NULL,
  	"position" numeric DEFAULT 0,
  	"active" boolean DEFAULT true,
  	"min_term_months" numeric DEFAULT 12 NOT NULL,
  	"max_term_months" numeric DEFAULT 60 NOT NULL,
  	"min_deposit_percent" numeric DEFAULT 10 NOT NULL,
  	"max_age_at_end_of_term_years" numeric DEFAULT 10 NOT NULL,
  	"max_odometer_miles" numeric DEFAULT 60000 NOT NULL,
  	"min_advance_pence" numeric DEFAULT 100000 NOT NULL,
  	"max_advance_pence" numeric DEFAULT 5000000 NOT NULL,
  	"acceptance_fee_pence" numeric DEFAULT 0 NOT NULL,
  	"option_to_purchase_fee_pence" numeric DEFAULT 1000 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "finance_quotes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"quote_uid" varchar NOT NULL,
  	"product_id" integer NOT NULL,
  	"variant_id" integer,
  	"facility_type" varchar NOT NULL,
  	"product_name" varchar,
  	"funder_code" varchar,
  	"regular_payment_pence" numeric,
  	"accessories" jsonb,
  	"figures" jsonb NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "api_tokens" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"jti" varchar NOT NULL,
  	"user_id" integer NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "login_throttles" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"failures" numeric DEFAULT 0 NOT NULL,
  	"window_started_at" timestamp(3) with time zone NOT NULL,
  	"blocked_until" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "saved_basket" jsonb;
  ALTER TABLE "users" ADD COLUMN "password_argon2" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "orders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "coupons_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "payment_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "test_gateway_payments_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lenders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "finance_quotes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "api_tokens_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "login_throttles_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "delivery_flat_rate_pence" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "delivery_pickup_enabled" boolean DEFAULT true;
  ALTER TABLE "orders_lines" ADD CONSTRAINT "orders_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders_lines" ADD CONSTRAINT "orders_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders_lines" ADD CONSTRAINT "orders_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders_finance_references" ADD CONSTRAINT "orders_finance_references_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders_history" ADD CONSTRAINT "orders_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders_history" ADD CONSTRAINT "orders_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lenders_products" ADD CONSTRAINT "lenders_products_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lenders_apr_bands" ADD CONSTRAINT "lenders_apr_bands_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lenders_residual_values" ADD CONSTRAINT "lenders_residual_values_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "finance_quotes" ADD CONSTRAINT "finance_quotes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "finance_quotes" ADD CONSTRAINT "finance_quotes_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "orders_lines_order_idx" ON "orders_lines" USING btree ("_order");
  CREATE INDEX "orders_lines_parent_id_idx" ON "orders_lines" USING btree ("_parent_id");
  CREATE INDEX "orders_lines_product_idx" ON "orders_lines" USING btree ("product_id");
  CREATE INDEX "orders_lines_variant_idx" ON "orders_lines" USING btree ("variant_id");
  CREATE INDEX "orders_finance_references_order_idx" ON "orders_finance_references" USING btree ("_order");
  CREATE INDEX "orders_finance_references_parent_id_idx" ON "orders_finance_references" USING btree ("_parent_id");
  CREATE INDEX "orders_history_order_idx" ON "orders_history" USING btree ("_order");
  CREATE INDEX "orders_history_parent_id_idx" ON "orders_history" USING btree ("_parent_id");
  CREATE INDEX "orders_history_by_idx" ON "orders_history" USING btree ("by_id");
  CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");
  CREATE INDEX "orders_kind_idx" ON "orders" USING btree ("kind");
  CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");
  CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");
  CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");
  CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id");
  CREATE INDEX "orders_stock_stock_state_idx" ON "orders" USING btree ("stock_state");
  CREATE INDEX "orders_stock_stock_hold_expires_at_idx" ON "orders" USING btree ("stock_hold_expires_at");
  CREATE INDEX "orders_payment_payment_reference_idx" ON "orders" USING btree ("payment_reference");
  CREATE UNIQUE INDEX "orders_checkout_key_idx" ON "orders" USING btree ("checkout_key");
  CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");
  CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");
  CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");
  CREATE INDEX "coupons_updated_at_idx" ON "coupons" USING btree ("updated_at");
  CREATE INDEX "coupons_created_at_idx" ON "coupons" USING btree ("created_at");
  CREATE UNIQUE INDEX "payment_events_event_id_idx" ON "payment_events" USING btree ("event_id");
  CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");
  CREATE INDEX "payment_events_updated_at_idx" ON "payment_events" USING btree ("updated_at");
  CREATE INDEX "payment_events_created_at_idx" ON "payment_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "test_gateway_payments_session_id_idx" ON "test_gateway_payments" USING btree ("session_id");
  CREATE INDEX "test_gateway_payments_order_reference_idx" ON "test_gateway_payments" USING btree ("order_reference");
  CREATE INDEX "test_gateway_payments_updated_at_idx" ON "test_gateway_payments" USING btree ("updated_at");
  CREATE INDEX "test_gateway_payments_created_at_idx" ON "test_gateway_payments" USING btree ("created_at");
  CREATE INDEX "lenders_products_order_idx" ON "lenders_products" USING btree ("order");
  CREATE INDEX "lenders_products_parent_idx" ON "lenders_products" USING btree ("parent_id");
  CREATE INDEX "lenders_apr_bands_order_idx" ON "lenders_apr_bands" USING btree ("_order");
  CREATE INDEX "lenders_apr_bands_parent_id_idx" ON "lenders_apr_bands" USING btree ("_parent_id");
  CREATE INDEX "lenders_residual_values_order_idx" ON "lenders_residual_values" USING btree ("_order");
  CREATE INDEX "lenders_residual_values_parent_id_idx" ON "lenders_residual_values" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "lenders_funder_code_idx" ON "lenders" USING btree ("funder_code");
  CREATE INDEX "lenders_updated_at_idx" ON "lenders" USING btree ("updated_at");
  CREATE INDEX "lenders_created_at_idx" ON "lenders" USING btree ("created_at");
  CREATE UNIQUE INDEX "finance_quotes_quote_uid_idx" ON "finance_quotes" USING btree ("quote_uid");
  CREATE INDEX "finance_quotes_product_idx" ON "finance_quotes" USING btree ("product_id");
  CREATE INDEX "finance_quotes_variant_idx" ON "finance_quotes" USING btree ("variant_id");
  CREATE INDEX "finance_quotes_expires_at_idx" ON "finance_quotes" USING btree ("expires_at");
  CREATE INDEX "finance_quotes_updated_at_idx" ON "finance_quotes" USING btree ("updated_at");
  CREATE INDEX "finance_quotes_created_at_idx" ON "finance_quotes" USING btree ("created_at");
  CREATE UNIQUE INDEX "api_tokens_jti_idx" ON "api_tokens" USING btree ("jti");
  CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");
  CREATE INDEX "api_tokens_expires_at_idx" ON "api_tokens" USING btree ("expires_at");
  CREATE INDEX "api_tokens_updated_at_idx" ON "api_tokens" USING btree ("updated_at");
  CREATE INDEX "api_tokens_created_at_idx" ON "api_tokens" USING btree ("created_at");
  CREATE UNIQUE INDEX "login_throttles_key_idx" ON "login_throttles" USING btree ("key");
  CREATE INDEX "login_throttles_blocked_until_idx" ON "login_throttles" USING btree ("blocked_until");
  CREATE INDEX "login_throttles_updated_at_idx" ON "login_throttles" USING btree ("updated_at");
  CREATE INDEX "login_throttles_created_at_idx" ON "login_throttles" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_orders_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_coupons_fk" FOREIGN KEY ("coupons_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payment_events_fk" FOREIGN KEY ("payment_events_id") REFERENCES "public"."payment_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_test_gateway_payments_fk" FOREIGN KEY ("test_gateway_payments_id") REFERENCES "public"."test_gateway_payments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lenders_fk" FOREIGN KEY ("lenders_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_finance_quotes_fk" FOREIGN KEY ("finance_quotes_id") REFERENCES "public"."finance_quotes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_api_tokens_fk" FOREIGN KEY ("api_tokens_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_login_throttles_fk" FOREIGN KEY ("login_throttles_id") REFERENCES "public"."login_throttles"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_orders_id_idx" ON "payload_locked_documents_rels" USING btree ("orders_id");
  CREATE INDEX "payload_locked_documents_rels_coupons_id_idx" ON "payload_locked_documents_rels" USING btree ("coupons_id");
  CREATE INDEX "payload_locked_documents_rels_payment_events_id_idx" ON "payload_locked_documents_rels" USING btree ("payment_events_id");
  CREATE INDEX "payload_locked_documents_rels_test_gateway_payments_id_idx" ON "payload_locked_documents_rels" USING btree ("test_gateway_payments_id");
  CREATE INDEX "payload_locked_documents_rels_lenders_id_idx" ON "payload_locked_documents_rels" USING btree ("lenders_id");
  CREATE INDEX "payload_locked_documents_rels_finance_quotes_id_idx" ON "payload_locked_documents_rels" USING btree ("finance_quotes_id");
  CREATE INDEX "payload_locked_documents_rels_api_tokens_id_idx" ON "payload_locked_documents_rels" USING btree ("api_tokens_id");
  CREATE INDEX "payload_locked_documents_rels_login_throttles_id_idx" ON "payload_locked_documents_rels" USING btree ("login_throttles_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders_finance_references" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders_history" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "coupons" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payment_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "test_gateway_payments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lenders_products" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lenders_apr_bands" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lenders_residual_values" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lenders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "finance_quotes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "api_tokens" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "login_throttles" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "orders_lines" CASCADE;
  DROP TABLE "orders_finance_references" CASCADE;
  DROP TABLE "orders_history" CASCADE;
  DROP TABLE "orders" CASCADE;
  DROP TABLE "coupons" CASCADE;
  DROP TABLE "payment_events" CASCADE;
  DROP TABLE "test_gateway_payments" CASCADE;
  DROP TABLE "lenders_products" CASCADE;
  DROP TABLE "lenders_apr_bands" CASCADE;
  DROP TABLE "lenders_residual_values" CASCADE;
  DROP TABLE "lenders" CASCADE;
  DROP TABLE "finance_quotes" CASCADE;
  DROP TABLE "api_tokens" CASCADE;
  DROP TABLE "login_throttles" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_orders_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_coupons_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_payment_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_test_gateway_payments_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lenders_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_finance_quotes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_api_tokens_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_login_throttles_fk";
  
  DROP INDEX "payload_locked_documents_rels_orders_id_idx";
  DROP INDEX "payload_locked_documents_rels_coupons_id_idx";
  DROP INDEX "payload_locked_documents_rels_payment_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_test_gateway_payments_id_idx";
  DROP INDEX "payload_locked_documents_rels_lenders_id_idx";
  DROP INDEX "payload_locked_documents_rels_finance_quotes_id_idx";
  DROP INDEX "payload_locked_documents_rels_api_tokens_id_idx";
  DROP INDEX "payload_locked_documents_rels_login_throttles_id_idx";
  ALTER TABLE "users" DROP COLUMN "saved_basket";
  ALTER TABLE "users" DROP COLUMN "password_argon2";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "orders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "coupons_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "payment_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "test_gateway_payments_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lenders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "finance_quotes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "api_tokens_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "login_throttles_id";
  ALTER TABLE "site_settings" DROP COLUMN "delivery_flat_rate_pence";
  ALTER TABLE "site_settings" DROP COLUMN "delivery_pickup_enabled";
  DROP TYPE "public"."enum_orders_kind";
  DROP TYPE "public"."enum_orders_status";
  DROP TYPE "public"."enum_orders_finance_status";
  DROP TYPE "public"."enum_orders_delivery_method";
  DROP TYPE "public"."enum_orders_stock_state";
  DROP TYPE "public"."enum_coupons_discount_type";
  DROP TYPE "public"."enum_test_gateway_payments_status";
  DROP TYPE "public"."enum_lenders_products";
  DROP TYPE "public"."enum_lenders_apr_bands_product";
  DROP TYPE "public"."enum_lenders_apr_bands_condition";`)
}
