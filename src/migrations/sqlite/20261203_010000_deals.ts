import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Deals: one per customer and bike (features/deals), with their history. SQLite keeps a job's task as text, so the
// deal email job needs nothing here.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`deals_history\` (
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
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`deals\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`deals_history_order_idx\` ON \`deals_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`deals_history_parent_id_idx\` ON \`deals_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_history_by_idx\` ON \`deals_history\` (\`by_id\`);`)
  await db.run(sql`CREATE TABLE \`deals\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`status\` text DEFAULT 'new' NOT NULL,
  	\`lost_reason\` text,
  	\`owner_id\` integer,
  	\`next_action\` text,
  	\`next_action_due\` text,
  	\`notes\` text,
  	\`first_name\` text NOT NULL,
  	\`last_name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text,
  	\`customer_id\` integer,
  	\`product_id\` integer NOT NULL,
  	\`variant_id\` integer,
  	\`product_name\` text,
  	\`valuation_id\` integer,
  	\`handover\` text,
  	\`enquiry_message\` text,
  	\`enquiry_asked_at\` text,
  	\`contact_consent\` integer DEFAULT false,
  	\`contact_consent_at\` text,
  	\`contact_reminder_sent_at\` text,
  	\`contact_unsubscribed_at\` text,
  	\`source\` text,
  	\`last_activity_at\` text,
  	\`quote_send\` integer DEFAULT false,
  	\`quote_sent_at\` text,
  	\`deal_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`owner_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`product_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`variant_id\`) REFERENCES \`variants\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`valuation_id\`) REFERENCES \`part_exchange_valuations\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`deals_status_idx\` ON \`deals\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`deals_owner_idx\` ON \`deals\` (\`owner_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_next_action_due_idx\` ON \`deals\` (\`next_action_due\`);`)
  await db.run(sql`CREATE INDEX \`deals_email_idx\` ON \`deals\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`deals_customer_idx\` ON \`deals\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_product_idx\` ON \`deals\` (\`product_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_variant_idx\` ON \`deals\` (\`variant_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_valuation_idx\` ON \`deals\` (\`valuation_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_last_activity_at_idx\` ON \`deals\` (\`last_activity_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`deals_deal_key_idx\` ON \`deals\` (\`deal_key\`);`)
  await db.run(sql`CREATE INDEX \`deals_updated_at_idx\` ON \`deals\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`deals_created_at_idx\` ON \`deals\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`deals_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`products_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`deals\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`products_id\`) REFERENCES \`products\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`deals_rels_order_idx\` ON \`deals_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`deals_rels_parent_idx\` ON \`deals_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`deals_rels_path_idx\` ON \`deals_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`deals_rels_products_id_idx\` ON \`deals_rels\` (\`products_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`deals_id\` integer REFERENCES deals(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_deals_id_idx\` ON \`payload_locked_documents_rels\` (\`deals_id\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX IF EXISTS \`payload_locked_documents_rels_deals_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`deals_id\`;`)
  await db.run(sql`DROP TABLE IF EXISTS \`deals_rels\`;`)
  await db.run(sql`DROP TABLE IF EXISTS \`deals_history\`;`)
  await db.run(sql`DROP TABLE IF EXISTS \`deals\`;`)
}
