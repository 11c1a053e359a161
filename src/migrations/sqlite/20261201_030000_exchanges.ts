import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Exchanges (ADR 067): a return names the variant asked for and the replacement order made for it; the replacement
// order keeps the credit it was paid with; a return's refund keeps the part of it that paid for the replacement.
// SQLite keeps job names as text, so the createExchangeOrder job needs no change here.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`returns\` ADD \`exchange_variant_id\` integer REFERENCES variants(id) ON DELETE set null;`)
  await db.run(sql`ALTER TABLE \`returns\` ADD \`exchange_order_id\` integer REFERENCES orders(id) ON DELETE set null;`)
  await db.run(sql`CREATE INDEX \`returns_exchange_variant_idx\` ON \`returns\` (\`exchange_variant_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`returns_exchange_order_idx\` ON \`returns\` (\`exchange_order_id\`);`)
  await db.run(sql`ALTER TABLE \`refunds\` ADD \`credit_pence\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`orders\` ADD \`exchange_credit_pence\` numeric DEFAULT 0;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` = 'createExchangeOrder';`)
  await db.run(sql`DROP INDEX IF EXISTS \`returns_exchange_variant_idx\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`returns_exchange_order_idx\`;`)
  await db.run(sql`ALTER TABLE \`returns\` DROP COLUMN \`exchange_variant_id\`;`)
  await db.run(sql`ALTER TABLE \`returns\` DROP COLUMN \`exchange_order_id\`;`)
  await db.run(sql`ALTER TABLE \`refunds\` DROP COLUMN \`credit_pence\`;`)
  await db.run(sql`ALTER TABLE \`orders\` DROP COLUMN \`exchange_credit_pence\`;`)
}
