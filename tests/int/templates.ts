// The databases a test file's own can start as a copy of; global-setup.ts makes them once per run
// (./template-database.ts), and ./payload.ts copies the one a file asks for.
import type { SeedOptions } from '../../src/setup/seed/seed'

/**
 * The committed migrations alone, or with the demo shop seeded as DEMO_SHOP_SEED says: for each, where the global
 * set-up leaves its SQLite file or PostgreSQL database name for the test files (`env`), and its name in those (`slug`).
 */
export const TEMPLATES = {
  migrated: { env: 'INT_TEMPLATE_MIGRATED', slug: 'template' },
  'demo shop': { env: 'INT_TEMPLATE_DEMO_SHOP', slug: 'demo' },
} as const

export type TemplateName = keyof typeof TEMPLATES
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[]

/** How the demo shop template is seeded: its admin's email, and one picture per kind of drawing (quickest). */
export const DEMO_SHOP_SEED = { adminEmail: 'admin@int.test', pictures: 'shared' } as const satisfies SeedOptions
