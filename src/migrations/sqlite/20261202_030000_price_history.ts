import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Price history (ADR 075): each product's headline price (charges in it) and each variant's, over time, so a was-price
// is one the shop's own record shows it was offered at. Hand-written, not a collection: written only by
// features/catalogue/price-history.ts. What is on sale today gets its current headline as its first row.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`price_history\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`product_id\` integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  	\`variant_id\` integer,
  	\`headline_pence\` integer NOT NULL,
  	\`recorded_at\` text NOT NULL,
  	\`source\` text NOT NULL
  );`)
  await db.run(sql`CREATE INDEX \`price_history_product_idx\` ON \`price_history\` (\`product_id\`, \`variant_id\`);`)
  await db.run(sql`INSERT INTO \`price_history\` (\`product_id\`, \`variant_id\`, \`headline_pence\`, \`recorded_at\`, \`source\`)
    SELECT \`id\`, NULL, CAST(\`list_price\` AS integer), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'migration' FROM \`products\` WHERE \`list_price\` > 0 ORDER BY \`id\`;`)
  await db.run(sql`INSERT INTO \`price_history\` (\`product_id\`, \`variant_id\`, \`headline_pence\`, \`recorded_at\`, \`source\`)
    SELECT p.\`id\`, v.\`id\`, CAST(v.\`price\` + CASE WHEN p.\`before_add_to_basket_notification_extra_fee_fee_value\` > 0 THEN p.\`before_add_to_basket_notification_extra_fee_fee_value\` ELSE 0 END AS integer), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'migration'
    FROM \`variants\` v JOIN \`products\` p ON p.\`id\` = v.\`product_id\` WHERE v.\`price\` > 0 ORDER BY v.\`id\`;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`price_history\`;`)
}
