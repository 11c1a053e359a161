import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// /all-bikes under a price ceiling on SQLite at 100,000 variants: the planner's statistics say a price
// matches about two products, so for `kind IN (…bikes) AND list_price <= ?` it walked products_list_price_idx through
// nearly all 22,065 products for the 2,047 bikes, twice a page (Payload's count and its page read), about 25–30 ms
// each. With kind and price in one index it reads the bikes under the ceiling only (about 1 ms each). PostgreSQL
// has its partial listing indexes (20261126_184000_listing_indexes) and chooses well from its own statistics.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX IF NOT EXISTS \`products_listing_kind_price_idx\` ON \`products\` (\`kind\`, \`list_price\`);`)
  await db.run(sql`ANALYZE \`products\`;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX IF EXISTS \`products_listing_kind_price_idx\`;`)
}
