import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Returns and refunds (ADR 046): a return record per cancellation or fault claim, with its lines, clocks and
// history; a refund record per payment back to the customer, whose idempotency key is unique so that the same
// refund asked for twice is one row; and the test gateway's refunds kept by key on its payment row, so that a
// refund asked again after a crash is answered, not made again. SQLite keeps job task names as text.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`returns\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`return_number\` text NOT NULL,
  	\`order_id\` integer NOT NULL,
  	\`customer_id\` integer,
  	\`email\` text NOT NULL,
  	\`ground\` text DEFAULT 'cancellation' NOT NULL,
  	\`state\` text DEFAULT 'requested' NOT NULL,
  	\`reason\` text,
  	\`return_method\` text,
  	\`lines\` text NOT NULL,
  	\`whole_order\` integer DEFAULT false,
  	\`goods_delivered\` integer DEFAULT false,
  	\`delivered_on\` text,
  	\`requested_on\` text NOT NULL,
  	\`received_on\` text,
  	\`proof_of_return_on\` text,
  	\`refund_due_on\` text,
  	\`fault_remedy\` text,
  	\`deduction_pence\` numeric DEFAULT 0,
  	\`deduction_reason\` text,
  	\`refund_pence\` numeric,
  	\`change_token\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`customer_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`returns_return_number_idx\` ON \`returns\` (\`return_number\`);`)
  await db.run(sql`CREATE INDEX \`returns_order_idx\` ON \`returns\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`returns_customer_idx\` ON \`returns\` (\`customer_id\`);`)
  await db.run(sql`CREATE INDEX \`returns_state_idx\` ON \`returns\` (\`state\`);`)
  await db.run(sql`CREATE INDEX \`returns_updated_at_idx\` ON \`returns\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`returns_created_at_idx\` ON \`returns\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`returns_history\` (
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
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`returns\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`returns_history_order_idx\` ON \`returns_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`returns_history_parent_id_idx\` ON \`returns_history\` (\`_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`returns_history_by_idx\` ON \`returns_history\` (\`by_id\`);`)
  await db.run(sql`CREATE TABLE \`refunds\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order_id\` integer NOT NULL,
  	\`return_id\` integer,
  	\`lines\` text,
  	\`amount_pence\` numeric NOT NULL,
  	\`idempotency_key\` text NOT NULL,
  	\`state\` text DEFAULT 'pending' NOT NULL,
  	\`provider\` text,
  	\`provider_refund_id\` text,
  	\`failure\` text,
  	\`record_token\` text,
  	\`refunded_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`order_id\`) REFERENCES \`orders\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`return_id\`) REFERENCES \`returns\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`refunds_idempotency_key_idx\` ON \`refunds\` (\`idempotency_key\`);`)
  await db.run(sql`CREATE INDEX \`refunds_order_idx\` ON \`refunds\` (\`order_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_return_idx\` ON \`refunds\` (\`return_id\`);`)
  await db.run(sql`CREATE INDEX \`refunds_updated_at_idx\` ON \`refunds\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`refunds_created_at_idx\` ON \`refunds\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`returns_id\` integer REFERENCES returns(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`refunds_id\` integer REFERENCES refunds(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_returns_id_idx\` ON \`payload_locked_documents_rels\` (\`returns_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_refunds_id_idx\` ON \`payload_locked_documents_rels\` (\`refunds_id\`);`)
  await db.run(sql`ALTER TABLE \`test_gateway_payments\` ADD \`refund_keys\` text;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` IN ('sendRefund', 'sendReturnEmail');`)
  await db.run(sql`ALTER TABLE \`test_gateway_payments\` DROP COLUMN \`refund_keys\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`payload_locked_documents_rels_refunds_id_idx\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`payload_locked_documents_rels_returns_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`refunds_id\`;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` DROP COLUMN \`returns_id\`;`)
  await db.run(sql`DROP TABLE \`refunds\`;`)
  await db.run(sql`DROP TABLE \`returns_history\`;`)
  await db.run(sql`DROP TABLE \`returns\`;`)
}
