// One migrated Payload instance per test file, on a database of its own, so no file sees another's rows.
import crypto from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { getPayload, type Payload } from 'payload'

let instance: Promise<Payload> | undefined

/** Points DATABASE_URL at a new, empty database of the kind the global set-up chose. */
async function freshDatabase(): Promise<void> {
  const id = crypto.randomBytes(4).toString('hex')
  if (process.env.INT_DB_KIND !== 'postgres') {
    process.env.DATABASE_URL = `file:${path.join(process.env.INT_DB_DIR!, `int-${id}.db`)}`
    return
  }
  const name = `${process.env.INT_PG_PREFIX}_${id}`
  const admin = new pg.Client({ connectionString: process.env.INT_PG_ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(process.env.INT_PG_ADMIN_URL!)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()
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
