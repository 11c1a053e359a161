import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The search log counts per normalised term per day and per kind (result pages, suggestions), kept 90 days (ADR 039):
// one row per distinct search for ever grew without bound. Rows so far become the result-page counts of the day they
// were last searched on (UTC). SQLite has the same change (20261128_190000_search_log_per_day).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "search_log" ADD COLUMN "day" varchar DEFAULT '' NOT NULL;
  ALTER TABLE "search_log" ADD COLUMN "kind" varchar DEFAULT 'results' NOT NULL;
  UPDATE "search_log" SET "day" = to_char("last_searched_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), "kind" = 'results';
  DROP INDEX IF EXISTS "search_log_words_idx";
  CREATE INDEX "search_log_words_idx" ON "search_log" USING btree ("words");
  CREATE INDEX "search_log_day_idx" ON "search_log" USING btree ("day");
  CREATE INDEX "search_log_kind_idx" ON "search_log" USING btree ("kind");
  CREATE UNIQUE INDEX "search_log_day_kind_words_idx" ON "search_log" USING btree ("day", "kind", "words");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // One row per term again: the days of a term are added together.
  await db.execute(sql`
  DROP INDEX IF EXISTS "search_log_day_kind_words_idx";
  DROP INDEX IF EXISTS "search_log_day_idx";
  DROP INDEX IF EXISTS "search_log_kind_idx";
  DELETE FROM "search_log" WHERE "kind" <> 'results';
  UPDATE "search_log" s SET "searches" = t."searches", "without_results" = t."without_results", "last_searched_at" = t."last_searched_at"
    FROM (SELECT "words", SUM("searches") AS "searches", SUM("without_results") AS "without_results", MAX("last_searched_at") AS "last_searched_at" FROM "search_log" GROUP BY "words") t
    WHERE s."words" = t."words";
  DELETE FROM "search_log" WHERE "id" NOT IN (SELECT MAX("id") FROM "search_log" GROUP BY "words");
  DROP INDEX IF EXISTS "search_log_words_idx";
  CREATE UNIQUE INDEX "search_log_words_idx" ON "search_log" USING btree ("words");
  ALTER TABLE "search_log" DROP COLUMN "day";
  ALTER TABLE "search_log" DROP COLUMN "kind";`)
}
