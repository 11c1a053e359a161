import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Data rights (ADR 050): the data-requests collection (each request for a copy of a customer's data or its erasure,
// and what came of it). The eraseCustomerData job needs no change here: SQLite keeps task names as text.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`data_requests\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`kind\` text NOT NULL,
  	\`customer_id\` integer,
  	\`channel\` text DEFAULT 'email' NOT NULL,
  	\`identity_check\` text,
  	\`account_number\` numeric,
  	\`subject_email\` text,
  	\`requested_by_id\` integer,
  	\`status\` text DEFAULT 'received' NOT NULL,
  	\`requested_at\` text,
  	\`completed_at\` text,
  	\`outcome\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`requested_by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );`)
  await db.run(sql`CREATE INDEX \`data_requests_customer_idx\` ON \`data_requests\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`data_requests_account_number_idx\` ON \`data_requests\` (\`account_number\`);`)
  await db.run(sql`CREATE INDEX \`data_requests_requested_by_idx\` ON \`data_requests\` (\`requested_by_id\`);`)
  await db.run(sql`CREATE INDEX \`data_requests_status_idx\` ON \`data_requests\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`data_requests_updated_at_idx\` ON \`data_requests\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`data_requests_created_at_idx\` ON \`data_requests\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`data_requests_id\` integer REFERENCES data_requests(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_data_requests_id_idx\` ON \`payload_locked_documents_rels\` (\`data_requests_id\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` = 'eraseCustomerData';`)
  await db.run(sql`DROP INDEX IF EXISTS \`payload_locked_documents_rels_data_requests_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`data_requests_id\`;`)
  await db.run(sql`DROP TABLE \`data_requests\`;`)
}
