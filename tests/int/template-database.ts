// Makes one of the integration run's template databases (global-setup.ts) at DATABASE_URL: the committed migrations,
// and with `demo`, the demo shop (./templates.ts; its pictures go to the run's MEDIA_DIR, which every file shares).
// Run through scripts/run-ts.mjs in a process of its own, whose exit closes every connection: Payload's destroy
// leaves a PostgreSQL client checked out, and PostgreSQL copies no template that has one.
import { DEMO_SHOP_SEED } from './templates'

const { getPayload } = await import('payload')
const { default: config } = await import('../../src/payload.config')
const { migrateDatabase } = await import('../../src/cms/migrate.server')
const { seedDemoShop } = await import('../../src/setup/seed/seed')

const payload = await getPayload({ config })
if ((await migrateDatabase(payload)).length === 0) throw new Error('the template database was not empty: no migration ran')
if (process.argv.includes('demo')) await seedDemoShop(payload, DEMO_SHOP_SEED)
process.exit(0)
