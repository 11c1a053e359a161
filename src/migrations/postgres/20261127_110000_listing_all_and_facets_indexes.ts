import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Listings over every product on sale (a search of words that only set filters, "under 5000"), at 100,000
// variants (22,065 products, a 15 MB table of wide rows):
// - the first page in the default order (featured, newest) walked products_featured_idx through all 20,000
//   products under the price and sorted them (8.7 ms); products_listing_all_idx gives them in order;
// - the facet counts and the count read every row's heap tuple (12 ms and 6.4 ms); products_facets_idx holds the
//   price and every column a facet groups by, so both read the index alone (7.5 ms and 2.3 ms, once the table is
//   vacuumed: autovacuum follows an import). The columns are COLUMNS of features/listing/facet-counts.server.ts.
// Partial on status = 'active', the only products a listing shows.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "products_listing_all_idx" ON "products" ("featured" DESC, "created_at" DESC, "id" DESC)
    WHERE "status" = 'active';
  CREATE INDEX IF NOT EXISTS "products_facets_idx" ON "products" ("list_price")
    INCLUDE ("kind", "category_id", "brand_id", "condition", "attributes_engine_cc", "attributes_licence_category",
      "attributes_frame_size", "attributes_bike_type", "attributes_battery_range_miles")
    WHERE "status" = 'active';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "products_listing_all_idx";
  DROP INDEX IF EXISTS "products_facets_idx";`)
}
