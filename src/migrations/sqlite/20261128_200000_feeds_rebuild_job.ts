import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The rebuildFeeds job (ADR 042). SQLite keeps the jobs queue's task names as text, so a new task needs no change of
// schema here; PostgreSQL's enums do (20261128_200000_feeds_rebuild_job there). Kept as a pair so both databases
// list the same migrations.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` = 'rebuildFeeds';`)
}
