// The release step's lock (docs/decisions/026): two releases started together on a new database; one migrates,
// the other waits for it and then finds nothing to do. Two Payload instances, as two machines or processes would be.
import crypto from 'node:crypto'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDatabaseUrl } from '../../src/config/env'
import { withReleaseLock } from '../../src/setup/release-lock'
import { newPostgresDatabase } from './payload'

const kind = process.env.INT_DB_KIND === 'postgres' ? 'postgres' : 'sqlite'
const instances: Payload[] = []

afterAll(async () => {
  for (const p of instances) await p.destroy()
})

/** A new, never-migrated database of the kind under test (dropped by the global teardown). */
async function newDatabaseUrl(): Promise<string> {
  const id = crypto.randomBytes(4).toString('hex')
  if (kind === 'sqlite') return `file:${path.join(process.env.INT_DB_DIR!, `release-${id}.db`)}`
  return newPostgresDatabase(`release_${id}`)
}

describe(`the release lock on ${kind}`, () => {
  it('lets one of two simultaneous releases migrate; the other waits, then finds nothing to do', async () => {
    process.env.DATABASE_URL = await newDatabaseUrl()
    const { default: config } = await import('../../src/payload.config')
    const { migrateDatabase } = await import('../../src/cms/migrate.server')
    const { migrations } = await import(kind === 'postgres' ? '../../src/migrations/postgres' : '../../src/migrations/sqlite')
    for (const key of ['release-a', 'release-b']) instances.push(await getPayload({ config, key }))
    const database = parseDatabaseUrl(process.env.DATABASE_URL)
    const spans: { name: string; start: number; end: number; waited: boolean; applied: string[] }[] = []
    const release = async (name: string, payload: Payload) => {
      let waited = false
      await withReleaseLock(
        database,
        async () => {
          const start = Date.now()
          const applied = await migrateDatabase(payload)
          spans.push({ name, start, end: Date.now(), waited, applied })
        },
        { onWait: () => (waited = true) },
      )
    }
    await Promise.all([release('a', instances[0]!), release('b', instances[1]!)])

    expect(spans).toHaveLength(2)
    const [first, second] = spans as [(typeof spans)[0], (typeof spans)[0]]
    expect(first.applied).toEqual(migrations.map((m: { name: string }) => m.name))
    expect(first.waited).toBe(false)
    expect(second.waited).toBe(true)
    expect(second.applied).toEqual([])
    expect(second.start).toBeGreaterThanOrEqual(first.end) // never both inside at once
    // The schema is whole: either instance can use it.
    const product = await instances[1]!.find({ collection: 'products', limit: 1, overrideAccess: true })
    expect(product.totalDocs).toBe(0)
  }, 300_000)
})
