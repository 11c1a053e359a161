import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// CSV exports made on the jobs queue for staff (ADR 055): the data_exports collection, and its column in Payload's
// document locks. SQLite keeps the jobs queue's task names as text, so the runDataExport task needs nothing more.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`data_exports\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`file_name\` text,
  	\`kind\` text NOT NULL,
  	\`status\` text DEFAULT 'queued' NOT NULL,
  	\`by_id\` integer,
  	\`from\` text,
  	\`to\` text,
  	\`order_status\` text,
  	\`total\` numeric DEFAULT 0,
  	\`done\` numeric DEFAULT 0,
  	\`error\` text,
  	\`finished_at\` text,
  	\`csv\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`data_exports_status_idx\` ON \`data_exports\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`data_exports_by_idx\` ON \`data_exports\` (\`by_id\`);`)
  await db.run(sql`CREATE INDEX \`data_exports_updated_at_idx\` ON \`data_exports\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`data_exports_created_at_idx\` ON \`data_exports\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`data_exports_id\` integer REFERENCES data_exports(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_data_exports_id_idx\` ON \`payload_locked_documents_rels\` (\`data_exports_id\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` = 'runDataExport';`)
  await db.run(sql`DROP INDEX IF EXISTS \`payload_locked_documents_rels_data_exports_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`data_exports_id\`;`)
  await db.run(sql`DROP TABLE \`data_exports\`;`)
}
