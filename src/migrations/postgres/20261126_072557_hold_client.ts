import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "stock_holds" ADD COLUMN "hold_client" varchar;
  CREATE INDEX "stock_holds_hold_client_idx" ON "stock_holds" USING btree ("hold_client");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "stock_holds_hold_client_idx";
  ALTER TABLE "stock_holds" DROP COLUMN "hold_client";`)
}
