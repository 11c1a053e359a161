import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Listing reads at 100,000 variants: a page of 24 cards in its default order (featured, newest) or by
// price is read from an index in that order instead of sorting every product in scope. Without them /all-bikes
// walked products_featured_idx through all 22,065 products to find the 2,047 bikes (21 ms a page), and a brand
// or category page sorted its thousands of products. The bike kinds are BIKE_KINDS (src/domain/catalogue/
// product-kind.ts); tests/int/listing-indexes.int.test.ts fails if the two part. Partial on status = 'active',
// the only products a listing shows. PostgreSQL only: SQLite cannot prove a partial index from bound parameters.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "products_listing_bikes_idx" ON "products" ("featured" DESC, "created_at" DESC, "id" DESC)
    WHERE "status" = 'active' AND "kind" IN ('motorcycle', 'scooter', 'bicycle', 'e-bike');
  CREATE INDEX IF NOT EXISTS "products_listing_bikes_price_idx" ON "products" ("list_price", "id", "created_at" DESC)
    WHERE "status" = 'active' AND "kind" IN ('motorcycle', 'scooter', 'bicycle', 'e-bike') AND "price" IS NOT NULL;
  CREATE INDEX IF NOT EXISTS "products_listing_category_idx" ON "products" ("category_id", "featured" DESC, "created_at" DESC, "id" DESC)
    WHERE "status" = 'active';
  CREATE INDEX IF NOT EXISTS "products_listing_brand_idx" ON "products" ("brand_id", "featured" DESC, "created_at" DESC, "id" DESC)
    WHERE "status" = 'active';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "products_listing_bikes_idx";
  DROP INDEX IF EXISTS "products_listing_bikes_price_idx";
  DROP INDEX IF EXISTS "products_listing_category_idx";
  DROP INDEX IF EXISTS "products_listing_brand_idx";`)
}
