// One migrated Payload instance per test file, on a database of its own, so no file sees another's rows.
import crypto from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'

let instance: Promise<Payload> | undefined

/** The kind of database this run tests on (scripts/test.mjs sets TEST_DB), for test names and kind-specific checks. */
export const db = process.env.TEST_DB ?? 'sqlite'

/** A new, empty PostgreSQL database named `<prefix>_<suffix>` (the global teardown drops it with the others): its URL. */
export async function newPostgresDatabase(suffix: string): Promise<string> {
  const name = `${process.env.INT_PG_PREFIX}_${suffix}`
  const admin = new pg.Client({ connectionString: process.env.INT_PG_ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(process.env.INT_PG_ADMIN_URL!)
  url.pathname = `/${name}`
  return url.toString()
}

/** Points DATABASE_URL at a new, empty database of the kind the global set-up chose. */
async function freshDatabase(): Promise<void> {
  const id = crypto.randomBytes(4).toString('hex')
  process.env.DATABASE_URL = process.env.INT_DB_KIND !== 'postgres' ? `file:${path.join(process.env.INT_DB_DIR!, `int-${id}.db`)}` : await newPostgresDatabase(id)
}

export function testPayload(): Promise<Payload> {
  instance ??= (async () => {
    if (process.env.INT_DB_KIND) await freshDatabase()
    const { default: config } = await import('../../src/payload.config')
    const { migrateDatabase } = await import('../../src/cms/migrate.server')
    const payload = await getPayload({ config })
    await migrateDatabase(payload)
    return payload
  })()
  return instance
}

/**
 * The test file's Payload once withTestPayload's hook has made it. A live binding: read it inside hooks and tests
 * (each test file has its own copy of this module, as of the instance above).
 */
export let payload: Payload

/**
 * Registers the file's set-up and teardown: before its tests the file's Payload is made (`payload` above) and
 * `ready` seeds what the file needs with it; after them `close` shuts what else the file opened, then Payload goes.
 */
export function withTestPayload(ready?: (payload: Payload) => unknown, timeout = 300_000, close?: () => unknown): void {
  beforeAll(async () => {
    payload = await testPayload()
    await ready?.(payload)
  }, timeout)
  afterAll(async () => {
    await close?.()
    await payload?.destroy()
  })
}
