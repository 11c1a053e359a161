import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The rebuildFeeds job (ADR 042): the sitemap and the Google Merchant feed are built after catalogue changes, on the
// jobs queue, whose task names PostgreSQL holds as enums. IF NOT EXISTS: another change may add task names in
// the same release. SQLite stores task names as text (20261128_200000_feeds_rebuild_job there changes nothing).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'rebuildFeeds';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'rebuildFeeds';`)
}

// PostgreSQL cannot drop one value of an enum: the jobs of the task go, then each type is made again without it,
// keeping every other value it holds.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs" WHERE "task_slug" = 'rebuildFeeds';
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'rebuildFeeds';
  DO $$
  DECLARE
    t text;
    vals text;
  BEGIN
    FOREACH t IN ARRAY ARRAY['enum_payload_jobs_log_task_slug', 'enum_payload_jobs_task_slug'] LOOP
      SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) INTO vals
        FROM pg_enum e JOIN pg_type ty ON ty.oid = e.enumtypid
        WHERE ty.typname = t AND e.enumlabel <> 'rebuildFeeds';
      EXECUTE format('ALTER TABLE %I ALTER COLUMN "task_slug" SET DATA TYPE text', CASE t WHEN 'enum_payload_jobs_task_slug' THEN 'payload_jobs' ELSE 'payload_jobs_log' END);
      EXECUTE format('DROP TYPE "public".%I', t);
      EXECUTE format('CREATE TYPE "public".%I AS ENUM(%s)', t, vals);
      EXECUTE format('ALTER TABLE %I ALTER COLUMN "task_slug" SET DATA TYPE "public".%I USING "task_slug"::"public".%I', CASE t WHEN 'enum_payload_jobs_task_slug' THEN 'payload_jobs' ELSE 'payload_jobs_log' END, t, t);
    END LOOP;
  END $$;`)
}
