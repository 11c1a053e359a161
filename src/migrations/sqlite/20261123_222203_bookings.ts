import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`service_options\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`code\` text NOT NULL,
  	\`kind\` text DEFAULT 'tier' NOT NULL,
  	\`description\` text,
  	\`price_pence\` numeric NOT NULL,
  	\`workshop_minutes\` numeric NOT NULL,
  	\`e_bike_only\` integer DEFAULT false,
  	\`active\` integer DEFAULT true,
  	\`position\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`service_options_code_idx\` ON \`service_options\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`service_options_active_idx\` ON \`service_options\` (\`active\`);`)
  await db.run(sql`CREATE INDEX \`service_options_updated_at_idx\` ON \`service_options\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`service_options_created_at_idx\` ON \`service_options\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`bookings_service_lines\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`name\` text,
  	\`price_pence\` numeric,
  	\`minutes\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`bookings_service_lines_order_idx\` ON \`bookings_service_lines\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`bookings_service_lines_parent_id_idx\` ON \`bookings_service_lines\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`bookings_history\` (
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
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`bookings_history_order_idx\` ON \`bookings_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`bookings_history_parent_id_idx\` ON \`bookings_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_history_by_idx\` ON \`bookings_history\` (\`by_id\`);`)
  await db.run(sql`CREATE TABLE \`bookings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reference\` text,
  	\`kind\` text DEFAULT 'service' NOT NULL,
  	\`status\` text DEFAULT 'booked' NOT NULL,
  	\`source\` text DEFAULT 'phone' NOT NULL,
  	\`day\` text NOT NULL,
  	\`window\` text,
  	\`resource\` text,
  	\`minutes\` numeric,
  	\`customer_id\` integer,
  	\`first_name\` text NOT NULL,
  	\`last_name\` text NOT NULL,
  	\`email\` text,
  	\`phone\` text NOT NULL,
  	\`service_tier_id\` integer,
  	\`service_total_pence\` numeric,
  	\`service_bike_make\` text,
  	\`service_bike_model\` text,
  	\`service_bike_bike_type\` text,
  	\`service_bike_e_bike\` integer DEFAULT false,
  	\`service_bike_notes\` text,
  	\`service_extra_work_limit_pence\` numeric,
  	\`service_extra_work_description\` text,
  	\`service_extra_work_quote_pence\` numeric,
  	\`service_extra_work_decision\` text,
  	\`service_extra_work_decided_at\` text,
  	\`service_ready_at\` text,
  	\`service_collect_by\` text,
  	\`test_ride_product_id\` integer,
  	\`test_ride_bike_name\` text,
  	\`test_ride_licence\` text,
  	\`test_ride_category_needed\` text,
  	\`terms_accepted_at\` text,
  	\`staff_notes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`service_tier_id\`) REFERENCES \`service_options\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`test_ride_product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`bookings_reference_idx\` ON \`bookings\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`bookings_kind_idx\` ON \`bookings\` (\`kind\`);`)
  await db.run(sql`CREATE INDEX \`bookings_status_idx\` ON \`bookings\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`bookings_day_idx\` ON \`bookings\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`bookings_resource_idx\` ON \`bookings\` (\`resource\`);`)
  await db.run(sql`CREATE INDEX \`bookings_customer_idx\` ON \`bookings\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_email_idx\` ON \`bookings\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`bookings_service_service_tier_idx\` ON \`bookings\` (\`service_tier_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_test_ride_test_ride_product_idx\` ON \`bookings\` (\`test_ride_product_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_updated_at_idx\` ON \`bookings\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`bookings_created_at_idx\` ON \`bookings\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`bookings_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`service_options_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`bookings\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`service_options_id\`) REFERENCES \`service_options\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`bookings_rels_order_idx\` ON \`bookings_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`bookings_rels_parent_idx\` ON \`bookings_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`bookings_rels_path_idx\` ON \`bookings_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`bookings_rels_service_options_id_idx\` ON \`bookings_rels\` (\`service_options_id\`);`)
  await db.run(sql`CREATE TABLE \`booking_days\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`resource\` text NOT NULL,
  	\`day\` text NOT NULL,
  	\`used_minutes\` numeric DEFAULT 0 NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`booking_days_resource_idx\` ON \`booking_days\` (\`resource\`);`)
  await db.run(sql`CREATE INDEX \`booking_days_day_idx\` ON \`booking_days\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`booking_days_updated_at_idx\` ON \`booking_days\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`booking_days_created_at_idx\` ON \`booking_days\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`resource_day_idx\` ON \`booking_days\` (\`resource\`,\`day\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_closures\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`day\` text NOT NULL,
  	\`reason\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_closures_order_idx\` ON \`site_settings_closures\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_closures_parent_id_idx\` ON \`site_settings_closures\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_workshop_open_days\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_workshop_open_days_order_idx\` ON \`site_settings_workshop_open_days\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_workshop_open_days_parent_idx\` ON \`site_settings_workshop_open_days\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_test_rides_open_days\` (
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`value\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_test_rides_open_days_order_idx\` ON \`site_settings_test_rides_open_days\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_test_rides_open_days_parent_idx\` ON \`site_settings_test_rides_open_days\` (\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`site_settings_test_rides_windows\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`starts\` text NOT NULL,
  	\`minutes\` numeric DEFAULT 60 NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`site_settings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`site_settings_test_rides_windows_order_idx\` ON \`site_settings_test_rides_windows\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_test_rides_windows_parent_id_idx\` ON \`site_settings_test_rides_windows\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`attributes_power_kw\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`attributes_weight_kg\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`attributes_restricted_from_kw\` numeric;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`service_options_id\` integer REFERENCES service_options(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`bookings_id\` integer REFERENCES bookings(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`booking_days_id\` integer REFERENCES booking_days(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_service_options_id_idx\` ON \`payload_locked_documents_rels\` (\`service_options_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_bookings_id_idx\` ON \`payload_locked_documents_rels\` (\`bookings_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_booking_days_id_idx\` ON \`payload_locked_documents_rels\` (\`booking_days_id\`);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_mechanics\` numeric DEFAULT 2 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_hours_per_mechanic\` numeric DEFAULT 8 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_productive_percent\` numeric DEFAULT 80 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_lead_days\` numeric DEFAULT 1 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_horizon_days\` numeric DEFAULT 60 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_change_cutoff_hours\` numeric DEFAULT 24 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_collection_days\` numeric DEFAULT 5 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_drop_off_times\` text DEFAULT 'between 8:30 and 10:00';`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_what_to_bring\` text DEFAULT 'Your bike, clean enough to work on; keys for any locks; for e-bikes the charger and battery key. Tell us about any noises or faults.';`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`workshop_terms\` text DEFAULT 'We quote any extra work found on the bench and do it only with your approval, or within the limit you pre-authorise. Payment is due on collection. Bikes not collected within the collection period may be charged storage.';`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_lead_days\` numeric DEFAULT 1 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_horizon_days\` numeric DEFAULT 30 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_change_cutoff_hours\` numeric DEFAULT 2 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_allow_cbt_on125\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_excess_pence\` numeric DEFAULT 50000 NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`test_rides_terms\` text DEFAULT 'Bring your photocard driving licence (and CBT certificate where needed) on the day: no licence, no ride. You ride at your own risk within the law, and you pay the damage excess shown if the bike is damaged while you ride it.';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`service_options\`;`)
  await db.run(sql`DROP TABLE \`bookings_service_lines\`;`)
  await db.run(sql`DROP TABLE \`bookings_history\`;`)
  await db.run(sql`DROP TABLE \`bookings\`;`)
  await db.run(sql`DROP TABLE \`bookings_rels\`;`)
  await db.run(sql`DROP TABLE \`booking_days\`;`)
  await db.run(sql`DROP TABLE \`site_settings_closures\`;`)
  await db.run(sql`DROP TABLE \`site_settings_workshop_open_days\`;`)
  await db.run(sql`DROP TABLE \`site_settings_test_rides_open_days\`;`)
  await db.run(sql`DROP TABLE \`site_settings_test_rides_windows\`;`)
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
  	\`orders_id\` integer,
  	\`stock_holds_id\` integer,
  	\`coupons_id\` integer,
  	\`payment_events_id\` integer,
  	\`test_gateway_payments_id\` integer,
  	\`lenders_id\` integer,
  	\`finance_quotes_id\` integer,
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
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`api_tokens_id\`) REFERENCES \`api_tokens\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`login_throttles_id\`) REFERENCES \`login_throttles\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`not_found_paths_id\`) REFERENCES \`not_found_paths\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "redirects_id") SELECT "id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "redirects_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_orders_id_idx\` ON \`payload_locked_documents_rels\` (\`orders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_stock_holds_id_idx\` ON \`payload_locked_documents_rels\` (\`stock_holds_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coupons_id_idx\` ON \`payload_locked_documents_rels\` (\`coupons_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payment_events_id_idx\` ON \`payload_locked_documents_rels\` (\`payment_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_test_gateway_payments_id_idx\` ON \`payload_locked_documents_rels\` (\`test_gateway_payments_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_lenders_id_idx\` ON \`payload_locked_documents_rels\` (\`lenders_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_finance_quotes_id_idx\` ON \`payload_locked_documents_rels\` (\`finance_quotes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_api_tokens_id_idx\` ON \`payload_locked_documents_rels\` (\`api_tokens_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_login_throttles_id_idx\` ON \`payload_locked_documents_rels\` (\`login_throttles_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_not_found_paths_id_idx\` ON \`payload_locked_documents_rels\` (\`not_found_paths_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`attributes_power_kw\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`attributes_weight_kg\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`attributes_restricted_from_kw\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_mechanics\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_hours_per_mechanic\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_productive_percent\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_lead_days\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_horizon_days\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_change_cutoff_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_collection_days\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_drop_off_times\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_what_to_bring\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`workshop_terms\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_lead_days\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_horizon_days\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_change_cutoff_hours\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_allow_cbt_on125\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_excess_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`test_rides_terms\`;`)
}
