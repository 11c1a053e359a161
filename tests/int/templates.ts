// The databases a test file's own can start as a copy of; global-setup.ts makes them once per run
// (./template-database.ts), and ./payload.ts copies the one a file asks for.
import type { SeedOptions } from '../../src/setup/seed/seed'

/** The committed migrations alone, or with the demo shop seeded as DEMO_SHOP_SEED says. */
export type TemplateName = 'migrated' | 'demo shop'

/** Where the global set-up leaves each template's SQLite file or PostgreSQL database name, for the test files. */
export const TEMPLATE_ENV: Record<TemplateName, string> = { migrated: 'INT_TEMPLATE_MIGRATED', 'demo shop': 'INT_TEMPLATE_DEMO_SHOP' }

/** How the demo shop template is seeded: its admin's email, and one picture per kind of drawing (quickest). */
export const DEMO_SHOP_SEED = { adminEmail: 'admin@int.test', pictures: 'shared' } as const satisfies SeedOptions
