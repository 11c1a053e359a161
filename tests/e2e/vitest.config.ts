import { defineConfig } from 'vitest/config'

// End-to-end tests: the real start command serves the production build on a throwaway SQLite
// database; tests drive it over HTTP and in Debian's Chromium.
export default defineConfig({
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
