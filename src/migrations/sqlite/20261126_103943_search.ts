import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`search_synonyms\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`words\` text NOT NULL,
  	\`licence\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`search_synonyms_updated_at_idx\` ON \`search_synonyms\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`search_synonyms_created_at_idx\` ON \`search_synonyms\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`search_log\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`words\` text NOT NULL,
  	\`searches\` numeric DEFAULT 0 NOT NULL,
  	\`without_results\` numeric DEFAULT 0 NOT NULL,
  	\`last_searched_at\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`search_log_words_idx\` ON \`search_log\` (\`words\`);`)
  await db.run(sql`CREATE INDEX \`search_log_searches_idx\` ON \`search_log\` (\`searches\`);`)
  await db.run(sql`CREATE INDEX \`search_log_without_results_idx\` ON \`search_log\` (\`without_results\`);`)
  await db.run(sql`CREATE INDEX \`search_log_last_searched_at_idx\` ON \`search_log\` (\`last_searched_at\`);`)
  await db.run(sql`CREATE INDEX \`search_log_updated_at_idx\` ON \`search_log\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`search_log_created_at_idx\` ON \`search_log\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`search_synonyms_id\` integer REFERENCES search_synonyms(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`search_log_id\` integer REFERENCES search_log(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_search_synonyms_id_idx\` ON \`payload_locked_documents_rels\` (\`search_synonyms_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_search_log_id_idx\` ON \`payload_locked_documents_rels\` (\`search_log_id\`);`)
  // Search: an FTS5 table of each active product's words in the shop's normal form
  // (src/domain/search/normalise.ts), rowid = the product's id, columns weighted by bm25 at query time;
  // and its vocabulary, for typo correction. Filled by cms/hooks/search-index.ts.
  await db.run(sql`CREATE VIRTUAL TABLE \`search_index\` USING fts5(\`title\` UNINDEXED, \`name\`, \`brand\`, \`model\`, \`category\`, \`body\`, tokenize = 'unicode61', prefix = '2 3');`)
  await db.run(sql`CREATE VIRTUAL TABLE \`search_index_vocab\` USING fts5vocab(\`search_index\`, 'row');`)
  // The seed synonyms (src/domain/search/synonyms.ts, DEFAULT_SYNONYMS), editable by staff from now on.
  await db.run(sql`INSERT INTO \`search_synonyms\` (\`words\`, \`licence\`) VALUES ('e-bike, ebike, electric bike, electric bicycle, pedelec', NULL), ('lid, helmet', NULL), ('scoot, scooter, moped', NULL), ('A2, A2 licence, A2 license', 'A2'), ('motorbike, motorcycle', NULL), ('mtb, mountain bike', NULL);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`search_index_vocab\`;`)
  await db.run(sql`DROP TABLE IF EXISTS \`search_index\`;`)
  await db.run(sql`DROP TABLE \`search_synonyms\`;`)
  await db.run(sql`DROP TABLE \`search_log\`;`)
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
  	\`reservations_id\` integer,
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
  	\`saved_bikes_id\` integer,
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
  	FOREIGN KEY (\`reservations_id\`) REFERENCES \`reservations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  	FOREIGN KEY (\`saved_bikes_id\`) REFERENCES \`saved_bikes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`redirects_id\`) REFERENCES \`redirects\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "reservations_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "service_options_id", "bookings_id", "booking_days_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "saved_bikes_id", "redirects_id") SELECT "id", "order", "parent_id", "path", "products_id", "variants_id", "categories_id", "brands_id", "media_id", "pages_id", "posts_id", "orders_id", "reservations_id", "stock_holds_id", "coupons_id", "payment_events_id", "test_gateway_payments_id", "lenders_id", "finance_quotes_id", "service_options_id", "bookings_id", "booking_days_id", "users_id", "api_tokens_id", "login_throttles_id", "not_found_paths_id", "saved_bikes_id", "redirects_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_reservations_id_idx\` ON \`payload_locked_documents_rels\` (\`reservations_id\`);`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_saved_bikes_id_idx\` ON \`payload_locked_documents_rels\` (\`saved_bikes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_redirects_id_idx\` ON \`payload_locked_documents_rels\` (\`redirects_id\`);`)
}
