import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The issueCreditNote job (ADR 049) needs no schema change here: SQLite keeps task names as text. The pair keeps
// both databases' migration lists in step.
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DELETE FROM \`payload_jobs\` WHERE \`task_slug\` = 'issueCreditNote';`)
}
