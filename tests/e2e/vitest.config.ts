import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// End-to-end tests: the real start command serves the production build on a throwaway SQLite
// database; tests drive it over HTTP and in Debian's Chromium. A test that reads or seeds that database through
// Payload's local API loads server code as the integration project does: `server-only` is nothing, and graphql is
// the one copy Payload uses (vitest.config.ts).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: fileURLToPath(new URL('../fixtures/server-only.ts', import.meta.url)) },
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/console-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
