import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`orders_lines\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`product_id\` integer NOT NULL,
  	\`variant_id\` integer,
  	\`name\` text NOT NULL,
  	\`sku\` text,
  	\`unit_price_pence\` numeric NOT NULL,
  	\`count\` numeric NOT NULL,
  	\`vat_rate_percent\` numeric NOT NULL,
  	\`line_total_pence\` numeric NOT NULL,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`variant_id\`) REFERENCES \`variants\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`orders_lines_order_idx\` ON \`orders_lines\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`orders_lines_parent_id_idx\` ON \`orders_lines\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_lines_product_idx\` ON \`orders_lines\` (\`product_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_lines_variant_idx\` ON \`orders_lines\` (\`variant_id\`);`)
  await db.run(sql`CREATE TABLE \`orders_finance_references\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`external_system_name\` text,
  	\`external_order_id\` text,
  	\`items\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`orders_finance_references_order_idx\` ON \`orders_finance_references\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`orders_finance_references_parent_id_idx\` ON \`orders_finance_references\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`orders_history\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`at\` text NOT NULL,
  	\`by_id\` integer,
  	\`actor\` text,
  	\`from\` text,
  	\`to\` text,
  	\`note\` text,
  	FOREIGN KEY (\`by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`orders_history_order_idx\` ON \`orders_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`orders_history_parent_id_idx\` ON \`orders_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_history_by_idx\` ON \`orders_history\` (\`by_id\`);`)
  await db.run(sql`CREATE TABLE \`orders\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order_number\` text NOT NULL,
  	\`kind\` text DEFAULT 'card' NOT NULL,
  	\`status\` text DEFAULT 'awaiting_payment' NOT NULL,
  	\`finance_status\` text,
  	\`customer_id\` integer,
  	\`first_name\` text NOT NULL,
  	\`last_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text NOT NULL,
  	\`address_line1\` text,
  	\`address_line2\` text,
  	\`address_town\` text,
  	\`address_county\` text,
  	\`address_postcode\` text,
  	\`address_country\` text DEFAULT 'GB',
  	\`delivery_method\` text DEFAULT 'free' NOT NULL,
  	\`delivery_fee_pence\` numeric DEFAULT 0,
  	\`delivery_fee_to_be_quoted\` integer DEFAULT false,
  	\`delivery_first_name\` text,
  	\`delivery_last_name\` text,
  	\`delivery_shipping_address_line1\` text,
  	\`delivery_shipping_address_line2\` text,
  	\`delivery_shipping_address_town\` text,
  	\`delivery_shipping_address_county\` text,
  	\`delivery_shipping_address_postcode\` text,
  	\`delivery_shipping_address_country\` text DEFAULT 'GB',
  	\`coupon_code\` text,
  	\`coupon_id\` integer,
  	\`subtotal_pence\` numeric NOT NULL,
  	\`discount_pence\` numeric DEFAULT 0,
  	\`vat_pence\` numeric NOT NULL,
  	\`total_pence\` numeric NOT NULL,
  	\`stock_state\` text DEFAULT 'held' NOT NULL,
  	\`stock_hold_expires_at\` text,
  	\`stock_coupon_counted\` integer DEFAULT false,
  	\`payment_provider\` text,
  	\`payment_reference\` text,
  	\`payment_paid_at\` text,
  	\`payment_refunded_pence\` numeric DEFAULT 0,
  	\`payment_failure_message\` text,
  	\`finance_quote_id\` text,
  	\`finance_lender_name\` text,
  	\`finance_funder_code\` text,
  	\`finance_facility_type\` text,
  	\`finance_figures\` text,
  	\`checkout_key\` text,
  	\`access_token_hash\` text,
  	\`staff_notes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`coupon_id\`) REFERENCES \`coupons\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_order_number_idx\` ON \`orders\` (\`order_number\`);`)
  await db.run(sql`CREATE INDEX \`orders_kind_idx\` ON \`orders\` (\`kind\`);`)
  await db.run(sql`CREATE INDEX \`orders_status_idx\` ON \`orders\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`orders_customer_idx\` ON \`orders\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_email_idx\` ON \`orders\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`orders_coupon_idx\` ON \`orders\` (\`coupon_id\`);`)
  await db.run(sql`CREATE INDEX \`orders_stock_stock_state_idx\` ON \`orders\` (\`stock_state\`);`)
  await db.run(sql`CREATE INDEX \`orders_stock_stock_hold_expires_at_idx\` ON \`orders\` (\`stock_hold_expires_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_payment_payment_reference_idx\` ON \`orders\` (\`payment_reference\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`orders_checkout_key_idx\` ON \`orders\` (\`checkout_key\`);`)
  await db.run(sql`CREATE INDEX \`orders_updated_at_idx\` ON \`orders\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`orders_created_at_idx\` ON \`orders\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`coupons\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`code\` text NOT NULL,
  	\`discount_type\` text DEFAULT 'percent' NOT NULL,
  	\`amount\` numeric NOT NULL,
  	\`valid_from\` text,
  	\`expires_at\` text,
  	\`usage_limit\` numeric,
  	\`used_count\` numeric DEFAULT 0 NOT NULL,
  	\`minimum_spend_pence\` numeric,
  	\`active\` integer DEFAULT true,
  	\`description\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`coupons_code_idx\` ON \`coupons\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`coupons_updated_at_idx\` ON \`coupons\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`coupons_created_at_idx\` ON \`coupons\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payment_events\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`event_id\` text NOT NULL,
  	\`provider\` text NOT NULL,
  	\`type\` text NOT NULL,
  	\`order_id\` integer,
  	\`outcome\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`payment_events_event_id_idx\` ON \`payment_events\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_order_idx\` ON \`payment_events\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_updated_at_idx\` ON \`payment_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payment_events_created_at_idx\` ON \`payment_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`test_gateway_payments\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`session_id\` text NOT NULL,
  	\`order_reference\` text NOT NULL,
  	\`amount_pence\` numeric NOT NULL,
  	\`currency\` text DEFAULT 'GBP' NOT NULL,
  	\`refunded_pence\` numeric DEFAULT 0 NOT NULL,
  	\`status\` text DEFAULT 'requires_payment_method' NOT NULL,
  	\`card_brand\` text,
  	\`last4\` text,
  	\`description\` text,
  	\`success_url\` text NOT NULL,
  	\`failure_url\` text NOT NULL,
  	\`challenge_code_hash\` text,
  	\`webhook_attempts\` numeric DEFAULT 0,
  	\`webhook_delivered_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`test_gateway_payments_session_id_idx\` ON \`test_gateway_payments\` (\`session_id\`);`)
  await db.run(sql`CREATE INDEX \`test_gateway_payments_order_reference_idx\` ON \`test_gateway_payments\` (\`order_reference\`);`)
  await db.run(sql`CREATE INDEX \`test_gateway_payments_updated_at_idx\` ON \`test_gateway_payments\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`test_gateway_payments_created_at_idx\` ON \`test_gateway_payments\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`lenders_products\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`lenders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`lenders_products_order_idx\` ON \`lenders_products\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`lenders_products_parent_idx\` ON \`lenders_products\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`lenders_apr_bands\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`product\` text NOT NULL,
  	\`condition\` text DEFAULT 'any' NOT NULL,
  	\`apr_percent\` numeric NOT NULL,
  	\`min_age_years\` numeric DEFAULT 0 NOT NULL,
  	\`max_age_years\` numeric DEFAULT 30 NOT NULL,
  	\`min_term_months\` numeric DEFAULT 12 NOT NULL,
  	\`max_term_months\` numeric DEFAULT 60 NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`lenders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`lenders_apr_bands_order_idx\` ON \`lenders_apr_bands\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`lenders_apr_bands_parent_id_idx\` ON \`lenders_apr_bands\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`lenders_residual_values\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`max_age_years\` numeric NOT NULL,
  	\`max_term_months\` numeric NOT NULL,
  	\`max_annual_distance\` numeric NOT NULL,
  	\`percent_of_cash_price\` numeric NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`lenders\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`lenders_residual_values_order_idx\` ON \`lenders_residual_values\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`lenders_residual_values_parent_id_idx\` ON \`lenders_residual_values\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`lenders\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`funder_code\` text NOT NULL,
  	\`position\` numeric DEFAULT 0,
  	\`active\` integer DEFAULT true,
  	\`min_term_months\` numeric DEFAULT 12 NOT NULL,
  	\`max_term_months\` numeric DEFAULT 60 NOT NULL,
  	\`min_deposit_percent\` numeric DEFAULT 10 NOT NULL,
  	\`max_age_at_end_of_term_years\` numeric DEFAULT 10 NOT NULL,
  	\`max_odometer_miles\` numeric DEFAULT 60000 NOT NULL,
  	\`min_advance_pence\` numeric DEFAULT 100000 NOT NULL,
  	\`max_advance_pence\` numeric DEFAULT 5000000 NOT NULL,
  	\`acceptance_fee_pence\` numeric DEFAULT 0 NOT NULL,
  	\`option_to_purchase_fee_pence\` numeric DEFAULT 1000 NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`lenders_funder_code_idx\` ON \`lenders\` (\`funder_code\`);`)
  await db.run(sql`CREATE INDEX \`lenders_updated_at_idx\` ON \`lenders\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`lenders_created_at_idx\` ON \`lenders\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`finance_quotes\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`quote_uid\` text NOT NULL,
  	\`product_id\` integer NOT NULL,
  	\`variant_id\` integer,
  	\`facility_type\` text NOT NULL,
  	\`product_name\` text,
  	\`funder_code\` text,
  	\`regular_payment_pence\` numeric,
  	\`accessories\` text,
  	\`figures\` text NOT NULL,
  	\`expires_at\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`variant_id\`) REFERENCES \`variants\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`finance_quotes_quote_uid_idx\` ON \`finance_quotes\` (\`quote_uid\`);`)
  await db.run(sql`CREATE INDEX \`finance_quotes_product_idx\` ON \`finance_quotes\` (\`product_id\`);`)
  await db.run(sql`CREATE INDEX \`finance_quotes_variant_idx\` ON \`finance_quotes\` (\`variant_id\`);`)
  await db.run(sql`CREATE INDEX \`finance_quotes_expires_at_idx\` ON \`finance_quotes\` (\`expires_at\`);`)
  await db.run(sql`CREATE INDEX \`finance_quotes_updated_at_idx\` ON \`finance_quotes\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`finance_quotes_created_at_idx\` ON \`finance_quotes\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`api_tokens\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`jti\` text NOT NULL,
  	\`user_id\` integer NOT NULL,
  	\`expires_at\` text NOT NULL,
  	\`revoked_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`api_tokens_jti_idx\` ON \`api_tokens\` (\`jti\`);`)
  await db.run(sql`CREATE INDEX \`api_tokens_user_idx\` ON \`api_tokens\` (\`user_id\`);`)
  await db.run(sql`CREATE INDEX \`api_tokens_expires_at_idx\` ON \`api_tokens\` (\`expires_at\`);`)
  await db.run(sql`CREATE INDEX \`api_tokens_updated_at_idx\` ON \`api_tokens\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`api_tokens_created_at_idx\` ON \`api_tokens\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`login_throttles\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`failures\` numeric DEFAULT 0 NOT NULL,
  	\`window_started_at\` text NOT NULL,
  	\`blocked_until\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`login_throttles_key_idx\` ON \`login_throttles\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`login_throttles_blocked_until_idx\` ON \`login_throttles\` (\`blocked_until\`);`)
  await db.run(sql`CREATE INDEX \`login_throttles_updated_at_idx\` ON \`login_throttles\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`login_throttles_created_at_idx\` ON \`login_throttles\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`saved_basket\` text;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`password_argon2\` text;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`orders_id\` integer REFERENCES orders(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`coupons_id\` integer REFERENCES coupons(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`payment_events_id\` integer REFERENCES payment_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`test_gateway_payments_id\` integer REFERENCES test_gateway_payments(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`lenders_id\` integer REFERENCES lenders(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`finance_quotes_id\` integer REFERENCES finance_quotes(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`api_tokens_id\` integer REFERENCES api_tokens(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`login_throttles_id\` integer REFERENCES login_throttles(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coupons_id_idx\` ON \`payload_locked_documents_rels\` (\`coupons_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_test_gateway_payments_id_idx\` ON \`payload_locked_documents_rels\` (\`test_gateway_payments_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_lenders_id_idx\` ON \`payload_locked_documents_rels\` (\`lenders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_finance_quotes_id_idx\` ON \`payload_locked_documents_rels\` (\`finance_quotes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_api_tokens_id_idx\` ON \`payload_locked_documents_rels\` (\`api_tokens_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_login_throttles_id_idx\` ON \`payload_locked_documents_rels\` (\`login_throttles_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`delivery_flat_rate_pence\` numeric DEFAULT 0 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`delivery_pickup_enabled\` integer DEFAULT true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`orders_lines\`;`)
  await db.run(sql`DROP TABLE \`orders_finance_references\`;`)
  await db.run(sql`DROP TABLE \`orders_history\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`DROP TABLE \`coupons\`;`)
  await db.run(sql`DROP TABLE \`payment_events\`;`)
  await db.run(sql`DROP TABLE \`test_gateway_payments\`;`)
  await db.run(sql`DROP TABLE \`lenders_products\`;`)
  await db.run(sql`DROP TABLE \`lenders_apr_bands\`;`)
  await db.run(sql`DROP TABLE \`lenders_residual_values\`;`)
  await db.run(sql`DROP TABLE \`lenders\`;`)
  await db.run(sql`DROP TABLE \`finance_quotes\`;`)
  await db.run(sql`DROP TABLE \`api_tokens\`;`)
  await db.run(sql`DROP TABLE \`login_throttles\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`products_id\` integer,
  	\`variants_id\` integer,
  	\`categories_id\` integer,
  	\`brands_id\` integer,
  	\`media_id\` integer,
  	\`pages_id\` integer,
  	\`posts_id\` integer,
  	\`users_id\` integer,
  	\`not_found_paths_id\` integer,
  	\`redirects_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`variants_id\`) REFERENCES \`variants\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`categories_id\`) REFERENCES \`categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`brands_id\`) REFERENCES \`brands\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`posts_id\`) REFERENCES \`posts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`not_found_paths_id\`) REFERENCES \`not_found_paths\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "users_id", "not_found_paths_id", "redirects_id") SELECT "id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "users_id", "not_found_paths_id", "redirects_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_products_id_idx\` ON \`payload_locked_documents_rels\` (\`products_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_variants_id_idx\` ON \`payload_locked_documents_rels\` (\`variants_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_categories_id_idx\` ON \`payload_locked_documents_rels\` (\`categories_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_brands_id_idx\` ON \`payload_locked_documents_rels\` (\`brands_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_posts_id_idx\` ON \`payload_locked_documents_rels\` (\`posts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_not_found_paths_id_idx\` ON \`payload_locked_documents_rels\` (\`not_found_paths_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`saved_basket\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`password_argon2\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`delivery_flat_rate_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`delivery_pickup_enabled\`;`)
}
