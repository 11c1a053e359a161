// One migrated Payload instance per test file, on the database the global set-up chose.
import { getPayload, type Payload } from 'payload'

let instance: Promise<Payload> | undefined

export function testPayload(): Promise<Payload> {
  instance ??= (async () => {
    const { default: config } = await import('../../src/payload.config')
    const { migrateDatabase } = await import('../../src/cms/database.server')
    const payload = await getPayload({ config })
    await migrateDatabase(payload)
    return payload
  })()
  return instance
}
