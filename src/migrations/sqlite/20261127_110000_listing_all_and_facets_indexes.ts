import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// A search of words that only set filters ("under 5000") lists every product on sale: at 100,000 variants
// its page walked products_list_price_idx through 20,000 products and sorted them (26 ms), and its count read each
// of their rows for the status (20 ms). The listing reads those two with its own SQL (orderedProductIds in
// features/listing/facet-counts.server.ts), which names status = 'active', so these partial indexes serve it:
// the page in the default order (0.1 ms) and the count from the index alone (1 ms). Payload's statements bind the
// status, and libsql plans with the bound values, so the indexes are candidates for them too; with the statistics
// ANALYZE gives at 100,000 variants /all-bikes keeps products_listing_kind_price_idx (tests/int/listing-indexes).
// The status is a column of the covering index too: SQLite counts an index as covering only if it holds every
// column the statement names. PostgreSQL has the same two (20261127_110000_listing_all_and_facets_indexes).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`products_listing_all_idx\` ON \`products\` (\`featured\` DESC, \`created_at\` DESC, \`id\` DESC) WHERE \`status\` = 'active';`)
  await db.run(
    sql`CREATE INDEX IF NOT EXISTS \`products_facets_idx\` ON \`products\` (\`list_price\`, \`kind\`, \`category_id\`, \`brand_id\`, \`condition\`, \`attributes_engine_cc\`, \`attributes_licence_category\`, \`attributes_frame_size\`, \`attributes_bike_type\`, \`attributes_battery_range_miles\`, \`status\`) WHERE \`status\` = 'active';`,
  )
  await db.run(sql`ANALYZE \`products\`;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX IF EXISTS \`products_listing_all_idx\`;`)
  await db.run(sql`DROP INDEX IF EXISTS \`products_facets_idx\`;`)
}
