// Run before every integration test file (vitest.config.ts): the shop's Payload client is the test file's own
// migrated instance on its own database (./payload.ts), so a feature that asks for the client gets the one the test
// seeded. (`server-only` is aliased to nothing for every test in vitest.config.ts.)
import { vi } from 'vitest'

vi.mock('../../src/cms/payload-client.server', async () => {
  const { testPayload } = await import('./payload')
  return { payloadClient: () => testPayload() }
})
