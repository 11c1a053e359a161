// The e2e shops' environments, in plain JavaScript so that scripts/test.mjs can release the first shop (migrate, seed,
// build) while the integration suites run, and the e2e set-up (global-setup.ts) then finds it released.
import path from 'node:path'

const PORT = Number(process.env.E2E_PORT || 3210)
/** Shops served at once, one per worker of the parallel project (tests/e2e/vitest.config.ts). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2))
export const E2E_DATA_DIR = path.resolve('data/e2e')

export const E2E_ENV = Object.freeze({
  // The run's own data folder: the built sitemap and Merchant feed (DATA_DIR/feeds) belong to this run's database.
  DATA_DIR: E2E_DATA_DIR,
  DATABASE_URL: `file:${path.join(E2E_DATA_DIR, 'e2e.db')}`,
  MEDIA_DIR: path.join(E2E_DATA_DIR, 'media'),
  OUTBOX_DIR: path.join(E2E_DATA_DIR, 'outbox'),
  PORT: String(PORT),
  SITE_URL: `http://localhost:${PORT}`,
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password-1234',
  PAYLOAD_SECRET: 'e2e-tests-secret-0123456789abcdef-0123',
  METRICS_TOKEN: 'e2e-metrics-token-0123456789',
  NEXT_TELEMETRY_DISABLED: '1',
  // An analytics container, so the shop asks for cookie consent (without one it asks nothing); no test accepts,
  // so the tag itself is never fetched.
  GTM_ID: 'GTM-E2E0TEST',
  // A proxy address no test connects from except forwarded.e2e.test.ts: the shop believes X-Forwarded-* only from it.
  TRUST_PROXY: '127.0.0.2',
  MEDIA_AVIF_EFFORT: '0',
})

/** @typedef {typeof E2E_ENV} ShopEnv */

/**
 * The environment of shop `n` (0 is the first): its own port, site address, database and files.
 * @param {number} n
 * @returns {ShopEnv}
 */
export function e2eEnvFor(n) {
  if (n === 0) return E2E_ENV
  const dir = `${E2E_DATA_DIR}-${n + 1}`
  return Object.freeze({ ...E2E_ENV, DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, 'e2e.db')}`, MEDIA_DIR: path.join(dir, 'media'), OUTBOX_DIR: path.join(dir, 'outbox'), PORT: String(PORT + n), SITE_URL: `http://localhost:${PORT + n}` })
}

/** Set by scripts/test.mjs on the e2e run when it has released the first shop's fresh database with E2E_ENV. */
export const E2E_RELEASED_FLAG = 'E2E_RELEASED'
