import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // Monthly figures on listings (ADR 030): per product, the first quote its own finance step shows on its
  // opening terms, from the real quote source; written by the refreshMonthlyFigures job, read with the listing's cards.
  // Hand-written, not a Payload collection: nobody edits it, and cards read it in one indexed statement.
  await db.run(sql`CREATE TABLE \`product_monthly_figures\` (
  	\`product_id\` integer PRIMARY KEY NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  	\`monthly_pence\` integer NOT NULL,
  	\`facility_type\` text NOT NULL,
  	\`apr_percent\` real NOT NULL,
  	\`term_months\` integer NOT NULL,
  	\`deposit_pence\` integer NOT NULL,
  	\`cash_price_pence\` integer NOT NULL,
  	\`lender_name\` text NOT NULL,
  	\`example\` text NOT NULL,
  	\`source\` text NOT NULL,
  	\`refreshed_at\` text NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`product_monthly_figures_monthly_idx\` ON \`product_monthly_figures\` (\`monthly_pence\`);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE IF EXISTS \`product_monthly_figures\`;`)
}
