import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "products" ADD COLUMN "list_price" numeric;
  CREATE INDEX "products_list_price_idx" ON "products" USING btree ("list_price");
  UPDATE "products" SET "list_price" = "price" + CASE WHEN "before_add_to_basket_notification_extra_fee_fee_value" > 0 THEN "before_add_to_basket_notification_extra_fee_fee_value" ELSE 0 END WHERE "price" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "products_list_price_idx";
  ALTER TABLE "products" DROP COLUMN "list_price";`)
}
