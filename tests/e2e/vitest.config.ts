import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// End-to-end tests: the real start command serves the production build on throwaway SQLite databases; tests drive it
// over HTTP and in Debian's Chromium. A test that reads or seeds that database through Payload's local API loads
// server code as the integration project does: `server-only` is nothing, and graphql is the one copy Payload uses
// (vitest.config.ts).
//
// Two groups, one after the other. The shop's journeys run E2E_WORKERS files at once (2 by default: most of a file's
// time is spent waiting on the browser and the shop, so a second file keeps the second core busy), each worker on its
// own shop (global-setup.ts, shops.ts). The files that start and kill shops of their own, on fixed ports, under load
// or at a crash point (the crash tests, the two-instance topology) run afterwards, one at a time, with the machine to
// themselves.
const ALONE = ['tests/e2e/crash-*.e2e.test.ts', 'tests/e2e/topology.e2e.test.ts']
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: fileURLToPath(new URL('../fixtures/server-only.ts', import.meta.url)) },
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    setupFiles: ['tests/e2e/console-guard.ts'],
    // A journey (a dozen pages, an axe run at each step) takes 40–60 s on a machine half as fast as a quick one, and CI
    // runs on both kinds: session 36's machine timed out two journeys at a one-minute limit. A hang still fails.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: ALONE,
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: ALONE,
          globalSetup: ['tests/e2e/alone-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
