import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`reservations_history\` (
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
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`reservations\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`reservations_history_order_idx\` ON \`reservations_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`reservations_history_parent_id_idx\` ON \`reservations_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`reservations_history_by_idx\` ON \`reservations_history\` (\`by_id\`);`)
  await db.run(sql`CREATE TABLE \`reservations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reservation_number\` text NOT NULL,
  	\`status\` text DEFAULT 'awaiting_payment' NOT NULL,
  	\`release_reason\` text,
  	\`customer_id\` integer,
  	\`converted_order_id\` integer,
  	\`product_id\` integer NOT NULL,
  	\`variant_id\` integer,
  	\`product_name\` text NOT NULL,
  	\`price_pence\` numeric NOT NULL,
  	\`deposit_pence\` numeric NOT NULL,
  	\`first_name\` text NOT NULL,
  	\`last_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text NOT NULL,
  	\`stock_state\` text DEFAULT 'held' NOT NULL,
  	\`stock_hold_expires_at\` text,
  	\`payment_provider\` text,
  	\`payment_reference\` text,
  	\`payment_paid_at\` text,
  	\`payment_refunded_pence\` numeric DEFAULT 0,
  	\`payment_refund_id\` text,
  	\`payment_refund_error\` text,
  	\`payment_failure_message\` text,
  	\`reservation_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`converted_order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`variant_id\`) REFERENCES \`variants\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`reservations_reservation_number_idx\` ON \`reservations\` (\`reservation_number\`);`)
  await db.run(sql`CREATE INDEX \`reservations_status_idx\` ON \`reservations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`reservations_customer_idx\` ON \`reservations\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`reservations_converted_order_idx\` ON \`reservations\` (\`converted_order_id\`);`)
  await db.run(sql`CREATE INDEX \`reservations_product_idx\` ON \`reservations\` (\`product_id\`);`)
  await db.run(sql`CREATE INDEX \`reservations_variant_idx\` ON \`reservations\` (\`variant_id\`);`)
  await db.run(sql`CREATE INDEX \`reservations_email_idx\` ON \`reservations\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`reservations_stock_stock_state_idx\` ON \`reservations\` (\`stock_state\`);`)
  await db.run(sql`CREATE INDEX \`reservations_stock_stock_hold_expires_at_idx\` ON \`reservations\` (\`stock_hold_expires_at\`);`)
  await db.run(sql`CREATE INDEX \`reservations_payment_payment_reference_idx\` ON \`reservations\` (\`payment_reference\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`reservations_reservation_key_idx\` ON \`reservations\` (\`reservation_key\`);`)
  await db.run(sql`CREATE INDEX \`reservations_updated_at_idx\` ON \`reservations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`reservations_created_at_idx\` ON \`reservations\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`reservation_deposit_pence\` numeric;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`reservation_id\` integer REFERENCES reservations(id);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`reservation_deposit_pence\` numeric DEFAULT 0;`)
  await db.run(sql`CREATE INDEX \`orders_reservation_idx\` ON \`orders\` (\`reservation_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`reservations_id\` integer REFERENCES reservations(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reservations_id_idx\` ON \`payload_locked_documents_rels\` (\`reservations_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`reservations_enabled\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`reservations_deposit_pence\` numeric DEFAULT 9900 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`reservations_hold_hours\` numeric DEFAULT 72 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`reservations_what_to_bring\` text DEFAULT 'Your driving licence (photocard), proof of address dated within 3 months, and your reservation number. If you ride it away: your helmet, gloves and proof of insurance.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`reservations_history\`;`)
  await db.run(sql`DROP TABLE \`reservations\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_orders\` (
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
  await db.run(sql`INSERT INTO \`__new_orders\`("id", "order_number", "kind", "status", "finance_status", "customer_id", "first_name", "last_name", "email", "phone", "address_line1", "address_line2", "address_town", "address_county", "address_postcode", "address_country", "delivery_method", "delivery_fee_pence", "delivery_fee_to_be_quoted", "delivery_first_name", "delivery_last_name", "delivery_shipping_address_line1", "delivery_shipping_address_line2", "delivery_shipping_address_town", "delivery_shipping_address_county", "delivery_shipping_address_postcode", "delivery_shipping_address_country", "coupon_code", "coupon_id", "subtotal_pence", "discount_pence", "vat_pence", "total_pence", "stock_state", "stock_hold_expires_at", "stock_coupon_counted", "payment_provider", "payment_reference", "payment_paid_at", "payment_refunded_pence", "payment_failure_message", "finance_quote_id", "finance_lender_name", "finance_funder_code", "finance_facility_type", "finance_figures", "checkout_key", "access_token_hash", "staff_notes", "updated_at", "created_at") SELECT "id", "order_number", "kind", "status", "finance_status", "customer_id", "first_name", "last_name", "email", "phone", "address_line1", "address_line2", "address_town", "address_county", "address_postcode", "address_country", "delivery_method", "delivery_fee_pence", "delivery_fee_to_be_quoted", "delivery_first_name", "delivery_last_name", "delivery_shipping_address_line1", "delivery_shipping_address_line2", "delivery_shipping_address_town", "delivery_shipping_address_county", "delivery_shipping_address_postcode", "delivery_shipping_address_country", "coupon_code", "coupon_id", "subtotal_pence", "discount_pence", "vat_pence", "total_pence", "stock_state", "stock_hold_expires_at", "stock_coupon_counted", "payment_provider", "payment_reference", "payment_paid_at", "payment_refunded_pence", "payment_failure_message", "finance_quote_id", "finance_lender_name", "finance_funder_code", "finance_facility_type", "finance_figures", "checkout_key", "access_token_hash", "staff_notes", "updated_at", "created_at" FROM \`orders\`;`)
  await db.run(sql`DROP TABLE \`orders\`;`)
  await db.run(sql`ALTER TABLE \`__new_orders\` RENAME TO \`orders\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
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
  	\`orders_id\` integer,
  	\`stock_holds_id\` integer,
  	\`coupons_id\` integer,
  	\`payment_events_id\` integer,
  	\`test_gateway_payments_id\` integer,
  	\`lenders_id\` integer,
  	\`finance_quotes_id\` integer,
  	\`service_options_id\` integer,
  	\`bookings_id\` integer,
  	\`booking_days_id\` integer,
  	\`users_id\` integer,
  	\`api_tokens_id\` integer,
  	\`login_throttles_id\` integer,
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
  	FOREIGN KEY (\`orders_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`stock_holds_id\`) REFERENCES \`stock_holds\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`coupons_id\`) REFERENCES \`coupons\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payment_events_id\`) REFERENCES \`payment_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`test_gateway_payments_id\`) REFERENCES \`test_gateway_payments\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`lenders_id\`) REFERENCES \`lenders\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`finance_quotes_id\`) REFERENCES \`finance_quotes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`service_options_id\`) REFERENCES \`service_options\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`bookings_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`booking_days_id\`) REFERENCES \`booking_days\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`api_tokens_id\`) REFERENCES \`api_tokens\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`login_throttles_id\`) REFERENCES \`login_throttles\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`not_found_paths_id\`) REFERENCES \`not_found_paths\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "service_options_id", "bookings_id", "booking_days_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "redirects_id") SELECT "id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "service_options_id", "bookings_id", "booking_days_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "redirects_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_stock_holds_id_idx\` ON \`payload_locked_documents_rels\` (\`stock_holds_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coupons_id_idx\` ON \`payload_locked_documents_rels\` (\`coupons_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_test_gateway_payments_id_idx\` ON \`payload_locked_documents_rels\` (\`test_gateway_payments_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_lenders_id_idx\` ON \`payload_locked_documents_rels\` (\`lenders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_finance_quotes_id_idx\` ON \`payload_locked_documents_rels\` (\`finance_quotes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_options_id_idx\` ON \`payload_locked_documents_rels\` (\`service_options_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_booking_days_id_idx\` ON \`payload_locked_documents_rels\` (\`booking_days_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_api_tokens_id_idx\` ON \`payload_locked_documents_rels\` (\`api_tokens_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_login_throttles_id_idx\` ON \`payload_locked_documents_rels\` (\`login_throttles_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_not_found_paths_id_idx\` ON \`payload_locked_documents_rels\` (\`not_found_paths_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`reservation_deposit_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`reservations_enabled\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`reservations_deposit_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`reservations_hold_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`reservations_what_to_bring\`;`)
}
