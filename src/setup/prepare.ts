// Run by `npm start` before the server starts: apply migrations, then seed the demo shop on first run.
import { writeFileSync } from 'node:fs'

// Run through scripts/run-ts.mjs, which preloads scripts/keep-alive.mjs: see there for why.
const started = Date.now()

// Imported here, not above: static imports load before any statement, and `started` counts Payload's loading too.
const { getPayload } = await import('payload')
const { default: config } = await import('../payload.config')
const { env } = await import('../config/env')
const { migrateDatabase } = await import('../cms/migrate.server')
const { databaseKind } = await import('../cms/database-internals')
const { seedDemoShop } = await import('./seed/seed')

const settings = env()
const payload = await getPayload({ config })
const migrations = await migrateDatabase(payload)
const result = await seedDemoShop(payload, {
  adminEmail: settings.ADMIN_EMAIL,
  adminPassword: settings.ADMIN_PASSWORD,
  pictures: settings.SEED_PICTURES,
  log: (message) => payload.logger.info(message),
  onGeneratedPassword: (email, password) => {
    // Printed once, at the first start; it is stored nowhere else. Change it in /admin after signing in.
    process.stdout.write(
      `\n  Admin account created for ${email}\n  Password (shown once): ${password}\n  Sign in at ${settings.SITE_URL}/admin\n\n`,
    )
  },
})
// The search index covers every product on sale: a database migrated before search existed is indexed once.
// Imported when its step runs, as above.
const { ensureSearchIndex } = await import('../cms/hooks/search-index')
const indexed = await ensureSearchIndex(payload)
if (indexed > 0) payload.logger.info({ products: indexed }, 'search index filled')
// Listing cards' monthly figures exist for a shop whose bikes were added before they did (one refresh, queued).
// Imported when its step runs, as above.
const { ensureMonthlyFigures } = await import('../features/finance-figures/monthly-figures.server')
if (await ensureMonthlyFigures(payload)) payload.logger.info('monthly figures: a refresh of every bike queued')
// The sitemap and the Merchant feed exist before the first crawler asks, when this data folder has none (a new shop,
// a restored backup): built here, once (ADR 042); the rebuild the seed's changes queued then finds nothing to do.
// Imported when its step runs, as above.
const { buildFeeds, readFeedsManifest } = await import('../features/feeds/stored-feeds.server')
if ((await readFeedsManifest()) === null) payload.logger.info({ sitemapFiles: (await buildFeeds(payload)).sitemapFiles }, 'feeds: sitemap and merchant feed built')
// Booking capacity counters agree with the bookings again after any crash between the two writes.
// Imported when its step runs, as above.
const { recomputeCapacity } = await import('../features/bookings/capacity.server')
const reconciled = await recomputeCapacity(payload)
if (reconciled > 0) payload.logger.warn({ counters: reconciled }, 'booking capacity counters reconciled with the bookings')
payload.logger.info({ ms: Date.now() - started, migrations: migrations.length, seeded: result.seeded, products: result.products }, 'database ready')
// The caller checks this file, so a run that ended early without doing its work cannot pass for success.
if (process.env.PREPARE_RESULT_FILE) {
  writeFileSync(process.env.PREPARE_RESULT_FILE, JSON.stringify({ ok: true, database: databaseKind(payload), migrations, ...result }))
}
await payload.destroy()
process.exit(0)
