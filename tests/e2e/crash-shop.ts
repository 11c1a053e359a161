// A crash test's shop in seconds rather than minutes: the committed migrations, the site settings marked seeded (so the
// server's own start-up never seeds the demo catalogue, whose pictures take minutes), the admin, and one product of the
// test's kind in stock. Run in its own process by prepareCrashShop (crash-database.ts) with the shop's environment, as
// src/setup/prepare.ts is; writes the product's id to PREPARE_RESULT_FILE.
import { writeFileSync } from 'node:fs'

const { getPayload } = await import('payload')
const { default: config } = await import('../../src/payload.config')
const { env } = await import('../../src/config/env')
const { migrateDatabase } = await import('../../src/cms/migrate.server')
const { SITE_SETTINGS } = await import('../../src/setup/seed/catalogue-data')
const { buildCategory, buildProduct } = await import('../../src/setup/seed/factories')

const settings = env()
const payload = await getPayload({ config })
await migrateDatabase(payload)
await payload.updateGlobal({ slug: 'site-settings', overrideAccess: true, data: { ...SITE_SETTINGS, seededAt: new Date().toISOString() } as never })
await payload.create({ collection: 'users', overrideAccess: true, data: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD!, role: 'admin', firstName: 'Crash', lastName: 'Admin' } as never })
const kind = process.env.CRASH_PRODUCT_KIND ?? 'accessory'
const category = await payload.create({ collection: 'categories', overrideAccess: true, data: buildCategory({ name: 'Crash test goods', kind }) as never })
const product = await payload.create({
  collection: 'products',
  overrideAccess: true,
  data: { ...buildProduct({ name: 'Crash test lock', sku: 'CRASH-LOCK', category: category.id, pricePence: Number(process.env.CRASH_PRODUCT_PENCE ?? 4500), stock: 500 }), _status: 'published' } as never,
})
writeFileSync(process.env.PREPARE_RESULT_FILE!, JSON.stringify({ ok: true, productId: product.id }))
await payload.destroy()
process.exit(0)
