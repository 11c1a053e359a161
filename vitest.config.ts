import { createRequire } from 'node:module'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `server-only` guards Next's bundles; tests run server code on Node directly, so it is nothing here, for every file.
const serverOnly = { find: /^server-only$/, replacement: fileURLToPath(new URL('./tests/fixtures/server-only.ts', import.meta.url)) }

// Two projects: pure unit tests beside the code, and integration tests against a real database.
// The integration project runs once per database; TEST_DB chooses which (see scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          alias: [serverOnly],
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'server-lib/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
          // Every core: the unit run has the machine to itself (scripts/test.mjs), and vitest's default of one worker
          // fewer than the cores leaves one of CI's two idle (72 s instead of 132 s there).
          maxWorkers: os.availableParallelism(),
        },
      },
      {
        // One graphql for the shop's code and Payload's, as in the built app (where graphql is an external package):
        // Vite would resolve the shop's imports to graphql's ES build, whose GraphQLError graphql-http does not know.
        resolve: { alias: [serverOnly, { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
        test: {
          name: 'int',
          include: ['tests/int/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/int/global-setup.ts'],
          setupFiles: ['tests/int/setup.ts'],
        },
      },
    ],
  },
})
