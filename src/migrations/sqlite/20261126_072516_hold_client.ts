import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`stock_holds\` ADD \`hold_client\` text;`)
  await db.run(sql`CREATE INDEX \`stock_holds_hold_client_idx\` ON \`stock_holds\` (\`hold_client\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`stock_holds_hold_client_idx\`;`)
  await db.run(sql`ALTER TABLE \`stock_holds\` DROP COLUMN \`hold_client\`;`)
}
