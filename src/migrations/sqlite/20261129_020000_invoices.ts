import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Invoices and credit notes (ADR 049):
// - `invoices` holds both kinds of document, each a frozen copy of what it states (`document`), numbered from
//   `document_sequences`, one counter row per kind, moved in the same unit of work as the document's row; one
//   invoice per order at most (a partial unique index), one credit note per refund key;
// - an order keeps each of its lines' VAT parts (`vat_lines`), so its invoice shows per line what the total holds;
// - the dealer's VAT registration number is a site setting;
// - a used bike's purchase (price, date, seller) is kept for staff, for the margin scheme's stock book.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`document_sequences\` (\`name\` text PRIMARY KEY NOT NULL, \`last_number\` integer DEFAULT 0 NOT NULL);`)
  await db.run(sql`INSERT INTO \`document_sequences\` (\`name\`, \`last_number\`) VALUES ('invoice', 0), ('credit-note', 0);`)
  await db.run(sql`CREATE TABLE \`invoices\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`number\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`order_id\` integer NOT NULL,
  	\`invoice_id\` integer,
  	\`refund_key\` text,
  	\`issued_at\` text NOT NULL,
  	\`total_pence\` numeric NOT NULL,
  	\`vat_pence\` numeric NOT NULL,
  	\`document\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE restrict,
  	FOREIGN KEY (\`invoice_id\`) REFERENCES \`invoices\`(\`id\`) ON UPDATE no action ON DELETE restrict
  );`)
  await db.run(sql`CREATE UNIQUE INDEX \`invoices_number_idx\` ON \`invoices\` (\`number\`);`)
  await db.run(sql`CREATE INDEX \`invoices_order_idx\` ON \`invoices\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`invoices_invoice_idx\` ON \`invoices\` (\`invoice_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`invoices_refund_key_idx\` ON \`invoices\` (\`refund_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`invoices_one_per_order_idx\` ON \`invoices\` (\`order_id\`) WHERE \`kind\` = 'invoice';`)
  await db.run(sql`CREATE INDEX \`invoices_updated_at_idx\` ON \`invoices\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`invoices_created_at_idx\` ON \`invoices\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`invoices_id\` integer REFERENCES invoices(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_invoices_id_idx\` ON \`payload_locked_documents_rels\` (\`invoices_id\`);`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`vat_lines\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`vat_number\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`purchase_price_pence\` numeric;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`purchase_date\` text;`)
  await db.run(sql`ALTER TABLE \`products\` ADD \`purchase_seller\` text;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`purchase_seller\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`purchase_date\`;`)
  await db.run(sql`ALTER TABLE \`products\` DROP COLUMN \`purchase_price_pence\`;`)
  await db.run(sql`ALTER TABLE \`site_settings\` DROP COLUMN \`vat_number\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`vat_lines\`;`)
  await db.run(sql`DROP INDEX \`payload_locked_documents_rels_invoices_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`invoices_id\`;`)
  await db.run(sql`DROP TABLE \`invoices\`;`)
  await db.run(sql`DROP TABLE \`document_sequences\`;`)
}
