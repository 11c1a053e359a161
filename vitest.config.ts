import { defineConfig } from 'vitest/config'

// Two projects: pure unit tests beside the code, and integration tests against a real database.
// The integration project runs once per database; TEST_DB chooses which (see scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'server-lib/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/int/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/int/global-setup.ts'],
        },
      },
    ],
  },
})
