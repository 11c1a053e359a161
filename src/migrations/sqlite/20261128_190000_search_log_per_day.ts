import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The search log counts per normalised term per day and per kind (result pages, suggestions), kept 90 days (ADR 039):
// one row per distinct search for ever grew without bound. Rows so far become the result-page counts of the day they
// were last searched on. PostgreSQL has the same change (20261128_190000_search_log_per_day).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`search_log\` ADD \`day\` text DEFAULT '' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`search_log\` ADD \`kind\` text DEFAULT 'results' NOT NULL;`)
  await db.run(sql`UPDATE \`search_log\` SET \`day\` = substr(\`last_searched_at\`, 1, 10), \`kind\` = 'results';`)
  await db.run(sql`DROP INDEX IF EXISTS \`search_log_words_idx\`;`)
  await db.run(sql`CREATE INDEX \`search_log_words_idx\` ON \`search_log\` (\`words\`);`)
  await db.run(sql`CREATE INDEX \`search_log_day_idx\` ON \`search_log\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`search_log_kind_idx\` ON \`search_log\` (\`kind\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`search_log_day_kind_words_idx\` ON \`search_log\` (\`day\`, \`kind\`, \`words\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // One row per term again: the days of a term are added together.
  await db.run(sql`DROP INDEX IF EXISTS \`search_log_day_kind_words_idx\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`search_log_day_idx\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`search_log_kind_idx\`;`)
  await db.run(sql`DELETE FROM \`search_log\` WHERE \`kind\` <> 'results';`)
  await db.run(sql`UPDATE \`search_log\` SET \`searches\` = (SELECT SUM(o.\`searches\`) FROM \`search_log\` o WHERE o.\`words\` = \`search_log\`.\`words\`), \`without_results\` = (SELECT SUM(o.\`without_results\`) FROM \`search_log\` o WHERE o.\`words\` = \`search_log\`.\`words\`), \`last_searched_at\` = (SELECT MAX(o.\`last_searched_at\`) FROM \`search_log\` o WHERE o.\`words\` = \`search_log\`.\`words\`);`)
  await db.run(sql`DELETE FROM \`search_log\` WHERE \`id\` NOT IN (SELECT MAX(\`id\`) FROM \`search_log\` GROUP BY \`words\`);`)
  await db.run(sql`DROP INDEX IF EXISTS \`search_log_words_idx\`;`)
  await db.run(sql`CREATE UNIQUE INDEX \`search_log_words_idx\` ON \`search_log\` (\`words\`);`)
  await db.run(sql`ALTER TABLE \`search_log\` DROP COLUMN \`day\`;`)
  await db.run(sql`ALTER TABLE \`search_log\` DROP COLUMN \`kind\`;`)
}
